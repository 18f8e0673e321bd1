/**
 * The OPD waiting queue of one doctor for one day.
 *
 * Order: the patient in consultation first; then waiting patients, urgent before routine and
 * otherwise by token (tokens are issued at check-in, so token order is arrival order); then
 * patients who are done or left, by token.
 *
 * Wait estimate for a waiting patient, in whole minutes:
 *   (waiting patients ahead of them) × slotMinutes
 *   + remaining time of the current consultation, if someone is in consultation,
 * where remaining time = slotMinutes − whole minutes elapsed since the consultation started,
 * floored at 0. When the start time is unknown the whole slot is assumed (overestimating is
 * kinder than telling a patient they are next when they are not). slotMinutes stands in for the
 * average consultation length. When the doctor's session has not begun yet (patients checked in
 * early, or during a break), nobody is seen before it opens: the first wait is then at least the
 * time until `sessionOpensAt`. The estimate uses only its inputs (`now` is passed in), so the
 * same queue always yields the same numbers.
 */
import * as z from '../../kernel/zod';

/** `left`: the patient left the queue unseen (appointment cancelled after check-in) or mid-consultation (encounter discontinued). */
export const QUEUE_STATUSES = ['waiting', 'in-consultation', 'done', 'left'] as const;
export const QueueStatusSchema = z.enum(QUEUE_STATUSES);
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

export const QUEUE_PRIORITIES = ['routine', 'urgent'] as const;
export const QueuePrioritySchema = z.enum(QUEUE_PRIORITIES);
export type QueuePriority = z.infer<typeof QueuePrioritySchema>;

export interface QueueEntry {
  appointmentId: string;
  token: number;
  priority: QueuePriority;
  status: QueueStatus;
  /** ISO 8601 instant. */
  checkedInAt: string;
}

export interface WaitEstimate {
  appointmentId: string;
  token: number;
  /** 1-based place among waiting patients. */
  position: number;
  patientsAhead: number;
  estimatedWaitMinutes: number;
}

const STATUS_RANK: Record<QueueStatus, number> = {
  'in-consultation': 0,
  waiting: 1,
  done: 2,
  left: 2,
};
const PRIORITY_RANK: Record<QueuePriority, number> = { urgent: 0, routine: 1 };

function compareEntries(a: QueueEntry, b: QueueEntry): number {
  const byStatus = STATUS_RANK[a.status] - STATUS_RANK[b.status];
  if (byStatus !== 0) return byStatus;
  if (a.status === 'waiting' && b.status === 'waiting') {
    const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
    if (byPriority !== 0) return byPriority;
  }
  if (a.token !== b.token) return a.token - b.token;
  // Tokens should be unique; the tie-breakers only keep the order stable if they are not.
  if (a.checkedInAt !== b.checkedInAt) return a.checkedInAt < b.checkedInAt ? -1 : 1;
  return a.appointmentId < b.appointmentId ? -1 : a.appointmentId > b.appointmentId ? 1 : 0;
}

/** Returns a new array; extra fields on the entries are preserved. */
export function orderQueue<T extends QueueEntry>(entries: readonly T[]): T[] {
  return [...entries].sort(compareEntries);
}

/**
 * Estimates for the waiting entries of `ordered` (the output of orderQueue), in queue order.
 * At most one consultation runs at a time (one doctor per queue), so its remaining time is added
 * once.
 */
export function estimateWaits<T extends QueueEntry>(
  ordered: readonly T[],
  options: {
    slotMinutes: number;
    now: Date;
    consultationStartedAt?: string | Date | null;
    sessionOpensAt?: string | Date | null;
  },
): WaitEstimate[] {
  const { slotMinutes, now } = options;
  if (!Number.isFinite(slotMinutes) || slotMinutes <= 0) {
    throw new RangeError('slotMinutes must be a positive number');
  }
  const someoneInConsultation = ordered.some((e) => e.status === 'in-consultation');
  const currentRemaining = someoneInConsultation
    ? remainingConsultationMinutes(slotMinutes, now, options.consultationStartedAt)
    : 0;
  const firstWait = Math.max(currentRemaining, minutesUntil(now, options.sessionOpensAt));

  const estimates: WaitEstimate[] = [];
  for (const entry of ordered) {
    if (entry.status !== 'waiting') continue;
    const patientsAhead = estimates.length;
    estimates.push({
      appointmentId: entry.appointmentId,
      token: entry.token,
      position: patientsAhead + 1,
      patientsAhead,
      estimatedWaitMinutes: patientsAhead * slotMinutes + firstWait,
    });
  }
  return estimates;
}

/** Whole minutes (rounded up) from `now` to `at`; 0 when `at` is missing, invalid or past. */
function minutesUntil(now: Date, at: string | Date | null | undefined): number {
  const ms = at == null ? Number.NaN : new Date(at).getTime() - now.getTime();
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}

function remainingConsultationMinutes(
  slotMinutes: number,
  now: Date,
  startedAt: string | Date | null | undefined,
): number {
  const startMs = startedAt == null ? Number.NaN : new Date(startedAt).getTime();
  if (Number.isNaN(startMs) || Number.isNaN(now.getTime())) return slotMinutes;
  // A start in the future (clock skew between devices) counts as just started.
  const elapsedMinutes = Math.max(0, Math.floor((now.getTime() - startMs) / 60_000));
  return Math.max(0, slotMinutes - elapsedMinutes);
}
