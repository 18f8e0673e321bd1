import { PRESCRIBER_ROLES } from '../../clinical/prescribing';
import { defineOperation } from '../../kernel/operation';
import { Prescription } from '../encounters';
import {
  AddNoteInput,
  Admission,
  AdmissionDetail,
  AdmissionIdInput,
  AdmissionPage,
  AdmitInput,
  ChangeDischargePrescriptionInput,
  DischargeAnswer,
  DischargeInput,
  DischargePrescribeAnswer,
  EnteredInErrorInput,
  ListAdmissionsInput,
  Note,
  Observation,
  PrescribeDischargeMedicineInput,
  RecordObservationInput,
  RecordPregnancyInput,
  TransferInput,
} from './schemas';

// The handlers load on the first request that needs them (chunks of their own), so the
// admissions function starts with its declarations only: the discharge (its medicines through the
// prescription screen, its holds), early-warning scores from observations and the bed moves load
// with the requests that need them (issue 15: 350 KB at start).
const svc = () => import('./service');
const entries = () => import('./clinical-entries');
const ending = () => import('./discharge');

/** Who reads admissions: the admitting desk, the ward's clinicians and the bed manager. */
export const admit = defineOperation({
  name: 'admissions.admit',
  summary:
    'Admit a patient (from an OPD encounter, the emergency department or directly) to a bed, or to the first free bed of a ward',
  input: AdmitInput,
  output: Admission,
  access: { roles: ['RECEPTIONIST', 'DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).admit(ctx, input),
});

export const list = defineOperation({
  name: 'admissions.list',
  summary: 'List admissions newest first by ward, doctor, patient, status and admission dates',
  input: ListAdmissionsInput,
  output: AdmissionPage,
  access: { roles: 'wardStaff', scope: 'admissions:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listAdmissions(ctx, input),
});

export const get = defineOperation({
  name: 'admissions.get',
  summary:
    'One admission with its bed history, observations (NEWS2 latest and trend), notes and discharge medications',
  input: AdmissionIdInput,
  output: AdmissionDetail,
  access: { roles: 'wardStaff', scope: 'admissions:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).getAdmission(ctx, input),
});

export const transfer = defineOperation({
  name: 'admissions.transfer',
  summary:
    'Move the patient to another bed or ward in one step: old bed to housekeeping, new bed occupied, history entry',
  input: TransferInput,
  output: Admission,
  access: { roles: ['DOCTOR', 'BED_MANAGER'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).transfer(ctx, input),
});

export const recordObservation = defineOperation({
  name: 'admissions.recordObservation',
  summary:
    'Record an observation set; answers NEWS2 with its risk band and whether it needs escalation',
  input: RecordObservationInput,
  output: Observation,
  access: { roles: ['NURSE', 'DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).recordObservation(ctx, input),
});

export const recordPregnancyStatus = defineOperation({
  name: 'admissions.recordPregnancyStatus',
  summary:
    'Record the patient’s pregnancy status (pregnant, postpartum with the delivery date, not pregnant): NEWS2 is withheld in pregnancy and for 42 days after delivery',
  input: RecordPregnancyInput,
  output: Admission,
  access: { roles: ['NURSE', 'DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await entries()).recordPregnancyStatus(ctx, input),
});

export const addNursingNote = defineOperation({
  name: 'admissions.addNursingNote',
  summary: 'Add a nursing note (timestamped, with its author)',
  input: AddNoteInput,
  output: Note,
  access: { roles: ['NURSE'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).addNote(ctx, input, 'nursing'),
});

export const addRoundNote = defineOperation({
  name: 'admissions.addRoundNote',
  summary: "Add a doctor's ward round note (timestamped, with its author)",
  input: AddNoteInput,
  output: Note,
  access: { roles: ['DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).addNote(ctx, input, 'round'),
});

export const discharge = defineOperation({
  name: 'admissions.discharge',
  summary:
    'Discharge with a summary and disposition; the bed goes to housekeeping, medications become prescriptions',
  input: DischargeInput,
  output: DischargeAnswer,
  access: { roles: ['DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await ending()).discharge(ctx, input),
});

export const prescribe = defineOperation({
  name: 'admissions.prescribe',
  summary:
    'Prescribe a discharge medicine (TTO) during the stay: it holds the discharge until the pharmacy has dispensed it or a doctor stops it',
  input: PrescribeDischargeMedicineInput,
  output: DischargePrescribeAnswer,
  // Only a doctor prescribes (an allergy override included): not an administrator, not a key.
  access: {
    roles: PRESCRIBER_ROLES,
    scope: 'admissions:write',
    humanOnly: true,
    clinicalDecision: true,
  },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await ending()).prescribeDischargeMedicine(ctx, input),
});

export const markEnteredInError = defineOperation({
  name: 'admissions.markEnteredInError',
  summary:
    'Mark an admission recorded by mistake as entered in error; its bed goes to housekeeping',
  input: EnteredInErrorInput,
  output: AdmissionDetail,
  access: { roles: ['RECEPTIONIST', 'DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await ending()).markEnteredInError(ctx, input),
});

export const changePrescriptionStatus = defineOperation({
  name: 'admissions.changePrescriptionStatus',
  summary:
    'Hold, stop, cancel, complete or mark in error a discharge prescription (FHIR MedicationRequest.status)',
  input: ChangeDischargePrescriptionInput,
  output: Prescription,
  access: { roles: ['DOCTOR'], scope: 'admissions:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await ending()).changeDischargePrescriptionStatus(ctx, input),
});
