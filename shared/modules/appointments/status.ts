import {
  allowedNextStatuses,
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import { invalidField } from '../../kernel/validation';
import * as z from '../../kernel/zod';

/** FHIR R5 Appointment.status, complete so stored or imported FHIR resources always parse. */
export const APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'checked-in',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'waitlist',
] as const;

export const AppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof AppointmentStatusSchema>;

/** FHIR statuses the OPD never sets: appointments are created directly as `booked`. */
export const UNUSED_APPOINTMENT_STATUSES: readonly AppointmentStatus[] = [
  'proposed',
  'pending',
  'waitlist',
];

/**
 * The single source of truth for appointment lifecycle rules (docs are rendered from it).
 * `fulfilled` is normally reached by finishing the encounter, but the status endpoint may set it
 * too, e.g. to close a visit recorded on paper.
 */
export const APPOINTMENT_STATUS_TRANSITIONS: TransitionTable<AppointmentStatus> = {
  proposed: [],
  pending: [],
  booked: ['arrived', 'checked-in', 'cancelled', 'noshow', 'entered-in-error'],
  arrived: ['checked-in', 'cancelled', 'noshow', 'entered-in-error'],
  'checked-in': ['fulfilled', 'cancelled', 'entered-in-error'],
  fulfilled: [],
  cancelled: [],
  noshow: [],
  'entered-in-error': [],
  waitlist: [],
};

/** Changes that must say why: kept for audit and for telling the patient. */
export const APPOINTMENT_STATUSES_NEEDING_REASON: readonly AppointmentStatus[] = ['cancelled'];

export function nextAppointmentStatuses(from: AppointmentStatus): readonly AppointmentStatus[] {
  return allowedNextStatuses(APPOINTMENT_STATUS_TRANSITIONS, from);
}

/**
 * Throws Conflict (409) for a transition the table forbids, then `invalid` (400) when a
 * cancellation has no reason: the reason is kept for audit and patient communication.
 */
export function assertTransition(
  from: AppointmentStatus,
  to: AppointmentStatus,
  options: { reason?: string | null } = {},
): void {
  assertTableTransition('appointment', APPOINTMENT_STATUS_TRANSITIONS, from, to);
  if (APPOINTMENT_STATUSES_NEEDING_REASON.includes(to) && !options.reason?.trim()) {
    throw invalidField('reason', `is required when status is '${to}'`);
  }
}

export function appointmentStatusTableMarkdown(): string {
  return transitionTableMarkdown(APPOINTMENT_STATUS_TRANSITIONS, {
    unused: UNUSED_APPOINTMENT_STATUSES,
  });
}
