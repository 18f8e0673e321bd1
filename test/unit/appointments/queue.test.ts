import { describe, expect, it } from 'vitest';
import {
  estimateWaits,
  orderQueue,
  type QueueEntry,
  type QueuePriority,
  type QueueStatus,
  QueueStatusSchema,
} from '../../../shared/modules/appointments/queue';

function entry(
  token: number,
  status: QueueStatus = 'waiting',
  priority: QueuePriority = 'routine',
  extra: Partial<QueueEntry> = {},
): QueueEntry & { patientName: string } {
  return {
    appointmentId: `apt-${token}`,
    token,
    priority,
    status,
    checkedInAt: `2026-03-10T09:${String(token).padStart(2, '0')}:00.000Z`,
    patientName: `Patient ${token}`,
    ...extra,
  };
}

const tokens = (entries: readonly QueueEntry[]) => entries.map((e) => e.token);

describe('QueueStatusSchema', () => {
  it('accepts waiting, in-consultation, done and left', () => {
    for (const s of ['waiting', 'in-consultation', 'done', 'left'])
      expect(QueueStatusSchema.parse(s)).toBe(s);
    expect(QueueStatusSchema.safeParse('cancelled').success).toBe(false);
  });
});

describe('orderQueue', () => {
  it('puts the consultation first, urgent waiting before routine, then token order, done/left last', () => {
    const queue = [
      entry(1, 'done'),
      entry(7, 'waiting', 'urgent'),
      entry(2, 'left'),
      entry(4, 'waiting'),
      entry(3, 'in-consultation'),
      entry(6, 'waiting'),
      entry(5, 'waiting', 'urgent'),
      entry(8, 'done'),
    ];
    expect(tokens(orderQueue(queue))).toEqual([3, 5, 7, 4, 6, 1, 2, 8]);
  });

  it('ignores priority outside the waiting group', () => {
    const queue = [
      entry(2, 'done', 'urgent'),
      entry(1, 'done', 'routine'),
      entry(3, 'left', 'urgent'),
    ];
    expect(tokens(orderQueue(queue))).toEqual([1, 2, 3]);
  });

  it('keeps extra fields and leaves the input untouched', () => {
    const queue = [entry(2), entry(1)];
    const ordered = orderQueue(queue);
    expect(ordered[0]).toBe(queue[1]);
    expect(ordered[0]?.patientName).toBe('Patient 1');
    expect(tokens(queue)).toEqual([2, 1]);
  });

  it('breaks token ties deterministically by check-in time, then appointment id', () => {
    const a = entry(1, 'waiting', 'routine', {
      appointmentId: 'b',
      checkedInAt: '2026-03-10T09:00:00.000Z',
    });
    const b = entry(1, 'waiting', 'routine', {
      appointmentId: 'a',
      checkedInAt: '2026-03-10T09:00:00.000Z',
    });
    const c = entry(1, 'waiting', 'routine', {
      appointmentId: 'c',
      checkedInAt: '2026-03-10T08:59:00.000Z',
    });
    const expected = ['c', 'a', 'b'];
    expect(orderQueue([a, b, c]).map((e) => e.appointmentId)).toEqual(expected);
    expect(orderQueue([b, c, a]).map((e) => e.appointmentId)).toEqual(expected);
  });

  it('handles an empty queue', () => {
    expect(orderQueue([])).toEqual([]);
  });
});

describe('estimateWaits', () => {
  const now = new Date('2026-03-10T10:00:00.000Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

  it('multiplies patients ahead by the slot length when nobody is in consultation', () => {
    const ordered = orderQueue([entry(1), entry(2), entry(3)]);
    expect(estimateWaits(ordered, { slotMinutes: 10, now })).toEqual([
      { appointmentId: 'apt-1', token: 1, position: 1, patientsAhead: 0, estimatedWaitMinutes: 0 },
      { appointmentId: 'apt-2', token: 2, position: 2, patientsAhead: 1, estimatedWaitMinutes: 10 },
      { appointmentId: 'apt-3', token: 3, position: 3, patientsAhead: 2, estimatedWaitMinutes: 20 },
    ]);
  });

  it('adds the remaining time of the current consultation', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2), entry(3)]);
    const waits = estimateWaits(ordered, {
      slotMinutes: 15,
      now,
      consultationStartedAt: minutesAgo(5),
    });
    expect(waits.map((w) => w.estimatedWaitMinutes)).toEqual([10, 25]);
  });

  it('counts whole elapsed minutes only', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2)]);
    const startedAt = new Date(now.getTime() - 4.9 * 60_000);
    expect(
      estimateWaits(ordered, { slotMinutes: 10, now, consultationStartedAt: startedAt })[0]
        ?.estimatedWaitMinutes,
    ).toBe(6);
  });

  it('before the session opens, the first patient waits until it does and the rest queue behind', () => {
    const ordered = orderQueue([entry(1), entry(2)]);
    const opensIn = (m: number) => new Date(now.getTime() + m * 60_000);
    expect(
      estimateWaits(ordered, { slotMinutes: 10, now, sessionOpensAt: opensIn(90) }).map(
        (w) => w.estimatedWaitMinutes,
      ),
    ).toEqual([90, 100]);
    // Part minutes round up: the doctor is not there yet.
    expect(
      estimateWaits(ordered, {
        slotMinutes: 10,
        now,
        sessionOpensAt: new Date(now.getTime() + 30_500),
      })[0]!.estimatedWaitMinutes,
    ).toBe(1);
    // An opening in the past, or none, changes nothing.
    for (const sessionOpensAt of [opensIn(-5), null, undefined, 'garbage']) {
      expect(
        estimateWaits(ordered, { slotMinutes: 10, now, sessionOpensAt }).map(
          (w) => w.estimatedWaitMinutes,
        ),
      ).toEqual([0, 10]);
    }
  });

  it('a consultation overrunning into the next session counts whichever ends later', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2)]);
    const waits = estimateWaits(ordered, {
      slotMinutes: 15,
      now,
      consultationStartedAt: minutesAgo(5),
      sessionOpensAt: new Date(now.getTime() + 3 * 60_000),
    });
    expect(waits[0]!.estimatedWaitMinutes).toBe(10);
  });

  it('floors the remaining time at zero when the consultation overruns', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2), entry(3)]);
    const waits = estimateWaits(ordered, {
      slotMinutes: 10,
      now,
      consultationStartedAt: minutesAgo(25),
    });
    expect(waits.map((w) => w.estimatedWaitMinutes)).toEqual([0, 10]);
  });

  it('assumes a whole slot when the consultation start is unknown, invalid or in the future', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2)]);
    for (const consultationStartedAt of [undefined, null, 'not a date', minutesAgo(-3)]) {
      expect(
        estimateWaits(ordered, { slotMinutes: 12, now, consultationStartedAt })[0]
          ?.estimatedWaitMinutes,
      ).toBe(12);
    }
  });

  it('ignores the consultation start when nobody is in consultation', () => {
    const ordered = orderQueue([entry(1, 'done'), entry(2)]);
    expect(
      estimateWaits(ordered, { slotMinutes: 10, now, consultationStartedAt: minutesAgo(2) }),
    ).toEqual([
      { appointmentId: 'apt-2', token: 2, position: 1, patientsAhead: 0, estimatedWaitMinutes: 0 },
    ]);
  });

  it('estimates only waiting patients, urgent ones first', () => {
    const ordered = orderQueue([
      entry(1, 'done'),
      entry(2, 'left'),
      entry(3),
      entry(4, 'waiting', 'urgent'),
      entry(5, 'in-consultation'),
    ]);
    const waits = estimateWaits(ordered, {
      slotMinutes: 10,
      now,
      consultationStartedAt: minutesAgo(4),
    });
    expect(waits.map((w) => [w.token, w.position, w.estimatedWaitMinutes])).toEqual([
      [4, 1, 6],
      [3, 2, 16],
    ]);
  });

  it('is deterministic', () => {
    const ordered = orderQueue([entry(1, 'in-consultation'), entry(2), entry(3)]);
    const options = { slotMinutes: 10, now, consultationStartedAt: minutesAgo(3) };
    expect(estimateWaits(ordered, options)).toEqual(estimateWaits(ordered, options));
  });

  it('rejects a non-positive slot length', () => {
    for (const slotMinutes of [0, -5, Number.NaN]) {
      expect(() => estimateWaits([], { slotMinutes, now })).toThrow(RangeError);
    }
  });
});
