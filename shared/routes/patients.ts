import * as z from 'zod';
import type { Role } from '../auth/roles';
import {
  PatientSearchText,
  RegisterPatientBody,
  UpdatePatientBody,
} from '../domain/patients/schemas';
import { defineGroup, defineRoute } from '../http/route';
import { idParam } from '../http/validation';
import { pageQuery } from '../table/pagination';

/** Every clinical and front-office role may read patients (ADMIN always may). */
const READERS: readonly Role[] = [
  'DOCTOR',
  'NURSE',
  'RECEPTIONIST',
  'PHARMACIST',
  'ACCOUNTANT',
  'LAB_TECHNICIAN',
  'RADIOLOGIST',
];

export const patientsGroup = defineGroup({
  name: 'patients',
  description: 'Patient registration (MRN), search and corrections',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    register: defineRoute({
      method: 'POST',
      path: '/patients/register',
      tag: 'Patients',
      summary:
        'Register a patient and assign the next MRN; a likely duplicate (same phone and date of birth) answers 409 unless confirmDuplicate is true',
      access: { roles: ['RECEPTIONIST', 'NURSE'], scope: 'patients:write' },
      body: RegisterPatientBody,
      status: 201,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/patients',
      tag: 'Patients',
      summary:
        'List patients, newest first, or search with q: an MRN (MRN-000042), a phone-number prefix, or a name prefix (any word of the name)',
      access: { roles: READERS, scope: 'patients:read' },
      query: z.strictObject({ ...pageQuery, q: PatientSearchText.optional() }),
    }),
    get: defineRoute({
      method: 'GET',
      path: '/patients/{id}',
      tag: 'Patients',
      summary: 'One patient',
      access: { roles: READERS, scope: 'patients:read' },
      params: z.strictObject({ id: idParam() }),
    }),
    update: defineRoute({
      method: 'PATCH',
      path: '/patients/{id}',
      tag: 'Patients',
      summary: "Correct a patient's details (the MRN never changes); null clears an optional field",
      access: { roles: ['RECEPTIONIST', 'NURSE', 'DOCTOR'], scope: 'patients:write' },
      params: z.strictObject({ id: idParam() }),
      body: UpdatePatientBody,
    }),
  },
});
