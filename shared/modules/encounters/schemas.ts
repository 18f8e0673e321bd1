/** The fields of an OPD encounter, its vitals readings and its prescriptions, declared once. */
import { Card } from '../../clinical/cds-card';
import { MEDICATION_STATUSES_NEEDING_REASON } from '../../clinical/medication-request-status';
import {
  MedicationRequestStatusSchema,
  MedicationRouteSchema,
  PrescriptionInputSchema,
} from '../../clinical/prescribing';
import { ReadingAssessmentSchema, VitalsInputSchema } from '../../clinical/vitals';
import { boundedText, changesSomething, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { requireReasonFor } from '../../kernel/state-machine';
import { LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { ENCOUNTER_STATUSES_NEEDING_REASON, EncounterStatusSchema } from './status';

export const DiagnosisSchema = z.strictObject({
  text: nonEmpty(300),
  /** ICD-10 or SNOMED CT code, when the clinician picks one. */
  code: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(20, 'must be at most 20 characters')),
  ),
  system: z.optional(z.enum(['ICD-10', 'SNOMED-CT'], { message: 'must be ICD-10 or SNOMED-CT' })),
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
  appointmentId: z.optional(z.string()),
  /** Local date (hospital time zone) the encounter started. */
  date: z.string(),
  startedAt: TimestampSchema,
  endedAt: z.optional(TimestampSchema),
  chiefComplaint: z.optional(z.string()),
  diagnosis: z.array(DiagnosisSchema),
  notes: z.optional(z.string()),
  /** Why the encounter ended other than completed (discontinued, entered in error). */
  statusReason: z.optional(z.string()),
  /** The NEWS2 SpO2 scale of this encounter's readings: 2 only with a doctor's recorded decision. */
  spo2Scale: z.union([z.literal(1), z.literal(2)]),
  spo2Scale2: z.optional(Spo2Scale2Decision),
  latestNews2: z.optional(
    z.strictObject({
      score: z.nullable(z.number().check(z.int())),
      risk: z.nullable(z.string()),
      recordedAt: TimestampSchema,
    }),
  ),
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
  drugCode: z.optional(z.string()),
  strength: z.string(),
  form: z.optional(z.string()),
  dose: z.string(),
  route: MedicationRouteSchema,
  frequency: z.string(),
  durationDays: z.number().check(z.int()),
  quantity: z.number().check(z.int()),
  instructions: z.optional(z.string()),
  allergyConflicts: z.array(z.string()),
  allergyOverrideReason: z.optional(z.string()),
  /** Why the prescriber went on despite a critical decision-support card, and those cards. */
  cdsOverrideReason: z.optional(z.string()),
  cdsOverriddenCards: z.optional(z.array(z.string())),
  prescriberId: z.string(),
  authoredOn: TimestampSchema,
  /** The last status change after the prescription was written. */
  statusReason: z.optional(z.string()),
  statusChangedAt: z.optional(TimestampSchema),
  statusChangedBy: z.optional(z.string()),
  /** Units the pharmacy has dispensed so far; `quantity − dispensedQuantity` is still owed. */
  dispensedQuantity: z.optional(z.number().check(z.int())),
  lastDispensedAt: z.optional(TimestampSchema),
});
export type Prescription = z.output<typeof Prescription>;

export const EncounterDetail = z.extend(Encounter, {
  vitals: z.array(Vitals),
  prescriptions: z.array(Prescription),
});

export const CreateEncounterInput = z.union(
  [
    z.strictObject({ appointmentId: idParam(), chiefComplaint: z.optional(nonEmpty(500)) }),
    z.strictObject({
      patientId: idParam(),
      doctorId: z.optional(idParam()),
      chiefComplaint: z.optional(nonEmpty(500)),
    }),
  ],
  { message: 'give appointmentId (a checked-in appointment) or patientId (a walk-in), not both' },
);

export const ListEncountersInput = z.strictObject({
  patientId: z.optional(idParam()),
  doctorId: z.optional(idParam()),
  date: z.optional(LocalDateSchema),
  status: z.optional(EncounterStatusSchema),
  ...pageFields,
});
export const EncounterPage = pageOf(Encounter);
export const EncounterIdInput = z.strictObject({ id: idParam() });

export const UpdateEncounterInput = z
  .strictObject({
    id: idParam(),
    chiefComplaint: z.optional(nonEmpty(500)),
    diagnosis: z.optional(z.array(DiagnosisSchema).check(z.maxLength(20, 'at most 20 diagnoses'))),
    notes: z.optional(
      z.string().check(z.trim(), z.maxLength(5000, 'must be at most 5000 characters')),
    ),
    status: z.optional(EncounterStatusSchema),
    statusReason: z.optional(nonEmpty(500)),
    /** NEWS2 SpO2 scale for this encounter's readings: 2 only for confirmed hypercapnic respiratory failure. */
    spo2Scale: z.optional(z.union([z.literal(1), z.literal(2)], { message: 'must be 1 or 2' })),
    spo2ScaleReason: z.optional(nonEmpty(500)),
  })
  .check(
    z.refine(
      (b) => changesSomething(b, ['id']),
      'give at least one of chiefComplaint, diagnosis, notes, status, spo2Scale',
    ),
    z.superRefine(requireReasonFor(ENCOUNTER_STATUSES_NEEDING_REASON, 'statusReason')),
    z.superRefine((b, ctx) => {
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
    }),
  );

export const RecordVitalsInput = z.extend(VitalsInputSchema, { id: idParam() });
export const AddPrescriptionInput = z.extend(PrescriptionInputSchema, {
  id: idParam(),
  /** Needed when a critical decision-support card stops the order (clinical/order-cards.ts). */
  cdsOverrideReason: z.optional(boundedText('cdsOverrideReason', 1, 500)),
});

/** The prescribe answer: the prescription and the decision-support cards that apply to it. */
export const PrescribeAnswer = z.extend(Prescription, { cards: z.array(Card) });

export const ChangePrescriptionStatusInput = z
  .strictObject({
    id: idParam(),
    prescriptionId: idParam(),
    status: MedicationRequestStatusSchema,
    reason: z.optional(nonEmpty(500)),
  })
  .check(z.superRefine(requireReasonFor(MEDICATION_STATUSES_NEEDING_REASON)));
