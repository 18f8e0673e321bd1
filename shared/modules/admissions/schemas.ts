/** The fields of an admission, its observations, notes and discharge, declared once. */

import { Card } from '../../clinical/cds-card';
import { LatestEarlyWarningSchema } from '../../clinical/early-warning';
import { MEDICATION_STATUSES_NEEDING_REASON } from '../../clinical/medication-request-status';
import { PregnancyRecordSchema, pregnancyFields, pregnancyRule } from '../../clinical/pregnancy';
import { MedicationRequestStatusSchema, PrescriptionInputSchema } from '../../clinical/prescribing';
import { ReadingAssessmentSchema, VitalsInputSchema } from '../../clinical/vitals';
import { boundedNumber, boundedText, idParam, nonEmpty, oneOf } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { requireReasonFor } from '../../kernel/state-machine';
import { InstantSchema, LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { DiagnosisSchema, Prescription } from '../encounters';
import { DISPOSITIONS } from './rules';
import { AdmissionStatusSchema } from './status';

export const ADMISSION_SOURCES = ['opd', 'emergency', 'direct'] as const;

/** One entry per bed the patient occupied: who moved them, when and why. */
export const BedHistoryEntry = z.strictObject({
  wardId: z.string(),
  wardName: z.string(),
  bedId: z.string(),
  bedCode: z.string(),
  /** The ward's charge per bed-day (minor units) when the patient moved in. */
  dailyCharge: z.number().check(z.int()),
  at: TimestampSchema,
  by: z.string(),
  reason: z.string(),
});
export type BedHistoryEntry = z.output<typeof BedHistoryEntry>;

/**
 * The admission's NEWS2 as the ward acts on it. `score`, `risk`, `trend`, `previousScore` and
 * `recordedAt` come from the last complete observation set (an incomplete one never replaces
 * them); the escalation stands until a complete set scores below the threshold, and an incomplete
 * set can only raise it (clinical/news2 readingEscalation).
 */
export const LatestNews2 = z.strictObject({
  score: z.nullable(z.number().check(z.int())),
  risk: z.nullable(z.string()),
  /** An urgent or emergency response is due (RCP Chart 4): blocks a planned discharge. */
  needsEscalation: z.boolean(),
  escalation: z.optional(z.nullable(z.enum(['urgent', 'emergency']))),
  trend: z.nullable(z.enum(['rising', 'falling', 'unchanged'])),
  previousScore: z.nullable(z.number().check(z.int())),
  /** When the set the score comes from was recorded (the latest set, before any complete one). */
  recordedAt: TimestampSchema,
  /** The latest observation set, and whether it was complete. */
  latestSetAt: z.optional(TimestampSchema),
  latestSetComplete: z.optional(z.boolean()),
  /** Why NEWS2 is withheld for this patient now (under 16, pregnant, postpartum), else null. */
  notApplicable: z.optional(z.nullable(z.string())),
  /** Where NEWS2 is withheld: the standing MEOWS or PEWS, whose trigger sets needsEscalation. */
  earlyWarning: z.optional(z.nullable(LatestEarlyWarningSchema)),
});
export type LatestNews2 = z.output<typeof LatestNews2>;

export const DischargeSummary = z.strictObject({
  finalDiagnoses: z.array(DiagnosisSchema),
  procedures: z.array(z.string()),
  conditionAtDischarge: z.string(),
  followUpInstructions: z.optional(z.string()),
  followUpDate: z.optional(z.string()),
  disposition: z.enum(DISPOSITIONS),
  timeOfDeath: z.optional(TimestampSchema),
  dischargedBy: z.string(),
  /** Why the discharge went ahead over a critical card (an unacknowledged critical result). */
  cdsOverrideReason: z.optional(z.string()),
  /** The summaries of the critical cards overridden, as shown to the doctor. */
  cdsOverriddenCards: z.optional(z.array(z.string())),
});

export const Admission = z.strictObject({
  id: z.string(),
  /** FHIR Encounter.class: inpatient. */
  class: z.literal('IMP'),
  status: AdmissionStatusSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  source: z.enum(ADMISSION_SOURCES),
  /** The OPD encounter the patient was admitted from. */
  encounterId: z.optional(z.string()),
  doctorId: z.string(),
  doctorName: z.string(),
  reason: z.string(),
  provisionalDiagnosis: z.optional(DiagnosisSchema),
  expectedLengthOfStayDays: z.optional(z.number().check(z.int())),
  wardId: z.string(),
  wardName: z.string(),
  bedId: z.string(),
  bedCode: z.string(),
  bedHistory: z.array(BedHistoryEntry),
  admittedAt: TimestampSchema,
  /** Local date (hospital time zone) of admission. */
  admittedDate: z.string(),
  admittedBy: z.string(),
  latestNews2: z.optional(LatestNews2),
  /** The recorded pregnancy status (NEWS2 is withheld in pregnancy and for 42 days after delivery). */
  pregnancy: z.optional(PregnancyRecordSchema),
  discharge: z.optional(DischargeSummary),
  endedAt: z.optional(TimestampSchema),
  lengthOfStay: z.optional(z.strictObject({ days: z.number().check(z.int()), hours: z.number() })),
  statusReason: z.optional(z.string()),
  updatedAt: TimestampSchema,
});
export type Admission = z.output<typeof Admission>;

export const Observation = z.strictObject({
  id: z.string(),
  admissionId: z.string(),
  recordedAt: TimestampSchema,
  recordedBy: z.string(),
  values: z.record(z.string(), z.unknown()),
  ...ReadingAssessmentSchema.shape,
  needsEscalation: z.boolean(),
});
export type Observation = z.output<typeof Observation>;

export const Note = z.strictObject({
  id: z.string(),
  admissionId: z.string(),
  kind: z.enum(['nursing', 'round']),
  text: z.string(),
  authorId: z.string(),
  recordedAt: TimestampSchema,
});
export type Note = z.output<typeof Note>;

export const AdmissionDetail = z.extend(Admission, {
  observations: z.array(Observation),
  notes: z.array(Note),
  /** Discharge medications (FHIR MedicationRequest; `encounterId` is this admission). */
  prescriptions: z.array(Prescription),
});

/** Exactly one of `bedId` (that bed) and `wardId` (the ward's first suitable free bed). */
const bedChoice = (
  b: { bedId?: string | undefined; wardId?: string | undefined },
  ctx: z.core.$RefinementCtx,
) => {
  if (!b.bedId === !b.wardId)
    ctx.addIssue({
      code: 'custom',
      path: ['bedId'],
      message: 'give either bedId (a specific bed) or wardId (the first free bed of the ward)',
    });
};

export const AdmitInput = z
  .strictObject({
    patientId: idParam(),
    source: oneOf('source', ADMISSION_SOURCES),
    encounterId: z.optional(idParam()),
    doctorId: idParam(),
    reason: nonEmpty(500),
    provisionalDiagnosis: z.optional(DiagnosisSchema),
    expectedLengthOfStayDays: z.optional(
      boundedNumber('expectedLengthOfStayDays', 1, 365, { int: true }),
    ),
    bedId: z.optional(idParam()),
    wardId: z.optional(idParam()),
  })
  .check(
    z.superRefine(bedChoice),
    z.superRefine((b, ctx) => {
      if (b.source === 'opd' && !b.encounterId)
        ctx.addIssue({
          code: 'custom',
          path: ['encounterId'],
          message: "is required when source is 'opd'",
        });
      if (b.source !== 'opd' && b.encounterId)
        ctx.addIssue({
          code: 'custom',
          path: ['encounterId'],
          message: "is only accepted when source is 'opd'",
        });
    }),
  );
export type AdmitInput = z.output<typeof AdmitInput>;

export const ListAdmissionsInput = z
  .strictObject({
    wardId: z.optional(idParam()),
    doctorId: z.optional(idParam()),
    patientId: z.optional(idParam()),
    status: z.optional(AdmissionStatusSchema),
    /** Admitted on or after this local date. */
    from: z.optional(LocalDateSchema),
    /** Admitted on or before this local date. */
    to: z.optional(LocalDateSchema),
    ...pageFields,
  })
  .check(
    z.refine((b) => !b.from || !b.to || b.from <= b.to, {
      path: ['to'],
      message: 'must not be before from',
    }),
  );
export const AdmissionPage = pageOf(Admission);
export const AdmissionIdInput = z.strictObject({ id: idParam() });

export const TransferInput = z
  .strictObject({
    id: idParam(),
    bedId: z.optional(idParam()),
    wardId: z.optional(idParam()),
    reason: nonEmpty(500),
  })
  .check(z.superRefine(bedChoice));

export const RecordObservationInput = z.extend(VitalsInputSchema, { id: idParam() });
export const AddNoteInput = z.strictObject({ id: idParam(), text: nonEmpty(5000) });
export const RecordPregnancyInput = z
  .strictObject({ id: idParam(), ...pregnancyFields })
  .check(z.superRefine(pregnancyRule));

/** A transaction holds 100 writes; a discharge takes four besides its medications. */
export const MAX_DISCHARGE_MEDICATIONS = 30;

export const DischargeInput = z
  .strictObject({
    id: idParam(),
    finalDiagnoses: z
      .array(DiagnosisSchema)
      .check(z.minLength(1, 'must list at least one diagnosis'), z.maxLength(20, 'at most 20')),
    procedures: z._default(z.array(nonEmpty(300)).check(z.maxLength(50, 'at most 50')), []),
    conditionAtDischarge: nonEmpty(500),
    disposition: oneOf('disposition', DISPOSITIONS),
    /** Required when the disposition is `deceased`; not accepted otherwise. */
    timeOfDeath: z.optional(InstantSchema),
    medications: z._default(
      z
        .array(
          z.extend(PrescriptionInputSchema, {
            /** Needed when a critical decision-support card stops this medicine. */
            cdsOverrideReason: z.optional(boundedText('cdsOverrideReason', 1, 500)),
          }),
        )
        .check(
          z.maxLength(
            MAX_DISCHARGE_MEDICATIONS,
            `at most ${MAX_DISCHARGE_MEDICATIONS} medications`,
          ),
        ),
      [],
    ),
    followUpInstructions: z.optional(nonEmpty(2000)),
    followUpDate: z.optional(LocalDateSchema),
    /**
     * Needed when a critical decision-support card stops the discharge itself (a critical result
     * nobody has acknowledged); each medicine carries its own.
     */
    cdsOverrideReason: z.optional(boundedText('cdsOverrideReason', 1, 500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      const deceased = b.disposition === 'deceased';
      if (deceased && !b.timeOfDeath)
        ctx.addIssue({
          code: 'custom',
          path: ['timeOfDeath'],
          message: "is required when disposition is 'deceased'",
        });
      if (!deceased && b.timeOfDeath)
        ctx.addIssue({
          code: 'custom',
          path: ['timeOfDeath'],
          message: "is only accepted when disposition is 'deceased'",
        });
      if (deceased && b.medications.length)
        ctx.addIssue({
          code: 'custom',
          path: ['medications'],
          message: "must be empty when disposition is 'deceased'",
        });
    }),
  );
export type DischargeInput = z.output<typeof DischargeInput>;

export const PrescribeDischargeMedicineInput = z.extend(PrescriptionInputSchema, {
  id: idParam(),
  /** Needed when a critical decision-support card stops the order (clinical/order-cards.ts). */
  cdsOverrideReason: z.optional(boundedText('cdsOverrideReason', 1, 500)),
});

/** The answer: the discharge prescription and the decision-support cards that apply to it. */
export const DischargePrescribeAnswer = z.extend(Prescription, { cards: z.array(Card) });

/**
 * The answer to a discharge: the admission and the decision-support cards of the discharge (a
 * critical result not yet acknowledged) and of its medicines.
 */
export const DischargeAnswer = z.extend(AdmissionDetail, { cards: z.array(Card) });

export const EnteredInErrorInput = z.strictObject({ id: idParam(), reason: nonEmpty(500) });

export const ChangeDischargePrescriptionInput = z
  .strictObject({
    id: idParam(),
    prescriptionId: idParam(),
    status: MedicationRequestStatusSchema,
    reason: z.optional(nonEmpty(500)),
  })
  .check(z.superRefine(requireReasonFor(MEDICATION_STATUSES_NEEDING_REASON)));
