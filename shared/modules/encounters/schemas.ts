/** The fields of an OPD encounter, its vitals readings and its prescriptions, declared once. */
import * as z from 'zod';
import { MEDICATION_STATUSES_NEEDING_REASON } from '../../clinical/medication-request-status';
import {
  MedicationRequestStatusSchema,
  MedicationRouteSchema,
  PrescriptionInputSchema,
} from '../../clinical/prescribing';
import { ReadingAssessmentSchema, VitalsInputSchema } from '../../clinical/vitals';
import { changesSomething, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { requireReasonFor } from '../../kernel/state-machine';
import { LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import { ENCOUNTER_STATUSES_NEEDING_REASON, EncounterStatusSchema } from './status';

export const DiagnosisSchema = z.strictObject({
  text: nonEmpty(300),
  /** ICD-10 or SNOMED CT code, when the clinician picks one. */
  code: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
  system: z.enum(['ICD-10', 'SNOMED-CT'], { message: 'must be ICD-10 or SNOMED-CT' }).optional(),
});
export type Diagnosis = z.output<typeof DiagnosisSchema>;

/** Who decided that this patient's SpO2 is scored on NEWS2 Scale 2, when and why. */
export const Spo2Scale2Decision = z.strictObject({
  reason: z.string(),
  decidedBy: z.string(),
  decidedAt: TimestampSchema,
});

export const Encounter = z.strictObject({
  id: z.string(),
  /** FHIR Encounter.class: ambulatory. */
  class: z.literal('AMB'),
  kind: z.enum(['appointment', 'walk-in']),
  status: EncounterStatusSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  appointmentId: z.string().optional(),
  /** Local date (hospital time zone) the encounter started. */
  date: z.string(),
  startedAt: TimestampSchema,
  endedAt: TimestampSchema.optional(),
  chiefComplaint: z.string().optional(),
  diagnosis: z.array(DiagnosisSchema),
  notes: z.string().optional(),
  /** Why the encounter ended other than completed (discontinued, entered in error). */
  statusReason: z.string().optional(),
  /** The NEWS2 SpO2 scale of this encounter's readings: 2 only with a doctor's recorded decision. */
  spo2Scale: z.union([z.literal(1), z.literal(2)]),
  spo2Scale2: Spo2Scale2Decision.optional(),
  latestNews2: z
    .strictObject({
      score: z.number().int().nullable(),
      risk: z.string().nullable(),
      recordedAt: TimestampSchema,
    })
    .optional(),
  createdBy: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Encounter = z.output<typeof Encounter>;

/** A reading with its assessment (BMI, NEWS2, and why either does not apply to this patient). */
export const Vitals = z.strictObject({
  id: z.string(),
  encounterId: z.string(),
  recordedAt: TimestampSchema,
  recordedBy: z.string(),
  values: z.record(z.string(), z.unknown()),
  ...ReadingAssessmentSchema.shape,
});
export type Vitals = z.output<typeof Vitals>;

/** A prescription (FHIR MedicationRequest). */
export const Prescription = z.strictObject({
  id: z.string(),
  encounterId: z.string(),
  patientId: z.string(),
  status: MedicationRequestStatusSchema,
  intent: z.literal('order'),
  drugName: z.string(),
  drugCode: z.string().optional(),
  strength: z.string(),
  dose: z.string(),
  route: MedicationRouteSchema,
  frequency: z.string(),
  durationDays: z.number().int(),
  quantity: z.number().int(),
  instructions: z.string().optional(),
  allergyConflicts: z.array(z.string()),
  allergyOverrideReason: z.string().optional(),
  prescriberId: z.string(),
  authoredOn: TimestampSchema,
  /** The last status change after the prescription was written. */
  statusReason: z.string().optional(),
  statusChangedAt: TimestampSchema.optional(),
  statusChangedBy: z.string().optional(),
});
export type Prescription = z.output<typeof Prescription>;

export const EncounterDetail = Encounter.extend({
  vitals: z.array(Vitals),
  prescriptions: z.array(Prescription),
});

export const CreateEncounterInput = z.union(
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

export const ListEncountersInput = z.strictObject({
  patientId: idParam().optional(),
  doctorId: idParam().optional(),
  date: LocalDateSchema.optional(),
  status: EncounterStatusSchema.optional(),
  ...pageFields,
});
export const EncounterPage = pageOf(Encounter);
export const EncounterIdInput = z.strictObject({ id: idParam() });

export const UpdateEncounterInput = z
  .strictObject({
    id: idParam(),
    chiefComplaint: nonEmpty(500).optional(),
    diagnosis: z.array(DiagnosisSchema).max(20, 'at most 20 diagnoses').optional(),
    notes: z.string().trim().max(5000, 'must be at most 5000 characters').optional(),
    status: EncounterStatusSchema.optional(),
    statusReason: nonEmpty(500).optional(),
    /** NEWS2 SpO2 scale for this encounter's readings: 2 only for confirmed hypercapnic respiratory failure. */
    spo2Scale: z.union([z.literal(1), z.literal(2)], { message: 'must be 1 or 2' }).optional(),
    spo2ScaleReason: nonEmpty(500).optional(),
  })
  .refine(
    (b) => changesSomething(b, ['id']),
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
    if (b.spo2ScaleReason && b.spo2Scale !== 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['spo2ScaleReason'],
        message: 'is only accepted with spo2Scale 2',
      });
    }
    if (b.statusReason && !b.status) {
      ctx.addIssue({
        code: 'custom',
        path: ['statusReason'],
        message: 'is only accepted with a status change',
      });
    }
  });

export const RecordVitalsInput = VitalsInputSchema.extend({ id: idParam() });
export const AddPrescriptionInput = PrescriptionInputSchema.extend({ id: idParam() });

export const ChangePrescriptionStatusInput = z
  .strictObject({
    id: idParam(),
    prescriptionId: idParam(),
    status: MedicationRequestStatusSchema,
    reason: nonEmpty(500).optional(),
  })
  .superRefine(requireReasonFor(MEDICATION_STATUSES_NEEDING_REASON));
