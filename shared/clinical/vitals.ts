/**
 * One vital-signs reading: validation, BMI and NEWS2. Ranges are physiological plausibility
 * limits that catch typing errors (pulse 800, temperature in °F), not clinical normal ranges:
 * they must let through every reading a live patient can have, however ill (SpO2 20–49% is
 * severe hypoxaemia, not a typo; 0–19% is not a plausible live pulse-oximetry reading).
 * Height 272 cm and weight ~635 kg are the largest recorded humans, hence the caps 272 and 700.
 */
import { boundedNumber, boundedText, oneOf } from '../kernel/fields';
import * as z from '../kernel/zod';
import { type EarlyWarning, EarlyWarningSchema, earlyWarningOf } from './early-warning';
import {
  CONSCIOUSNESS_LEVELS,
  calculateNews2,
  type News2Escalation,
  type News2Input,
  type News2Result,
  News2ResultSchema,
  news2NotApplicableReason,
  readingEscalation,
  type Spo2Scale,
} from './news2';
import { normaliseRespiratoryEffort, RESPIRATORY_EFFORTS } from './pews';
import { roundHalfUp } from './rounding';

/** Fields that count as a measurement; flags and notes alone do not make a reading. */
const MEASUREMENT_FIELDS = [
  'temperatureC',
  'pulse',
  'respiratoryRate',
  'systolic',
  'diastolic',
  'spo2',
  'consciousness',
  'weightKg',
  'heightCm',
  'capillaryRefillSeconds',
  'respiratoryEffort',
] as const;

export const SPO2_SCALE_NOT_A_READING =
  'spo2Scale is not part of a vitals reading: SpO2 Scale 2 is a decision by a doctor, recorded on the encounter with encounters.update (spo2Scale, spo2ScaleReason), and every reading then uses it';

export const VitalsInputSchema = z
  .strictObject(
    {
      // Lower bounds are what a live patient can have: survived accidental hypothermia of
      // 13.7 °C (Gilbert et al., Lancet 2000), a pulse or breathing of a few a minute in profound
      // hypothermia or pre-arrest, a systolic barely recordable in shock.
      temperatureC: z.optional(boundedNumber('temperatureC', 13, 45)),
      pulse: z.optional(boundedNumber('pulse', 1, 300, { int: true })),
      respiratoryRate: z.optional(boundedNumber('respiratoryRate', 1, 80, { int: true })),
      systolic: z.optional(boundedNumber('systolic', 10, 300, { int: true })),
      diastolic: z.optional(boundedNumber('diastolic', 5, 200, { int: true })),
      spo2: z.optional(boundedNumber('spo2', 20, 100, { int: true })),
      consciousness: z.optional(
        z.enum(CONSCIOUSNESS_LEVELS, {
          error:
            'consciousness must be one of: A, C, V, P, U (ACVPU: alert, new confusion, voice, pain, unresponsive)',
        }),
      ),
      supplementalOxygen: z.optional(
        z.boolean({ error: 'supplementalOxygen must be true or false' }),
      ),
      oxygenFlowLpm: z.optional(boundedNumber('oxygenFlowLpm', 0, 60)),
      weightKg: z.optional(boundedNumber('weightKg', 0.3, 700)),
      // Children's observations (Bedside PEWS, clinical/pews.ts): central capillary refill in
      // seconds, and the work of breathing as the chart names it (case and spacing normalised).
      capillaryRefillSeconds: z.optional(boundedNumber('capillaryRefillSeconds', 0, 20)),
      respiratoryEffort: z.optional(
        z.pipe(
          z.pipe(
            z.string({ error: 'respiratoryEffort must be text' }),
            z.transform((t) => normaliseRespiratoryEffort(t) ?? t),
          ),
          oneOf('respiratoryEffort', RESPIRATORY_EFFORTS),
        ),
      ),
      heightCm: z.optional(boundedNumber('heightCm', 30, 272)),
      note: z.optional(boundedText('note', 0, 500)),
    },
    {
      error: (iss) => {
        if (iss.code === 'invalid_type') return 'vitals must be an object';
        // The SpO2 scale used to be a per-reading field; say where the decision lives now.
        if (iss.code === 'unrecognized_keys' && iss.keys.includes('spo2Scale'))
          return SPO2_SCALE_NOT_A_READING;
        return undefined;
      },
    },
  )
  .check(
    z.superRefine(
      (reading, ctx) => {
        if (MEASUREMENT_FIELDS.every((field) => reading[field] === undefined)) {
          ctx.addIssue({
            code: 'custom',
            path: [],
            message: 'at least one vital sign is required',
          });
        }
        if (
          typeof reading.diastolic === 'number' &&
          typeof reading.systolic === 'number' &&
          reading.diastolic >= reading.systolic
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['diastolic'],
            message: `diastolic (${reading.diastolic}) must be lower than systolic (${reading.systolic})`,
          });
        }
        if (
          reading.supplementalOxygen === false &&
          typeof reading.oxygenFlowLpm === 'number' &&
          reading.oxygenFlowLpm > 0
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['oxygenFlowLpm'],
            message: 'oxygenFlowLpm is set but supplementalOxygen is false',
          });
        }
      },
      // Also run when a field failed its own check, so one response lists every problem.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
  );

export type VitalsInput = z.infer<typeof VitalsInputSchema>;

/** kg/m², rounded half up to one decimal; null unless both measurements are positive numbers. */
export function bmi(
  weightKg: number | null | undefined,
  heightCm: number | null | undefined,
): number | null {
  if (typeof weightKg !== 'number' || typeof heightCm !== 'number') return null;
  if (!Number.isFinite(weightKg) || !Number.isFinite(heightCm) || weightKg <= 0 || heightCm <= 0)
    return null;
  const metres = heightCm / 100;
  return roundHalfUp(weightKg / (metres * metres), 1);
}

export const BMI_CATEGORIES = [
  'underweight',
  'normal-weight',
  'pre-obesity',
  'obesity-class-1',
  'obesity-class-2',
  'obesity-class-3',
] as const;
export type BmiCategory = (typeof BMI_CATEGORIES)[number];

/**
 * WHO adult classification (<18.5, 18.5–24.9, 25.0–29.9, 30.0–34.9, 35.0–39.9, ≥40), applied to
 * the one-decimal BMI. It does not apply to children or pregnancy: assessReading only gives it
 * from ADULT_BMI_MIN_AGE_YEARS.
 */
export function bmiCategory(value: number | null | undefined): BmiCategory | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  if (value < 18.5) return 'underweight';
  if (value < 25) return 'normal-weight';
  if (value < 30) return 'pre-obesity';
  if (value < 35) return 'obesity-class-1';
  if (value < 40) return 'obesity-class-2';
  return 'obesity-class-3';
}

/**
 * WHO: the adult BMI cut-offs apply from 18 years; children and adolescents (WHO 2007 growth
 * reference, 5–19 years; WHO Child Growth Standards under 5) are assessed on BMI-for-age centiles.
 */
export const ADULT_BMI_MIN_AGE_YEARS = 18;

/**
 * Completed years of age on `onDate` (both YYYY-MM-DD, `onDate` being the hospital's local date).
 * Someone born on 29 February turns a year older on 1 March in a common year.
 */
export function ageInYears(dateOfBirth: string, onDate: string): number {
  const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
  const birth = DATE.exec(dateOfBirth);
  const on = DATE.exec(onDate);
  if (!birth || !on) return Number.NaN;
  const years = Number(on[1]) - Number(birth[1]);
  const birthdayReached = `${on[2]}-${on[3]}` >= `${birth[2]}-${birth[3]}`;
  return birthdayReached ? years : years - 1;
}

/** Completed months of age on `onDate` (both YYYY-MM-DD); NaN when either is not a date. */
export function ageInMonths(dateOfBirth: string, onDate: string): number {
  const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
  const birth = DATE.exec(dateOfBirth);
  const on = DATE.exec(onDate);
  if (!birth || !on) return Number.NaN;
  const months = (Number(on[1]) - Number(birth[1])) * 12 + Number(on[2]) - Number(birth[2]);
  return Number(on[3]) >= Number(birth[3]) ? months : months - 1;
}

export type VitalsReading = News2Input & {
  weightKg?: number | null;
  heightCm?: number | null;
  diastolic?: number | null;
  oxygenFlowLpm?: number | null;
  capillaryRefillSeconds?: number | null;
  respiratoryEffort?: string | null;
};

/** What is known about the patient at the time of the reading, beyond the reading itself. */
export interface PatientContext {
  /** Completed years at the reading (ageInYears); NaN when unknown. */
  ageYears: number;
  /** The SpO2 scale recorded on the encounter (2 only after a doctor's documented decision). */
  spo2Scale: Spo2Scale;
  /** A recorded pregnancy or recent delivery that withholds NEWS2 (clinical/pregnancy.ts). */
  pregnancy?: 'pregnant' | 'postpartum' | null;
  /** Completed months at the reading (ageInMonths), for the PEWS age band; unknown when absent. */
  ageMonths?: number | null;
}

export const ReadingAssessmentSchema = z.strictObject({
  bmi: z.nullable(z.number()),
  /** WHO adult category; null without a BMI or for a patient under 18. */
  bmiCategory: z.nullable(z.enum(BMI_CATEGORIES)),
  /** Why there is a BMI but no category (a child), else null. */
  bmiCategoryNotApplicable: z.nullable(z.string()),
  /** Null when NEWS2 does not apply to this patient (news2NotApplicable says why). */
  news2: z.nullable(News2ResultSchema),
  news2NotApplicable: z.nullable(z.string()),
  /**
   * The clinical response the reading calls for (RCP Chart 4): `emergency` (≥ 7), `urgent` (5–6 or
   * any single 3), also from an incomplete set's measured parameters; null when none, or when
   * NEWS2 does not apply.
   */
  news2Escalation: z.nullable(z.enum(['urgent', 'emergency'])),
  /**
   * Where NEWS2 is withheld: MEOWS for a pregnant or postpartum patient, the Bedside PEWS for a
   * child (clinical/early-warning.ts); null where NEWS2 applies or the age is unknown.
   */
  earlyWarning: z.nullable(EarlyWarningSchema),
});

export interface ReadingAssessment {
  bmi: number | null;
  bmiCategory: BmiCategory | null;
  bmiCategoryNotApplicable: string | null;
  news2: News2Result | null;
  news2NotApplicable: string | null;
  news2Escalation: News2Escalation | null;
  earlyWarning: EarlyWarning | null;
}
// The computed assessment must fit the answer schema: this fails to compile when they drift apart.
type Fits<T extends z.input<typeof ReadingAssessmentSchema>> = T;
export type ReadingAssessmentFitsSchema = Fits<ReadingAssessment>;

export function assessReading(reading: VitalsReading, patient: PatientContext): ReadingAssessment {
  const value = bmi(reading.weightKg, reading.heightCm);
  const adult = Number.isInteger(patient.ageYears) && patient.ageYears >= ADULT_BMI_MIN_AGE_YEARS;
  const news2NotApplicable = news2NotApplicableReason(patient.ageYears, patient.pregnancy ?? null);
  return {
    bmi: value,
    bmiCategory: adult ? bmiCategory(value) : null,
    bmiCategoryNotApplicable:
      value !== null && !adult
        ? `WHO adult BMI categories apply from age ${ADULT_BMI_MIN_AGE_YEARS}; assess BMI-for-age on a growth centile chart`
        : null,
    news2: news2NotApplicable ? null : calculateNews2(reading, patient.spo2Scale),
    news2NotApplicable,
    news2Escalation: news2NotApplicable
      ? null
      : readingEscalation(reading, patient.spo2Scale).level,
    earlyWarning: news2NotApplicable
      ? earlyWarningOf(reading, {
          ageMonths: patient.ageMonths ?? null,
          pregnancy: patient.pregnancy ?? null,
        })
      : null,
  };
}
