/**
 * A doctor's weekly OPD schedule and the bookable slots it yields on a given local date.
 *
 * Sessions are wall-clock times in the hospital's time zone (passed in, not stored on the
 * schedule). Slots are laid out in elapsed time from the session start and must end by the
 * session end, so on DST days a session yields as many slots as fit in its real duration:
 * 00:00–03:00 is 2 hours on a spring-forward night and 4 hours on a fall-back night. Times
 * inside a spring-forward gap resolve to the moment of the jump.
 */
import {
  firstInstantAtOrAfter,
  isValidEndTime,
  isValidLocalTime,
  minutesOfDay,
  utcToZonedParts,
  WEEKDAYS,
  weekdayOfDate,
} from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';

export {
  dayBoundsUtc,
  isValidLocalDate,
  isValidLocalTime,
  isValidTimeZone,
  utcToZonedParts,
  WEEKDAYS,
  type Weekday,
  type ZonedParts,
  zonedDateTimeToUtc,
} from '../../kernel/time/zoned-time';

export interface Slot {
  /** ISO 8601 UTC instant, e.g. 2026-03-10T03:30:00.000Z */
  start: string;
  end: string;
}

/** A session's path from the schedule itself (`sessions.1.end`), wherever the schedule is nested. */
function pathLabel(path: readonly PropertyKey[] | undefined): string {
  const parts = (path ?? []).map(String);
  const at = parts.lastIndexOf('sessions');
  return (at >= 0 ? parts.slice(at) : parts).join('.');
}

const WeekdaySchema = z.enum(WEEKDAYS, {
  error: (iss) => `${pathLabel(iss.path)} must be one of ${WEEKDAYS.join(', ')}`,
});

const LocalTimeSchema = z
  .string({ error: (iss) => `${pathLabel(iss.path)} must be a string in HH:MM format` })
  .check(
    z.refine(isValidLocalTime, {
      error: (iss) => `${pathLabel(iss.path)} must be HH:MM between 00:00 and 23:59`,
    }),
  );

/** A session may run to midnight: `24:00` ends it at the end of the day (round-the-clock rosters). */
const EndTimeSchema = z
  .string({ error: (iss) => `${pathLabel(iss.path)} must be a string in HH:MM format` })
  .check(
    z.refine(isValidEndTime, {
      error: (iss) => `${pathLabel(iss.path)} must be HH:MM between 00:00 and 24:00`,
    }),
  );

export const ScheduleSessionSchema = z.strictObject(
  {
    day: WeekdaySchema,
    start: LocalTimeSchema,
    end: EndTimeSchema,
  },
  {
    error: (iss) =>
      iss.code === 'invalid_type'
        ? `${pathLabel(iss.path)} must be an object with day, start and end`
        : undefined,
  },
);
export type ScheduleSession = z.infer<typeof ScheduleSessionSchema>;

export const WeeklyScheduleSchema = z
  .strictObject(
    {
      slotMinutes: z
        .number({ error: 'slotMinutes must be a number between 5 and 240' })
        .check(
          z.int({ error: 'slotMinutes must be a whole number of minutes between 5 and 240' }),
          z.gte(5, { error: 'slotMinutes must be between 5 and 240' }),
          z.lte(240, { error: 'slotMinutes must be between 5 and 240' }),
        ),
      sessions: z
        .array(ScheduleSessionSchema, { error: 'sessions must be an array' })
        .check(
          z.minLength(1, { error: 'sessions must contain between 1 and 50 entries' }),
          z.maxLength(50, { error: 'sessions must contain between 1 and 50 entries' }),
        ),
    },
    {
      error: (iss) =>
        iss.code === 'invalid_type'
          ? 'schedule must be an object with slotMinutes and sessions'
          : undefined,
    },
  )
  .check(
    z.superRefine(
      (schedule, ctx) => {
        const slotMinutes: unknown = schedule.slotMinutes;
        const slotOk =
          Number.isInteger(slotMinutes) && Number(slotMinutes) >= 5 && Number(slotMinutes) <= 240;
        const valid: { index: number; day: unknown; start: number; end: number }[] = [];
        schedule.sessions.forEach((session: Partial<ScheduleSession> | null, index) => {
          if (
            !session ||
            !isValidLocalTime(session.start ?? '') ||
            !isValidEndTime(session.end ?? '')
          )
            return;
          const [startText, endText] = [session.start as string, session.end as string];
          const [start, end] = [minutesOfDay(startText), minutesOfDay(endText)];
          if (end <= start) {
            ctx.addIssue({
              code: 'custom',
              path: ['sessions', index, 'end'],
              message: `sessions.${index}.end (${endText}) must be after sessions.${index}.start (${startText})`,
            });
            return;
          }
          if (slotOk && end - start < Number(slotMinutes)) {
            ctx.addIssue({
              code: 'custom',
              path: ['sessions', index, 'end'],
              message: `sessions.${index} (${startText}–${endText}) is shorter than one slot of ${Number(slotMinutes)} minutes`,
            });
          }
          valid.push({ index, day: session.day, start, end });
        });
        for (const [i, a] of valid.entries()) {
          for (const b of valid.slice(i + 1)) {
            if (a.day === b.day && a.start < b.end && b.start < a.end) {
              ctx.addIssue({
                code: 'custom',
                path: ['sessions', b.index, 'start'],
                message: `sessions.${b.index} overlaps sessions.${a.index} on ${String(a.day)}`,
              });
            }
          }
        }
      },
      {
        // Also run when other fields failed, so one response lists every problem. The value may
        // then be only partly valid, hence the defensive checks above.
        when: (payload) => {
          const value = payload.value as { sessions?: unknown } | null;
          return typeof value === 'object' && value !== null && Array.isArray(value.sessions);
        },
      },
    ),
  );
export type WeeklySchedule = z.infer<typeof WeeklyScheduleSchema>;

/** Every slot of the local date's sessions, in time order. */
export function slotsForDate(schedule: WeeklySchedule, date: string, timeZone: string): Slot[] {
  if (!Number.isInteger(schedule.slotMinutes) || schedule.slotMinutes <= 0) {
    throw new RangeError('slotMinutes must be a positive whole number');
  }
  const slotMs = schedule.slotMinutes * 60_000;
  const weekday = weekdayOfDate(date);
  const sessions = schedule.sessions
    .filter((s) => s.day === weekday)
    .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));

  const slots: Slot[] = [];
  for (const session of sessions) {
    const sessionStart = firstInstantAtOrAfter(date, session.start, timeZone).getTime();
    const sessionEnd = firstInstantAtOrAfter(date, session.end, timeZone).getTime();
    for (let start = sessionStart; start + slotMs <= sessionEnd; start += slotMs) {
      slots.push({
        start: new Date(start).toISOString(),
        end: new Date(start + slotMs).toISOString(),
      });
    }
  }
  return slots;
}

/** The slot starting exactly at `instant`, or null (off-grid, outside sessions, seconds set). */
export function isSlotStart(
  schedule: WeeklySchedule,
  instant: Date,
  timeZone: string,
): Slot | null {
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) return null;
  const { date } = utcToZonedParts(instant, timeZone);
  const iso = instant.toISOString();
  return slotsForDate(schedule, date, timeZone).find((slot) => slot.start === iso) ?? null;
}

/**
 * When the doctor's next session opens, if `now` falls before the local date's first session or
 * in a break between sessions; null while a session runs or after the last one has ended.
 */
export function nextSessionOpening(
  schedule: WeeklySchedule,
  date: string,
  timeZone: string,
  now: Date,
): string | null {
  const slots = slotsForDate(schedule, date, timeZone);
  const t = now.getTime();
  if (slots.some((s) => Date.parse(s.start) <= t && t < Date.parse(s.end))) return null;
  return slots.find((s) => Date.parse(s.start) > t)?.start ?? null;
}

/** A booked time, as stored: ISO 8601 instants, end exclusive. */
export interface BookedInterval {
  start: string;
  end: string;
}

/**
 * The first booking that overlaps `slot` (half-open intervals), or null. Bookings are compared
 * as instants, so any ISO spelling of the same moment matches; unparseable ones are ignored.
 * Overlap, not equal starts: after a doctor changes the slot length, old bookings no longer sit
 * on the new grid, and a new slot must not be placed across one of them.
 */
export function overlappingBooking<B extends BookedInterval>(
  slot: Slot,
  booked: readonly B[],
): B | null {
  const start = Date.parse(slot.start);
  const end = Date.parse(slot.end);
  return booked.find((b) => Date.parse(b.start) < end && start < Date.parse(b.end)) ?? null;
}

/** Slots that overlap no booking. With `now`, a slot starting at or before `now` is no longer offered. */
export function freeSlots(
  schedule: WeeklySchedule,
  date: string,
  timeZone: string,
  booked: readonly BookedInterval[],
  now?: Date,
): Slot[] {
  const nowMs = now?.getTime();
  return slotsForDate(schedule, date, timeZone).filter((slot) => {
    if (overlappingBooking(slot, booked)) return false;
    return nowMs === undefined || Number.isNaN(nowMs) || Date.parse(slot.start) > nowMs;
  });
}
