import { defineOperation } from '../../kernel/operation';
import { patientAccessPage } from '../../kernel/patient-access';
import {
  AccessLogInput,
  AccessLogPage,
  ListPatientsInput,
  Patient,
  PatientIdInput,
  PatientPage,
  RegisterPatientInput,
  UpdatePatientInput,
} from './schemas';
import { getPatient, listPatients, registerPatient, updatePatient } from './service';

// A patient record's id is `id`: each operation names the patients it touched for the access log.
const answered = (_input: unknown, output: { id: string }) => [output.id];

/** Every clinical and front-office role may read patients (ADMIN always may). */
export const register = defineOperation({
  name: 'patients.register',
  summary:
    'Register a patient and assign the next MRN; a likely duplicate (same phone and date of birth) answers 409 unless confirmDuplicate is true',
  input: RegisterPatientInput,
  output: Patient,
  access: { roles: ['RECEPTIONIST', 'NURSE'], scope: 'patients:write' },
  kind: 'write',
  idempotent: false,
  patientIds: answered,
  handler: registerPatient,
});

export const list = defineOperation({
  name: 'patients.list',
  summary:
    'List patients, newest first, or search with q: an MRN (MRN-000042), a phone number or its last digits, or a name prefix (any word of the name)',
  input: ListPatientsInput,
  output: PatientPage,
  access: { roles: 'allStaff', scope: 'patients:read' },
  kind: 'read',
  idempotent: true,
  // Every patient a search answered was seen by the caller.
  patientIds: (_input, output) => output.items.map((p) => p.id),
  handler: listPatients,
});

export const get = defineOperation({
  name: 'patients.get',
  summary: 'One patient',
  input: PatientIdInput,
  output: Patient,
  access: { roles: 'allStaff', scope: 'patients:read' },
  kind: 'read',
  idempotent: true,
  patientIds: answered,
  handler: getPatient,
});

export const update = defineOperation({
  name: 'patients.update',
  summary: "Correct a patient's details (the MRN never changes); null clears an optional field",
  input: UpdatePatientInput,
  output: Patient,
  access: { roles: ['RECEPTIONIST', 'NURSE', 'DOCTOR'], scope: 'patients:write' },
  kind: 'write',
  idempotent: false,
  patientIds: answered,
  handler: updatePatient,
});

export const accessLog = defineOperation({
  name: 'patients.accessLog',
  summary:
    "Who read or changed this patient's data, when, through which route, tool or skill: newest first, paginated (administrators only)",
  input: AccessLogInput,
  output: AccessLogPage,
  // An administrator answers the audit; no other role, and no API key (it has no scope).
  access: { roles: [] },
  kind: 'read',
  idempotent: true,
  // The log is about the patient, not their clinical data: reading it is not itself recorded.
  patientIds: () => [],
  handler: async (ctx, input) => {
    await getPatient(ctx, { id: input.id });
    return patientAccessPage(ctx.store, input.id, input);
  },
});
