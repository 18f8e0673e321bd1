/**
 * When the scheduled notification triggers fire (docs/notifications.md, "Triggers"): pure rules
 * of time, tested at their edges. The run (triggers-run.ts) reads the records and asks these.
 * Each trigger's event id names the happening once, so the messages it causes are created once
 * per person and channel however many runs see it (deliver.ts).
 */
import { addDays, minutesOfDay, utcToZonedParts } from '../../kernel/time/zoned-time';
import { EXPIRY_WARNING_MINUTES } from '../agent-actions/index';

/** How often the triggers run (EventBridge schedule, and the local runtime's timer). */
export const TRIGGER_RATE_MINUTES = 5;

/**
 * Appointment reminders go out the day before, between these wall-clock times of the hospital:
 * not at midnight, and not so late that a patient reads it on the way in. An appointment booked
 * for tomorrow after the window closes gets no reminder.
 */
export const REMINDER_WINDOW = { from: '09:00', until: '21:00' } as const;

/** The pharmacy's daily stock notice is sent from this wall-clock time. */
export const STOCK_NOTICE_FROM = '08:00';

/**
 * Escalation of a critical result nobody acknowledged (hazard H17). CLSI GP47 (Management of
 * Critical- and Significant-Risk Results, 2015) recommends that an immediately life-threatening
 * result reach a responsible clinician within one hour; the CAP Q-Probes goal for inpatients is
 * 15–30 minutes (both as cited by Fei et al., Biochemia Medica 2017;27(3):030707,
 * doi:10.11613/BM.2017.030707). So: at 30 minutes unacknowledged the ordering doctor is told again,
 * and at 60 minutes (GP47's limit) the ward managers, who can find a doctor who acts.
 */
export const ESCALATION_LEVELS = [
  { level: 1, afterMinutes: 30, to: 'ordering-doctor' },
  { level: 2, afterMinutes: 60, to: 'ward-managers' },
] as const;
export type EscalationLevel = (typeof ESCALATION_LEVELS)[number];

const MINUTE = 60_000;

/** The escalation levels due for an alert raised at `raisedAt` and still unacknowledged at `now`. */
export function escalationsDue(raisedAt: string, now: Date): EscalationLevel[] {
  const elapsed = now.getTime() - new Date(raisedAt).getTime();
  return ESCALATION_LEVELS.filter((l) => elapsed >= l.afterMinutes * MINUTE);
}

/** True when the hospital's wall clock at `now` lies in `[from, until)`. */
function within(now: Date, timeZone: string, from: string, until = '24:00'): boolean {
  const t = minutesOfDay(utcToZonedParts(now, timeZone).time);
  return t >= minutesOfDay(from) && t < minutesOfDay(until);
}

/** The local date whose appointments are reminded now, or undefined outside the window. */
export function reminderDate(now: Date, timeZone: string): string | undefined {
  if (!within(now, timeZone, REMINDER_WINDOW.from, REMINDER_WINDOW.until)) return undefined;
  return addDays(utcToZonedParts(now, timeZone).date, 1);
}

/** The local date of today's stock notice, or undefined before its time. */
export function stockNoticeDate(now: Date, timeZone: string): string | undefined {
  return within(now, timeZone, STOCK_NOTICE_FROM) ? utcToZonedParts(now, timeZone).date : undefined;
}

/** True when a pending action expiring at `expiresAt` is within the warning, not yet expired. */
export function expiresSoon(expiresAt: string, now: Date): boolean {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 && left <= EXPIRY_WARNING_MINUTES * MINUTE;
}

/** The event ids: one happening each (a rescheduled appointment is a new reminder). */
export const triggerEventId = {
  reminder: (appointmentId: string, start: string) =>
    `appointment-reminder:${appointmentId}:${start}`,
  escalation: (alertId: string, level: number) => `lab-critical-escalation:${alertId}:${level}`,
  expiring: (actionId: string) => `agent-action-expiring:${actionId}`,
  stock: (date: string) => `pharmacy-stock:${date}`,
};
