import { PRESCRIBER_ROLES } from '../../clinical/prescribing';
import { defineDecision } from '../../kernel/decisions';
import { defineOperation } from '../../kernel/operation';
import {
  AddPrescriptionInput,
  ChangePrescriptionStatusInput,
  CreateEncounterInput,
  Encounter,
  EncounterDetail,
  EncounterIdInput,
  EncounterPage,
  ListEncountersInput,
  PrescribeAnswer,
  Prescription,
  RecordVitalsInput,
  UpdateEncounterInput,
  Vitals,
} from './schemas';

// The handlers load on the first request that needs them (chunks of their own), so the function
// starts with its declarations only: the prescription screen (drug catalogue and classes, allergy
// cross-sensitivity, dose limits, prescribing cards), early-warning scores and the consultation
// charge load with the requests that need them (issue 15: 350 KB at start).
const svc = () => import('./service');
const entries = () => import('./clinical-entries');

export const create = defineOperation({
  name: 'encounters.create',
  summary: 'Start a consultation from a checked-in appointment, or for a walk-in patient',
  input: CreateEncounterInput,
  output: Encounter,
  access: { roles: ['DOCTOR'], scope: 'encounters:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).createEncounter(ctx, input),
});

export const list = defineOperation({
  name: 'encounters.list',
  summary: 'List encounters by patient, doctor, date (default today) and status',
  input: ListEncountersInput,
  output: EncounterPage,
  access: { roles: 'clinicians', scope: 'encounters:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listEncounters(ctx, input),
});

export const get = defineOperation({
  name: 'encounters.get',
  summary: 'One encounter with its vitals (NEWS2) and prescriptions',
  input: EncounterIdInput,
  output: EncounterDetail,
  access: { roles: 'clinicians', scope: 'encounters:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).getEncounter(ctx, input),
});

/**
 * RCP NEWS2: Scale 2 is a competent clinical decision-maker's call. Administrators pass every
 * operation, keys act for integrations and agents propose, so the access rule alone is not enough.
 */
const spo2ScaleDecision = defineDecision({
  what: 'set the NEWS2 SpO2 scale',
  by: ['DOCTOR'],
  clinical: true,
  ifInput: 'spo2Scale',
  checkedBy: 'kernel',
  why: 'RCP NEWS2 (2017): choosing SpO2 Scale 2 is a clinical decision',
  refusal: 'Only a doctor may set the NEWS2 SpO2 scale (RCP: a clinical decision)',
});

export const update = defineOperation({
  name: 'encounters.update',
  summary:
    'Record diagnosis and notes, or change status (FHIR Encounter.status); completing it fulfils the appointment',
  input: UpdateEncounterInput,
  output: EncounterDetail,
  access: {
    roles: ['DOCTOR'],
    scope: 'encounters:write',
    humanOnly: true,
    decisions: [spo2ScaleDecision],
  },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).updateEncounter(ctx, input),
});

export const recordVitals = defineOperation({
  name: 'encounters.recordVitals',
  summary: 'Append a vitals reading; answers BMI and the NEWS2 score with its risk band',
  input: RecordVitalsInput,
  output: Vitals,
  access: { roles: ['NURSE', 'DOCTOR'], scope: 'encounters:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).recordVitals(ctx, input),
});

export const prescribe = defineOperation({
  name: 'encounters.prescribe',
  summary:
    'Add a prescription (FHIR MedicationRequest), answered with its decision-support cards; an allergy conflict or a critical card needs an override reason',
  input: AddPrescriptionInput,
  output: PrescribeAnswer,
  // Only a doctor prescribes (an allergy override included): not an administrator, not a key.
  access: {
    roles: PRESCRIBER_ROLES,
    scope: 'encounters:write',
    humanOnly: true,
    clinicalDecision: true,
  },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).addPrescription(ctx, input),
});

export const changePrescriptionStatus = defineOperation({
  name: 'encounters.changePrescriptionStatus',
  summary:
    'Hold, stop, cancel, complete or mark in error a prescription (FHIR MedicationRequest.status); allowed after the encounter ends',
  input: ChangePrescriptionStatusInput,
  output: Prescription,
  access: { roles: ['DOCTOR'], scope: 'encounters:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await entries()).changePrescriptionStatus(ctx, input),
});
