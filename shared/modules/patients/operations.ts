import { defineOperation } from '../../kernel/operation';
import {
  ListPatientsInput,
  Patient,
  PatientIdInput,
  PatientPage,
  RegisterPatientInput,
  UpdatePatientInput,
} from './schemas';
import { getPatient, listPatients, registerPatient, updatePatient } from './service';

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
  handler: updatePatient,
});
