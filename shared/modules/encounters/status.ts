import {
  allowedNextStatuses,
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import { invalidField } from '../../kernel/validation';
import * as z from '../../kernel/zod';

/** FHIR R5 Encounter.status. */
export const ENCOUNTER_STATUSES = [
  'planned',
  'in-progress',
  'on-hold',
  'discharged',
  'completed',
  'cancelled',
  'discontinued',
  'entered-in-error',
  'unknown',
] as const;

export const EncounterStatusSchema = z.enum(ENCOUNTER_STATUSES);
export type EncounterStatus = z.infer<typeof EncounterStatusSchema>;

/** `discharged` is an inpatient state and `unknown` is for imported data; the OPD sets neither. */
export const UNUSED_ENCOUNTER_STATUSES: readonly EncounterStatus[] = ['discharged', 'unknown'];

/** The single source of truth for encounter lifecycle rules (docs are rendered from it). */
export const ENCOUNTER_STATUS_TRANSITIONS: TransitionTable<EncounterStatus> = {
  planned: ['in-progress', 'cancelled', 'entered-in-error'],
  'in-progress': ['on-hold', 'completed', 'discontinued', 'entered-in-error'],
  'on-hold': ['in-progress', 'completed', 'discontinued', 'entered-in-error'],
  discharged: [],
  completed: [],
  cancelled: [],
  discontinued: [],
  'entered-in-error': [],
  unknown: [],
};

/** Statuses after which nothing clinical (notes, prescriptions) may be added to the encounter. */
export const FINISHED_ENCOUNTER_STATUSES: readonly EncounterStatus[] = [
  'completed',
  'cancelled',
  'discontinued',
  'entered-in-error',
];

export function isEncounterFinished(status: EncounterStatus): boolean {
  return FINISHED_ENCOUNTER_STATUSES.includes(status);
}

export function nextEncounterStatuses(from: EncounterStatus): readonly EncounterStatus[] {
  return allowedNextStatuses(ENCOUNTER_STATUS_TRANSITIONS, from);
}

/**
 * Endings other than completion must say why (`statusReason`): an abandoned consultation for
 * whoever follows up, an encounter entered in error for the audit trail.
 */
export const ENCOUNTER_STATUSES_NEEDING_REASON: readonly EncounterStatus[] = [
  'cancelled',
  'discontinued',
  'entered-in-error',
];

/** Throws Conflict (409) listing the allowed next states when the table forbids the change. */
export function assertEncounterTransition(
  from: EncounterStatus,
  to: EncounterStatus,
  reason?: string | null,
): void {
  assertTableTransition('encounter', ENCOUNTER_STATUS_TRANSITIONS, from, to);
  if (ENCOUNTER_STATUSES_NEEDING_REASON.includes(to) && !reason?.trim()) {
    throw invalidField('statusReason', `is required when status is '${to}'`);
  }
}

export function encounterStatusTableMarkdown(): string {
  return transitionTableMarkdown(ENCOUNTER_STATUS_TRANSITIONS, {
    unused: UNUSED_ENCOUNTER_STATUSES,
  });
}
