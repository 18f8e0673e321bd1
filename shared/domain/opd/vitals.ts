/**
 * One vital-signs reading: validation, BMI and NEWS2. Ranges are physiological plausibility
 * limits that catch typing errors (pulse 800, temperature in °F), not clinical normal ranges.
 */
import * as z from 'zod';
import { boundedNumber, boundedText } from './field-schemas';
import { CONSCIOUSNESS_LEVELS, calculateNews2, type News2Input, type News2Result } from './news2';
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
] as const;

export const VitalsInputSchema = z
  .strictObject(
    {
      temperatureC: boundedNumber('temperatureC', 25, 45).optional(),
      pulse: boundedNumber('pulse', 20, 300, { int: true }).optional(),
      respiratoryRate: boundedNumber('respiratoryRate', 2, 80, { int: true }).optional(),
      systolic: boundedNumber('systolic', 40, 300, { int: true }).optional(),
      diastolic: boundedNumber('diastolic', 20, 200, { int: true }).optional(),
      spo2: boundedNumber('spo2', 50, 100, { int: true }).optional(),
      consciousness: z
        .enum(CONSCIOUSNESS_LEVELS, {
          error: 'consciousness must be one of: A, C, V, P, U (ACVPU: alert, new confusion, voice, pain, unresponsive)',
        })
        .optional(),
      supplementalOxygen: z.boolean({ error: 'supplementalOxygen must be true or false' }).optional(),
      oxygenFlowLpm: boundedNumber('oxygenFlowLpm', 0, 60).optional(),
      weightKg: boundedNumber('weightKg', 0.3, 400).optional(),
      heightCm: boundedNumber('heightCm', 20, 250).optional(),
      spo2Scale: z.literal([1, 2], { error: 'spo2Scale must be 1 or 2' }).default(1),
      note: boundedText('note', 0, 500).optional(),
    },
    { error: (iss) => (iss.code === 'invalid_type' ? 'vitals must be an object' : undefined) },
  )
  .superRefine(
    (reading, ctx) => {
      if (MEASUREMENT_FIELDS.every((field) => reading[field] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: 'at least one vital sign is required' });
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
      if (reading.supplementalOxygen === false && typeof reading.oxygenFlowLpm === 'number' && reading.oxygenFlowLpm > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['oxygenFlowLpm'],
          message: 'oxygenFlowLpm is set but supplementalOxygen is false',
        });
      }
    },
    // Also run when a field failed its own check, so one response lists every problem.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

export type VitalsInput = z.infer<typeof VitalsInputSchema>;

/** kg/m², rounded half up to one decimal; null unless both measurements are positive numbers. */
export function bmi(weightKg: number | null | undefined, heightCm: number | null | undefined): number | null {
  if (typeof weightKg !== 'number' || typeof heightCm !== 'number') return null;
  if (!Number.isFinite(weightKg) || !Number.isFinite(heightCm) || weightKg <= 0 || heightCm <= 0) return null;
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
 * the one-decimal BMI. It does not apply to children or pregnancy; callers decide when to show it.
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

export type VitalsReading = News2Input & {
  weightKg?: number | null;
  heightCm?: number | null;
};

export interface ReadingAssessment {
  bmi: number | null;
  bmiCategory: BmiCategory | null;
  news2: News2Result;
}

export function assessReading(reading: VitalsReading): ReadingAssessment {
  const value = bmi(reading.weightKg, reading.heightCm);
  return { bmi: value, bmiCategory: bmiCategory(value), news2: calculateNews2(reading) };
}
