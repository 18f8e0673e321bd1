/**
 * Lifecycle of a prescription (FHIR R5 MedicationRequest.status) after it is written. A
 * prescription is signed when saved, so it starts `active`; the prescriber (or another doctor)
 * may later hold, stop, cancel or complete it, or mark it entered in error. Unlike adding a
 * prescription, changing one is allowed after the encounter has finished: stopping a medicine
 * the day after the visit is ordinary practice.
 */

import {
  allowedNextStatuses,
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../kernel/state-machine';
import { invalidField } from '../kernel/validation';
import type { MedicationRequestStatus } from './prescribing';

/** FHIR statuses this service never sets: prescriptions are saved signed (`active`). */
export const UNUSED_MEDICATION_REQUEST_STATUSES: readonly MedicationRequestStatus[] = [
  'draft',
  'ended',
  'unknown',
];

/**
 * `cancelled`: withdrawn before any of it was taken; `stopped`: halted part-way; `completed`:
 * all of it was taken or dispensed as intended.
 */
export const MEDICATION_REQUEST_TRANSITIONS: TransitionTable<MedicationRequestStatus> = {
  draft: [],
  active: ['on-hold', 'completed', 'stopped', 'cancelled', 'entered-in-error'],
  'on-hold': ['active', 'completed', 'stopped', 'cancelled', 'entered-in-error'],
  ended: [],
  stopped: [],
  completed: [],
  cancelled: [],
  'entered-in-error': [],
  unknown: [],
};

/** Changes a pharmacist or the next clinician must be able to explain from the record. */
export const MEDICATION_STATUSES_NEEDING_REASON: readonly MedicationRequestStatus[] = [
  'on-hold',
  'stopped',
  'cancelled',
  'entered-in-error',
];

/** Still in force: what an encounter entered in error must withdraw with it. */
export const LIVE_MEDICATION_STATUSES: readonly MedicationRequestStatus[] = ['active', 'on-hold'];

export function nextMedicationRequestStatuses(
  from: MedicationRequestStatus,
): readonly MedicationRequestStatus[] {
  return allowedNextStatuses(MEDICATION_REQUEST_TRANSITIONS, from);
}

/** 409 for a transition the table forbids, then 400 when the change needs a reason and has none. */
export function assertMedicationRequestTransition(
  from: MedicationRequestStatus,
  to: MedicationRequestStatus,
  reason?: string | null,
): void {
  assertTableTransition('prescription', MEDICATION_REQUEST_TRANSITIONS, from, to);
  if (MEDICATION_STATUSES_NEEDING_REASON.includes(to) && !reason?.trim()) {
    throw invalidField('reason', `is required to set a prescription '${to}'`);
  }
}

export function medicationRequestStatusTableMarkdown(): string {
  return transitionTableMarkdown(MEDICATION_REQUEST_TRANSITIONS, {
    unused: UNUSED_MEDICATION_REQUEST_STATUSES,
  });
}
