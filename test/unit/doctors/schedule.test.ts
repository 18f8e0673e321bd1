import { describe, expect, it } from 'vitest';
import { Invalid } from '../../../shared/kernel/errors';
import {
  dayBoundsUtc,
  freeSlots,
  isSlotStart,
  isValidLocalDate,
  isValidTimeZone,
  nextSessionOpening,
  slotsForDate,
  utcToZonedParts,
  type WeeklySchedule,
  WeeklyScheduleSchema,
  zonedDateTimeToUtc,
} from '../../../shared/modules/doctors/schedule';

const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const HOUR = 3_600_000;

function schedule(slotMinutes: number, sessions: WeeklySchedule['sessions']): WeeklySchedule {
  return WeeklyScheduleSchema.parse({ slotMinutes, sessions });
}

const starts = (slots: { start: string }[]) => slots.map((s) => s.start);
const iso = (s: string) => new Date(s).toISOString();
const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / HOUR;

function issues(input: unknown): string[] {
  const result = WeeklyScheduleSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('WeeklyScheduleSchema', () => {
  const valid = {
    slotMinutes: 15,
    sessions: [
      { day: 'MON', start: '09:00', end: '13:00' },
      { day: 'MON', start: '13:00', end: '17:00' },
      { day: 'TUE', start: '09:00', end: '13:00' },
    ],
  };

  it('accepts adjacent sessions and the same hours on different days', () => {
    expect(WeeklyScheduleSchema.parse(valid)).toEqual(valid);
  });

  it('limits slotMinutes to whole minutes between 5 and 240', () => {
    const session = [{ day: 'MON', start: '08:00', end: '18:00' }];
    expect(issues({ slotMinutes: 5, sessions: session })).toEqual([]);
    expect(issues({ slotMinutes: 240, sessions: session })).toEqual([]);
    expect(issues({ slotMinutes: 4, sessions: session })).toEqual([
      'slotMinutes: slotMinutes must be between 5 and 240',
    ]);
    expect(issues({ slotMinutes: 241, sessions: session })).toEqual([
      'slotMinutes: slotMinutes must be between 5 and 240',
    ]);
    expect(issues({ slotMinutes: 7.5, sessions: session })).toEqual([
      'slotMinutes: slotMinutes must be a whole number of minutes between 5 and 240',
    ]);
    expect(issues({ slotMinutes: '15', sessions: session })[0]).toMatch(
      /^slotMinutes: slotMinutes must be a number/,
    );
  });

  it('requires 1 to 50 sessions', () => {
    expect(issues({ slotMinutes: 15, sessions: [] })).toEqual([
      'sessions: sessions must contain between 1 and 50 entries',
    ]);
    const many = Array.from({ length: 51 }, (_, i) => ({
      day: 'MON',
      start: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
      end: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15 + 10).padStart(2, '0')}`,
    }));
    expect(issues({ slotMinutes: 5, sessions: many.slice(0, 50) })).toEqual([]);
    expect(issues({ slotMinutes: 5, sessions: many })).toEqual([
      'sessions: sessions must contain between 1 and 50 entries',
    ]);
  });

  it('names the path of malformed days and times', () => {
    expect(
      issues({
        slotMinutes: 15,
        sessions: [
          { day: 'MON', start: '09:00', end: '10:00' },
          { day: 'Monday', start: '9:00', end: '24:30' },
          null,
        ],
      }),
    ).toEqual([
      'sessions.1.day: sessions.1.day must be one of MON, TUE, WED, THU, FRI, SAT, SUN',
      'sessions.1.start: sessions.1.start must be HH:MM between 00:00 and 23:59',
      'sessions.1.end: sessions.1.end must be HH:MM between 00:00 and 24:00',
      'sessions.2: sessions.2 must be an object with day, start and end',
    ]);
  });

  it('lets a session end at 24:00 (midnight), but never start there', () => {
    expect(
      issues({ slotMinutes: 60, sessions: [{ day: 'MON', start: '00:00', end: '24:00' }] }),
    ).toEqual([]);
    expect(
      issues({ slotMinutes: 60, sessions: [{ day: 'MON', start: '24:00', end: '24:00' }] }),
    ).toEqual(['sessions.0.start: sessions.0.start must be HH:MM between 00:00 and 23:59']);
  });

  it('requires start before end, naming sessions.N.end', () => {
    const input = {
      slotMinutes: 15,
      sessions: [
        { day: 'MON', start: '09:00', end: '10:00' },
        { day: 'TUE', start: '11:00', end: '10:00' },
        { day: 'WED', start: '11:00', end: '11:00' },
      ],
    };
    expect(issues(input)).toEqual([
      'sessions.1.end: sessions.1.end (10:00) must be after sessions.1.start (11:00)',
      'sessions.2.end: sessions.2.end (11:00) must be after sessions.2.start (11:00)',
    ]);
  });

  it('requires each session to hold at least one slot', () => {
    const tooShort = { slotMinutes: 30, sessions: [{ day: 'FRI', start: '09:00', end: '09:29' }] };
    expect(issues(tooShort)).toEqual([
      'sessions.0.end: sessions.0 (09:00–09:29) is shorter than one slot of 30 minutes',
    ]);
    expect(
      issues({ slotMinutes: 30, sessions: [{ day: 'FRI', start: '09:00', end: '09:30' }] }),
    ).toEqual([]);
  });

  it('rejects overlapping sessions on the same day, naming the later one', () => {
    const input = {
      slotMinutes: 15,
      sessions: [
        { day: 'MON', start: '09:00', end: '12:00' },
        { day: 'TUE', start: '11:00', end: '13:00' },
        { day: 'MON', start: '11:45', end: '13:00' },
      ],
    };
    expect(issues(input)).toEqual(['sessions.2.start: sessions.2 overlaps sessions.0 on MON']);
  });

  it('reports every problem at once, even when a field is malformed', () => {
    const input = {
      slotMinutes: 15,
      sessions: [
        { day: 'MON', start: '09:00', end: '12:00' },
        { day: 'MON', start: '10:00', end: '11:00' },
        { day: 'XX', start: '12:00', end: '11:00' },
      ],
    };
    expect(issues(input)).toEqual([
      'sessions.2.day: sessions.2.day must be one of MON, TUE, WED, THU, FRI, SAT, SUN',
      'sessions.2.end: sessions.2.end (11:00) must be after sessions.2.start (12:00)',
      'sessions.1.start: sessions.1 overlaps sessions.0 on MON',
    ]);
  });

  it('rejects a non-object', () => {
    expect(issues(null)).toEqual([': schedule must be an object with slotMinutes and sessions']);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and rejects anything else', () => {
    for (const tz of ['UTC', KOLKATA, NY, LONDON, 'Australia/Lord_Howe'])
      expect(isValidTimeZone(tz)).toBe(true);
    for (const tz of ['', '  ', 'Mars/Olympus', 'India Standard Time', 'Asia/Kolkatta'])
      expect(isValidTimeZone(tz)).toBe(false);
  });
});

describe('isValidLocalDate', () => {
  it('accepts only real calendar dates in YYYY-MM-DD form', () => {
    for (const d of [
      '2026-01-01',
      '2026-02-28',
      '2024-02-29',
      '2000-02-29',
      '2026-12-31',
      '2026-04-30',
    ]) {
      expect(isValidLocalDate(d)).toBe(true);
    }
    for (const d of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00',
      '0000-01-01',
      '',
    ]) {
      expect(isValidLocalDate(d)).toBe(false);
    }
  });
});

describe('zonedDateTimeToUtc and utcToZonedParts', () => {
  it('converts in UTC unchanged', () => {
    expect(zonedDateTimeToUtc('2026-05-05', '09:00', 'UTC').toISOString()).toBe(
      '2026-05-05T09:00:00.000Z',
    );
    expect(utcToZonedParts(new Date('2026-05-05T23:59:59Z'), 'UTC')).toEqual({
      date: '2026-05-05',
      time: '23:59',
      weekday: 'TUE',
    });
  });

  it('puts a 00:15 Kolkata time on the previous UTC date (+05:30)', () => {
    expect(zonedDateTimeToUtc('2026-03-10', '00:15', KOLKATA).toISOString()).toBe(
      '2026-03-09T18:45:00.000Z',
    );
    expect(utcToZonedParts(new Date('2026-03-09T18:45:00Z'), KOLKATA)).toEqual({
      date: '2026-03-10',
      time: '00:15',
      weekday: 'TUE',
    });
    expect(utcToZonedParts(new Date('2026-03-09T18:29:00Z'), KOLKATA)).toEqual({
      date: '2026-03-09',
      time: '23:59',
      weekday: 'MON',
    });
  });

  it('follows London between GMT and BST', () => {
    expect(zonedDateTimeToUtc('2026-01-15', '09:00', LONDON).toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-07-16', '09:00', LONDON).toISOString()).toBe(
      '2026-07-16T08:00:00.000Z',
    );
    // 01:30 does not exist on 2026-03-29: it moves forward by the hour to 02:30 BST.
    expect(zonedDateTimeToUtc('2026-03-29', '01:30', LONDON).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 01:30 happens twice on 2026-10-25: the earlier (BST) one is used.
    expect(zonedDateTimeToUtc('2026-10-25', '01:30', LONDON).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('handles the New York spring-forward gap (2026-03-08, 02:00 → 03:00)', () => {
    expect(zonedDateTimeToUtc('2026-03-08', '01:59', NY).toISOString()).toBe(
      '2026-03-08T06:59:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-03-08', '02:00', NY).toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-03-08', '02:30', NY).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(utcToZonedParts(new Date('2026-03-08T07:30:00Z'), NY).time).toBe('03:30');
    expect(zonedDateTimeToUtc('2026-03-08', '03:00', NY).toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-03-08', '12:00', NY).toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
  });

  it('uses the earlier instant in the New York fall-back overlap (2026-11-01, 02:00 → 01:00)', () => {
    expect(zonedDateTimeToUtc('2026-11-01', '00:59', NY).toISOString()).toBe(
      '2026-11-01T04:59:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-11-01', '01:30', NY).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(zonedDateTimeToUtc('2026-11-01', '02:00', NY).toISOString()).toBe(
      '2026-11-01T07:00:00.000Z',
    );
    // Both instants read 01:30 locally.
    expect(utcToZonedParts(new Date('2026-11-01T05:30:00Z'), NY).time).toBe('01:30');
    expect(utcToZonedParts(new Date('2026-11-01T06:30:00Z'), NY).time).toBe('01:30');
  });

  it('moves forward by a 30-minute gap (Lord Howe Island)', () => {
    expect(zonedDateTimeToUtc('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });

  it('round-trips every hour of a DST day', () => {
    for (let h = 0; h < 24; h++) {
      if (h === 2) continue; // does not exist on this day
      const time = `${String(h).padStart(2, '0')}:00`;
      expect(utcToZonedParts(zonedDateTimeToUtc('2026-03-08', time, NY), NY)).toEqual({
        date: '2026-03-08',
        time,
        weekday: 'SUN',
      });
    }
  });

  it('names every weekday', () => {
    const week = [
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ];
    expect(week.map((d) => utcToZonedParts(new Date(`${d}T12:00:00Z`), 'UTC').weekday)).toEqual([
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
      'SUN',
    ]);
  });

  it('rejects invalid dates, times and zones with an invalid error', () => {
    expect(() => zonedDateTimeToUtc('2026-02-30', '09:00', 'UTC')).toThrow(Invalid);
    expect(() => zonedDateTimeToUtc('2026-02-01', '9:00', 'UTC')).toThrow(Invalid);
    expect(() => zonedDateTimeToUtc('2026-02-01', '24:00', 'UTC')).toThrow(Invalid);
    expect(() => zonedDateTimeToUtc('2026-02-01', '09:00', 'Nowhere/City')).toThrow(Invalid);
    expect(() => utcToZonedParts(new Date('garbage'), 'UTC')).toThrow(Invalid);
  });
});

describe('dayBoundsUtc', () => {
  it('is 24 hours in UTC', () => {
    const b = dayBoundsUtc('2026-05-05', 'UTC');
    expect([b.start.toISOString(), b.end.toISOString()]).toEqual([
      '2026-05-05T00:00:00.000Z',
      '2026-05-06T00:00:00.000Z',
    ]);
  });

  it('starts the Kolkata day at 18:30 UTC the day before', () => {
    const b = dayBoundsUtc('2026-03-10', KOLKATA);
    expect([b.start.toISOString(), b.end.toISOString()]).toEqual([
      '2026-03-09T18:30:00.000Z',
      '2026-03-10T18:30:00.000Z',
    ]);
  });

  it('has 23 hours on spring-forward days and 25 on fall-back days', () => {
    const spring = dayBoundsUtc('2026-03-08', NY);
    expect([spring.start.toISOString(), spring.end.toISOString()]).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
    expect(hours(spring)).toBe(23);
    const fall = dayBoundsUtc('2026-11-01', NY);
    expect([fall.start.toISOString(), fall.end.toISOString()]).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
    expect(hours(fall)).toBe(25);
    expect(hours(dayBoundsUtc('2026-03-29', LONDON))).toBe(23);
    expect(hours(dayBoundsUtc('2026-10-25', LONDON))).toBe(25);
    expect(hours(dayBoundsUtc('2026-07-16', LONDON))).toBe(24);
  });

  it('crosses month and year ends', () => {
    const b = dayBoundsUtc('2026-12-31', KOLKATA);
    expect(b.end.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(dayBoundsUtc('2024-02-28', 'UTC').end.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('is empty for a date the zone skipped (Samoa, 2011-12-30)', () => {
    const b = dayBoundsUtc('2011-12-30', 'Pacific/Apia');
    expect(b.end.getTime() - b.start.getTime()).toBe(0);
    expect(hours(dayBoundsUtc('2011-12-29', 'Pacific/Apia'))).toBe(24);
  });
});

describe('slotsForDate', () => {
  it("offers the day's last slot of a session that ends at 24:00 (a round-the-clock roster)", () => {
    const s = schedule(60, [{ day: 'TUE', start: '22:00', end: '24:00' }]);
    expect(slotsForDate(s, '2026-03-10', KOLKATA)).toEqual([
      { start: '2026-03-10T16:30:00.000Z', end: '2026-03-10T17:30:00.000Z' },
      { start: '2026-03-10T17:30:00.000Z', end: '2026-03-10T18:30:00.000Z' },
    ]);
  });

  it('ends a 24:00 session at the next midnight on a DST day (New York, 2026-03-08 has 23 hours)', () => {
    const s = schedule(60, [{ day: 'SUN', start: '22:00', end: '24:00' }]);
    expect(slotsForDate(s, '2026-03-08', 'America/New_York').map((x) => x.end)).toEqual([
      '2026-03-09T03:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
    ]);
  });

  it('lays out slots across a session in Kolkata, starting on the previous UTC date', () => {
    const s = schedule(15, [{ day: 'TUE', start: '00:00', end: '01:00' }]);
    expect(slotsForDate(s, '2026-03-10', KOLKATA)).toEqual([
      { start: '2026-03-09T18:30:00.000Z', end: '2026-03-09T18:45:00.000Z' },
      { start: '2026-03-09T18:45:00.000Z', end: '2026-03-09T19:00:00.000Z' },
      { start: '2026-03-09T19:00:00.000Z', end: '2026-03-09T19:15:00.000Z' },
      { start: '2026-03-09T19:15:00.000Z', end: '2026-03-09T19:30:00.000Z' },
    ]);
  });

  it('does not produce a slot that would overrun the session', () => {
    const s = schedule(30, [{ day: 'THU', start: '09:00', end: '10:40' }]);
    const slots = slotsForDate(s, '2026-01-15', 'UTC');
    expect(starts(slots)).toEqual([
      iso('2026-01-15T09:00Z'),
      iso('2026-01-15T09:30Z'),
      iso('2026-01-15T10:00Z'),
    ]);
    expect(slots.at(-1)?.end).toBe(iso('2026-01-15T10:30Z'));
  });

  it('returns nothing on a day without sessions', () => {
    const s = schedule(30, [{ day: 'THU', start: '09:00', end: '10:00' }]);
    expect(slotsForDate(s, '2026-01-16', 'UTC')).toEqual([]);
  });

  it('orders slots of several sessions by time', () => {
    const s = schedule(60, [
      { day: 'THU', start: '14:00', end: '16:00' },
      { day: 'THU', start: '09:00', end: '10:00' },
    ]);
    expect(starts(slotsForDate(s, '2026-01-15', 'UTC'))).toEqual([
      iso('2026-01-15T09:00Z'),
      iso('2026-01-15T14:00Z'),
      iso('2026-01-15T15:00Z'),
    ]);
  });

  it('follows London summer time', () => {
    const s = schedule(30, [{ day: 'THU', start: '09:00', end: '10:00' }]);
    expect(starts(slotsForDate(s, '2026-01-15', LONDON))).toEqual([
      iso('2026-01-15T09:00Z'),
      iso('2026-01-15T09:30Z'),
    ]);
    expect(starts(slotsForDate(s, '2026-07-16', LONDON))).toEqual([
      iso('2026-07-16T08:00Z'),
      iso('2026-07-16T08:30Z'),
    ]);
  });

  it('shifts with New York DST on ordinary hours', () => {
    const s = schedule(60, [{ day: 'SUN', start: '09:00', end: '10:00' }]);
    expect(starts(slotsForDate(s, '2026-03-01', NY))).toEqual([iso('2026-03-01T14:00Z')]);
    expect(starts(slotsForDate(s, '2026-03-08', NY))).toEqual([iso('2026-03-08T13:00Z')]);
    expect(starts(slotsForDate(s, '2026-11-01', NY))).toEqual([iso('2026-11-01T14:00Z')]);
  });

  it('fits the real (shorter) session into a spring-forward night', () => {
    // 01:00–04:00 local is two real hours on 2026-03-08.
    const s = schedule(30, [{ day: 'SUN', start: '01:00', end: '04:00' }]);
    const slots = slotsForDate(s, '2026-03-08', NY);
    expect(starts(slots)).toEqual([
      iso('2026-03-08T06:00Z'), // 01:00 EST
      iso('2026-03-08T06:30Z'), // 01:30 EST
      iso('2026-03-08T07:00Z'), // 03:00 EDT
      iso('2026-03-08T07:30Z'), // 03:30 EDT
    ]);
    expect(slots.map((slot) => utcToZonedParts(new Date(slot.start), NY).time)).toEqual([
      '01:00',
      '01:30',
      '03:00',
      '03:30',
    ]);
  });

  it('fits the real (longer) session into a fall-back night without overlaps', () => {
    // 00:00–03:00 local is four real hours on 2026-11-01; 01:00 happens twice.
    const s = schedule(60, [{ day: 'SUN', start: '00:00', end: '03:00' }]);
    const slots = slotsForDate(s, '2026-11-01', NY);
    expect(slots).toEqual([
      { start: iso('2026-11-01T04:00Z'), end: iso('2026-11-01T05:00Z') },
      { start: iso('2026-11-01T05:00Z'), end: iso('2026-11-01T06:00Z') },
      { start: iso('2026-11-01T06:00Z'), end: iso('2026-11-01T07:00Z') },
      { start: iso('2026-11-01T07:00Z'), end: iso('2026-11-01T08:00Z') },
    ]);
  });

  it('never produces overlapping slots when a session ends inside the gap', () => {
    const s = schedule(45, [
      { day: 'SUN', start: '00:30', end: '02:30' },
      { day: 'SUN', start: '02:30', end: '05:00' },
    ]);
    const slots = slotsForDate(s, '2026-03-08', NY);
    for (let i = 1; i < slots.length; i++) {
      expect(new Date(slots[i]!.start).getTime()).toBeGreaterThanOrEqual(
        new Date(slots[i - 1]!.end).getTime(),
      );
    }
    // First session: 00:30 EST (05:30Z) until the jump at 07:00Z; second: 03:00 EDT (07:00Z) to 09:00Z.
    expect(starts(slots)).toEqual([
      iso('2026-03-08T05:30Z'),
      iso('2026-03-08T06:15Z'),
      iso('2026-03-08T07:00Z'),
      iso('2026-03-08T07:45Z'),
    ]);
  });

  it('rejects an invalid date', () => {
    const s = schedule(30, [{ day: 'THU', start: '09:00', end: '10:00' }]);
    expect(() => slotsForDate(s, '2026-02-30', 'UTC')).toThrow(Invalid);
  });
});

describe('isSlotStart', () => {
  const s = schedule(20, [{ day: 'THU', start: '09:00', end: '10:00' }]);

  it('returns the slot when the instant is exactly a slot start', () => {
    expect(isSlotStart(s, new Date('2026-01-15T09:20:00Z'), 'UTC')).toEqual({
      start: iso('2026-01-15T09:20Z'),
      end: iso('2026-01-15T09:40Z'),
    });
    expect(isSlotStart(s, new Date('2026-07-16T08:40:00Z'), LONDON)).toEqual({
      start: iso('2026-07-16T08:40Z'),
      end: iso('2026-07-16T09:00Z'),
    });
  });

  it('returns null off the grid, outside sessions, on other days and for invalid dates', () => {
    for (const when of [
      '2026-01-15T09:10:00Z',
      '2026-01-15T09:20:30Z',
      '2026-01-15T09:20:00.001Z',
      '2026-01-15T10:00:00Z',
      '2026-01-15T08:40:00Z',
      '2026-01-16T09:00:00Z',
    ]) {
      expect(isSlotStart(s, new Date(when), 'UTC')).toBeNull();
    }
    expect(isSlotStart(s, new Date('nope'), 'UTC')).toBeNull();
  });

  it('finds Kolkata slots that start on the previous UTC date', () => {
    const early = schedule(15, [{ day: 'TUE', start: '00:00', end: '01:00' }]);
    expect(isSlotStart(early, new Date('2026-03-09T18:45:00Z'), KOLKATA)?.start).toBe(
      iso('2026-03-09T18:45Z'),
    );
    expect(isSlotStart(early, new Date('2026-03-10T18:45:00Z'), KOLKATA)).toBeNull();
  });

  it('recognises the second 01:00 of a fall-back night', () => {
    const night = schedule(60, [{ day: 'SUN', start: '00:00', end: '03:00' }]);
    expect(isSlotStart(night, new Date('2026-11-01T06:00:00Z'), NY)?.end).toBe(
      iso('2026-11-01T07:00Z'),
    );
  });
});

describe('freeSlots', () => {
  const s = schedule(30, [{ day: 'THU', start: '09:00', end: '11:00' }]);
  const date = '2026-01-15';

  it('removes booked starts, whatever their ISO spelling', () => {
    const free = freeSlots(s, date, 'UTC', [
      { start: '2026-01-15T09:30:00Z', end: '2026-01-15T10:00:00Z' },
      { start: '2026-01-15T10:00:00.000Z', end: '2026-01-15T10:30:00.000Z' },
      { start: 'garbage', end: 'garbage' },
      { start: '2026-01-15T14:00:00Z', end: '2026-01-15T14:30:00Z' },
    ]);
    expect(starts(free)).toEqual([iso('2026-01-15T09:00Z'), iso('2026-01-15T10:30Z')]);
  });

  it('hides every slot a booking overlaps, also one made on an older grid (slot length changed)', () => {
    // Booked on a 20-minute grid 09:20–09:40; the 30-minute grid's 09:00 and 09:30 slots both overlap it.
    const free = freeSlots(s, date, 'UTC', [
      { start: '2026-01-15T09:20:00Z', end: '2026-01-15T09:40:00Z' },
    ]);
    expect(starts(free)).toEqual([iso('2026-01-15T10:00Z'), iso('2026-01-15T10:30Z')]);
    // Touching is not overlapping: a booking ending at 09:00 leaves the 09:00 slot free.
    expect(
      starts(
        freeSlots(s, date, 'UTC', [{ start: '2026-01-15T08:40:00Z', end: '2026-01-15T09:00:00Z' }]),
      )[0],
    ).toBe(iso('2026-01-15T09:00Z'));
  });

  it('removes slots that already started when now is given', () => {
    expect(starts(freeSlots(s, date, 'UTC', [], new Date('2026-01-15T09:10:00Z')))).toEqual([
      iso('2026-01-15T09:30Z'),
      iso('2026-01-15T10:00Z'),
      iso('2026-01-15T10:30Z'),
    ]);
    // A slot starting exactly now has started.
    expect(starts(freeSlots(s, date, 'UTC', [], new Date('2026-01-15T10:00:00Z')))).toEqual([
      iso('2026-01-15T10:30Z'),
    ]);
    expect(freeSlots(s, date, 'UTC', [], new Date('2026-01-16T00:00:00Z'))).toEqual([]);
  });

  it('combines bookings and the current time', () => {
    const free = freeSlots(
      s,
      date,
      'UTC',
      [{ start: '2026-01-15T10:30:00Z', end: '2026-01-15T11:00:00Z' }],
      new Date('2026-01-15T09:00:00Z'),
    );
    expect(starts(free)).toEqual([iso('2026-01-15T09:30Z'), iso('2026-01-15T10:00Z')]);
  });

  it('returns every slot when nothing is booked and no time is given', () => {
    expect(freeSlots(s, date, 'UTC', [])).toEqual(slotsForDate(s, date, 'UTC'));
  });
});

describe('nextSessionOpening', () => {
  const s = schedule(30, [
    { day: 'THU', start: '09:00', end: '12:00' },
    { day: 'THU', start: '14:00', end: '17:00' },
  ]);
  const date = '2026-01-15';
  const at = (t: string) => new Date(`2026-01-15T${t}:00Z`);

  it('is the first session before the day starts, the next one in a break, and null while one runs or after the last', () => {
    expect(nextSessionOpening(s, date, 'UTC', at('07:30'))).toBe(iso('2026-01-15T09:00Z'));
    expect(nextSessionOpening(s, date, 'UTC', at('12:30'))).toBe(iso('2026-01-15T14:00Z'));
    expect(nextSessionOpening(s, date, 'UTC', at('09:00'))).toBeNull();
    expect(nextSessionOpening(s, date, 'UTC', at('16:59'))).toBeNull();
    expect(nextSessionOpening(s, date, 'UTC', at('17:00'))).toBeNull();
  });

  it('reads sessions in the hospital time zone', () => {
    // 09:00 in Kolkata is 03:30 UTC.
    expect(nextSessionOpening(s, date, KOLKATA, at('01:00'))).toBe(iso('2026-01-15T03:30Z'));
  });
});
