import { describe, expect, it } from 'vitest';
import {
  ESCALATION_LEVELS,
  escalationsDue,
  expiresSoon,
  reminderDate,
  stockNoticeDate,
  triggerEventId,
} from '../../../shared/modules/notifications/triggers';
import { listed } from '../../../shared/modules/notifications/triggers-run';

// The trigger rules at their edges (docs/notifications.md, "Triggers"; hazard H17).

const KOLKATA = 'Asia/Kolkata'; // UTC+05:30
/** The instant of a wall-clock time in Kolkata on 2026-11-25. */
const kolkata = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(2026, 10, 25, h, m) - 330 * 60_000);
};

describe('escalation of an unacknowledged critical result', () => {
  const raised = '2026-11-25T03:00:00.000Z';
  const after = (ms: number) => new Date(Date.parse(raised) + ms);
  it.each([
    [29 * 60_000 + 59_999, []],
    [30 * 60_000, [1]],
    [59 * 60_000 + 59_999, [1]],
    [60 * 60_000, [1, 2]],
    [600 * 60_000, [1, 2]],
  ])('%i ms after raising: levels %j', (ms, levels) => {
    expect(escalationsDue(raised, after(ms)).map((l) => l.level)).toEqual(levels);
  });
  it('goes to the ordering doctor at 30 minutes and the ward managers at 60 (CLSI GP47: one hour)', () => {
    expect(ESCALATION_LEVELS.map((l) => [l.afterMinutes, l.to])).toEqual([
      [30, 'ordering-doctor'],
      [60, 'ward-managers'],
    ]);
  });
});

describe('appointment reminders, the day before', () => {
  it.each([
    ['08:59', undefined],
    ['09:00', '2026-11-26'],
    ['20:59', '2026-11-26'],
    ['21:00', undefined],
    ['23:59', undefined],
  ])('at %s in the hospital: the appointments of %s', (time, date) => {
    expect(reminderDate(kolkata(time), KOLKATA)).toBe(date);
  });
  it('uses the hospital’s clock and date, not UTC’s', () => {
    // 2026-11-25 20:00 in Kolkata is 14:30 UTC: the next local day is the 26th.
    expect(reminderDate(new Date('2026-11-25T14:30:00Z'), KOLKATA)).toBe('2026-11-26');
    // 2026-11-25 22:00 UTC is 03:30 on the 26th in Kolkata: outside the window.
    expect(reminderDate(new Date('2026-11-25T22:00:00Z'), KOLKATA)).toBeUndefined();
  });
});

describe('the pharmacy’s stock notice', () => {
  it.each([
    ['07:59', undefined],
    ['08:00', '2026-11-25'],
    ['23:59', '2026-11-25'],
  ])('at %s: the notice of %s', (time, date) => {
    expect(stockNoticeDate(kolkata(time), KOLKATA)).toBe(date);
  });
});

describe('agent actions about to expire', () => {
  const expires = '2026-11-25T12:00:00.000Z';
  it.each([
    ['2026-11-25T10:59:59.999Z', false],
    ['2026-11-25T11:00:00.000Z', true],
    ['2026-11-25T11:59:59.999Z', true],
    ['2026-11-25T12:00:00.000Z', false],
  ])('at %s: %s', (now, soon) => {
    expect(expiresSoon(expires, new Date(now))).toBe(soon);
  });
});

describe('event ids and the notice lists', () => {
  it('names each happening once; a moved appointment is a new reminder', () => {
    expect(triggerEventId.reminder('a1', '2026-11-26T04:30:00.000Z')).toBe(
      'appointment-reminder:a1:2026-11-26T04:30:00.000Z',
    );
    expect(triggerEventId.reminder('a1', '2026-11-26T05:00:00.000Z')).not.toBe(
      triggerEventId.reminder('a1', '2026-11-26T04:30:00.000Z'),
    );
    expect(triggerEventId.escalation('x', 2)).toBe('lab-critical-escalation:x:2');
    expect(triggerEventId.expiring('act')).toBe('agent-action-expiring:act');
    expect(triggerEventId.stock('2026-11-25')).toBe('pharmacy-stock:2026-11-25');
  });
  it('lists up to the limit and counts the rest', () => {
    expect(listed([])).toBe('none');
    expect(listed(['a', 'b'], 2)).toBe('a, b');
    expect(listed(['a', 'b', 'c'], 2)).toBe('a, b and 1 more');
  });
});
