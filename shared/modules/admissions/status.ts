/**
 * Lifecycle of an admission: FHIR R5 Encounter.status for the inpatient class (IMP), one table.
 * An admission starts `in-progress` (the patient is in a bed); discharge ends it `discharged`
 * (FHIR: clinically complete, administrative work such as billing may remain); an admission
 * recorded by mistake (wrong patient) is `entered-in-error`. Both endings free the bed.
 */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

export const ADMISSION_STATUSES = [
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
export const AdmissionStatusSchema = z.enum(ADMISSION_STATUSES, {
  message: `must be one of ${ADMISSION_STATUSES.join(', ')}`,
});
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];

/**
 * FHIR statuses this service does not set for inpatients yet: pre-admission (`planned`), leave
 * of absence (`on-hold`), and `completed`, which billing will set when it closes the stay.
 */
export const UNUSED_ADMISSION_STATUSES: readonly AdmissionStatus[] = [
  'planned',
  'on-hold',
  'completed',
  'cancelled',
  'discontinued',
  'unknown',
];

export const ADMISSION_STATUS_TRANSITIONS: TransitionTable<AdmissionStatus> = {
  planned: [],
  'in-progress': ['discharged', 'entered-in-error'],
  'on-hold': [],
  discharged: [],
  completed: [],
  cancelled: [],
  discontinued: [],
  'entered-in-error': [],
  unknown: [],
};

/** The statuses in which a patient is in a bed: transfers, observations and notes are allowed. */
export const ACTIVE_ADMISSION_STATUS: AdmissionStatus = 'in-progress';

export function assertAdmissionTransition(from: AdmissionStatus, to: AdmissionStatus): void {
  assertTableTransition('admission', ADMISSION_STATUS_TRANSITIONS, from, to);
}

export function admissionStatusTableMarkdown(): string {
  return transitionTableMarkdown(ADMISSION_STATUS_TRANSITIONS, {
    unused: UNUSED_ADMISSION_STATUSES,
  });
}
