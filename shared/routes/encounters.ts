import * as z from 'zod';
import type { Role } from '../auth/roles';
import {
  ENCOUNTER_STATUSES_NEEDING_REASON,
  EncounterStatusSchema,
} from '../domain/opd/encounter-status';
import { MEDICATION_STATUSES_NEEDING_REASON } from '../domain/opd/medication-request-status';
import { MedicationRequestStatusSchema, PrescriptionInputSchema } from '../domain/opd/prescription';
import { requireReasonFor } from '../domain/opd/status-transitions';
import { VitalsInputSchema } from '../domain/opd/vitals';
import { defineGroup, defineRoute } from '../http/route';
import { idParam, nonEmpty } from '../http/validation';
import { pageQuery } from '../table/pagination';
import { LocalDateSchema } from './appointments';

const CLINICAL_READERS: Role[] = ['DOCTOR', 'NURSE', 'PHARMACIST'];
const Id = z.strictObject({ id: idParam() });

const DiagnosisSchema = z.strictObject({
  text: nonEmpty(300),
  /** ICD-10 or SNOMED CT code, when the clinician picks one. */
  code: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
  system: z.enum(['ICD-10', 'SNOMED-CT'], { message: 'must be ICD-10 or SNOMED-CT' }).optional(),
});

export const CreateEncounterBody = z.union(
  [
    z.strictObject({ appointmentId: idParam(), chiefComplaint: nonEmpty(500).optional() }),
    z.strictObject({
      patientId: idParam(),
      doctorId: idParam().optional(),
      chiefComplaint: nonEmpty(500).optional(),
    }),
  ],
  { message: 'give appointmentId (a checked-in appointment) or patientId (a walk-in), not both' },
);

export const encountersGroup = defineGroup({
  name: 'encounters',
  description: 'OPD encounters with vitals (NEWS2) and prescriptions',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    create: defineRoute({
      method: 'POST',
      path: '/encounters',
      tag: 'Encounters',
      summary: 'Start a consultation from a checked-in appointment, or for a walk-in patient',
      access: { roles: ['DOCTOR'], scope: 'encounters:write' },
      body: CreateEncounterBody,
      status: 201,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/encounters',
      tag: 'Encounters',
      summary: 'List encounters by patient, doctor, date (default today) and status',
      access: { roles: CLINICAL_READERS, scope: 'encounters:read' },
      query: z.strictObject({
        patientId: idParam().optional(),
        doctorId: idParam().optional(),
        date: LocalDateSchema.optional(),
        status: EncounterStatusSchema.optional(),
        ...pageQuery,
      }),
    }),
    get: defineRoute({
      method: 'GET',
      path: '/encounters/{id}',
      tag: 'Encounters',
      summary: 'One encounter with its vitals (NEWS2) and prescriptions',
      access: { roles: CLINICAL_READERS, scope: 'encounters:read' },
      params: Id,
    }),
    update: defineRoute({
      method: 'PATCH',
      path: '/encounters/{id}',
      tag: 'Encounters',
      summary:
        'Record diagnosis and notes, or change status (FHIR Encounter.status); completing it fulfils the appointment',
      access: { roles: ['DOCTOR'], scope: 'encounters:write' },
      params: Id,
      body: z
        .strictObject({
          chiefComplaint: nonEmpty(500).optional(),
          diagnosis: z.array(DiagnosisSchema).max(20, 'at most 20 diagnoses').optional(),
          notes: z.string().trim().max(5000, 'must be at most 5000 characters').optional(),
          status: EncounterStatusSchema.optional(),
          statusReason: nonEmpty(500).optional(),
          /** NEWS2 SpO2 scale for this encounter's readings: 2 only for confirmed hypercapnic respiratory failure. */
          spo2Scale: z
            .union([z.literal(1), z.literal(2)], { message: 'must be 1 or 2' })
            .optional(),
          spo2ScaleReason: nonEmpty(500).optional(),
        })
        .refine(
          (b) => Object.values(b).some((v) => v !== undefined),
          'give at least one of chiefComplaint, diagnosis, notes, status, spo2Scale',
        )
        .superRefine(requireReasonFor(ENCOUNTER_STATUSES_NEEDING_REASON, 'statusReason'))
        .superRefine((b, ctx) => {
          if (b.spo2Scale === 2 && !b.spo2ScaleReason) {
            ctx.addIssue({
              code: 'custom',
              path: ['spo2ScaleReason'],
              message:
                'is required when spo2Scale is 2: record the confirmed hypercapnic respiratory failure (RCP NEWS2)',
            });
          }
          if (b.spo2ScaleReason && b.spo2Scale !== 2)
            ctx.addIssue({
              code: 'custom',
              path: ['spo2ScaleReason'],
              message: 'is only accepted with spo2Scale 2',
            });
          if (b.statusReason && !b.status)
            ctx.addIssue({
              code: 'custom',
              path: ['statusReason'],
              message: 'is only accepted with a status change',
            });
        }),
    }),
    recordVitals: defineRoute({
      method: 'PATCH',
      path: '/encounters/{id}/vitals',
      tag: 'Encounters',
      summary: 'Append a vitals reading; answers BMI and the NEWS2 score with its risk band',
      access: { roles: ['NURSE', 'DOCTOR'], scope: 'encounters:write' },
      params: Id,
      body: VitalsInputSchema,
    }),
    prescribe: defineRoute({
      method: 'POST',
      path: '/encounters/{id}/prescriptions',
      tag: 'Encounters',
      summary:
        'Add a prescription (FHIR MedicationRequest); an allergy conflict needs an override reason',
      access: { roles: ['DOCTOR'], scope: 'encounters:write' },
      params: Id,
      body: PrescriptionInputSchema,
      status: 201,
    }),
    changePrescriptionStatus: defineRoute({
      method: 'PATCH',
      path: '/encounters/{id}/prescriptions/{prescriptionId}',
      tag: 'Encounters',
      summary:
        'Hold, stop, cancel, complete or mark in error a prescription (FHIR MedicationRequest.status); allowed after the encounter ends',
      access: { roles: ['DOCTOR'], scope: 'encounters:write' },
      params: z.strictObject({ id: idParam(), prescriptionId: idParam() }),
      body: z
        .strictObject({ status: MedicationRequestStatusSchema, reason: nonEmpty(500).optional() })
        .superRefine(requireReasonFor(MEDICATION_STATUSES_NEEDING_REASON)),
    }),
  },
});
