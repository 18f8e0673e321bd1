/**
 * NEWS2, the National Early Warning Score 2 (Royal College of Physicians, 2017): Chart 1 for the
 * parameter scores, Charts 3–4 for the thresholds and the clinical response.
 *
 * - SpO2 Scale 1 is the default. Scale 2 (target 88–92%) is "only for patients with confirmed
 *   hypercapnic respiratory failure … the decision to use it should be taken by a competent
 *   clinical decision-maker and recorded in the patient's notes" (RCP 2017, Chart 1 notes). It is
 *   therefore not part of a reading: the caller passes the scale the patient's record says
 *   (`calculateNews2(reading, 2)`), and the result says which scale was used.
 *   On Scale 2, SpO2 ≥93% scores 0 on air but 1–3 on oxygen (over-oxygenation).
 * - Decimals: the chart's bands are whole numbers (temperature: one decimal). The API only takes
 *   whole respiration rates, SpO2, systolic BPs and pulses (clinical/vitals.ts), but this function
 *   is total: it rounds half up before banding, those to whole numbers (20.5 → 21) and the
 *   temperature to one decimal (36.05 → 36.1, 35.04 → 35.0), so no reading falls between bands.
 * - NEWS2 is only valid with all seven parameters. A missing one is never assumed normal: the
 *   result has `score: null` and lists what is missing.
 * - NEWS2 "is not validated for use in children (<16 years) or in pregnancy" (RCP 2017): callers
 *   check the age and the recorded pregnancy status with `news2NotApplicableReason` first.
 * - Escalation (Chart 4): urgent at 5–6 or any single 3, emergency at 7 or more, also from an
 *   incomplete set's measured parameters (readingEscalation).
 */
import * as z from '../kernel/zod';
import { roundHalfUp } from './rounding';

export const CONSCIOUSNESS_LEVELS = ['A', 'C', 'V', 'P', 'U'] as const;
/** ACVPU: Alert, new Confusion, responds to Voice, responds to Pain, Unresponsive. */
export type Consciousness = (typeof CONSCIOUSNESS_LEVELS)[number];
export type Spo2Scale = 1 | 2;

/** Field names match a vitals reading, so `missing` can be shown to the user as-is. */
export interface News2Input {
  respiratoryRate?: number | null;
  spo2?: number | null;
  /** Air = false, oxygen = true. */
  supplementalOxygen?: boolean | null;
  systolic?: number | null;
  pulse?: number | null;
  consciousness?: Consciousness | null;
  temperatureC?: number | null;
}

export type News2Field =
  | 'respiratoryRate'
  | 'spo2'
  | 'supplementalOxygen'
  | 'systolic'
  | 'pulse'
  | 'consciousness'
  | 'temperatureC';

/** Sub-scores, named after the chart's rows. */
export interface News2ParameterScores {
  respirationRate: number;
  spo2: number;
  airOrOxygen: number;
  systolicBp: number;
  pulse: number;
  consciousness: number;
  temperature: number;
}

export type News2Risk = 'low' | 'low-medium' | 'medium' | 'high';

export interface News2Complete {
  score: number;
  missing: News2Field[];
  parameters: News2ParameterScores;
  anyParameterScoredThree: boolean;
  risk: News2Risk;
  /** Chart 3 wording, e.g. "Key threshold for urgent response". */
  responseType: string;
  /** Chart 4 clinical response, shortened. */
  response: string;
  monitoringFrequency: string;
  spo2Scale: Spo2Scale;
}

export interface News2Incomplete {
  score: null;
  missing: News2Field[];
  parameters: null;
  anyParameterScoredThree: null;
  risk: null;
  responseType: null;
  response: null;
  monitoringFrequency: null;
  spo2Scale: Spo2Scale;
}

export type News2Result = News2Complete | News2Incomplete;

const NEWS2_FIELDS = [
  'respiratoryRate',
  'spo2',
  'supplementalOxygen',
  'systolic',
  'pulse',
  'consciousness',
  'temperatureC',
] as const;

/** The answer shape of a NEWS2 result (complete, or incomplete with every score null). */
export const News2ResultSchema = z.strictObject({
  score: z.nullable(z.number().check(z.int())),
  missing: z.array(z.enum(NEWS2_FIELDS)),
  parameters: z.nullable(
    z.strictObject({
      respirationRate: z.number().check(z.int()),
      spo2: z.number().check(z.int()),
      airOrOxygen: z.number().check(z.int()),
      systolicBp: z.number().check(z.int()),
      pulse: z.number().check(z.int()),
      consciousness: z.number().check(z.int()),
      temperature: z.number().check(z.int()),
    }),
  ),
  anyParameterScoredThree: z.nullable(z.boolean()),
  risk: z.nullable(z.enum(['low', 'low-medium', 'medium', 'high'])),
  responseType: z.nullable(z.string()),
  response: z.nullable(z.string()),
  monitoringFrequency: z.nullable(z.string()),
  spo2Scale: z.union([z.literal(1), z.literal(2)]),
});
// The computed types must fit the answer schema: this fails to compile when they drift apart.
type Fits<T extends z.input<typeof News2ResultSchema>> = T;
export type News2ResultFitsSchema = Fits<News2Result>;

/** RCP 2017: NEWS2 is validated for patients aged 16 and over. */
export const NEWS2_MIN_AGE_YEARS = 16;

/**
 * Why NEWS2 must not be given for this patient, or null when it applies: an age under 16 (whole
 * years at the reading; an unknown or impossible age is not assumed to be adult), or a recorded
 * pregnancy or recent delivery (clinical/pregnancy.ts says when a postpartum status lapses).
 */
export function news2NotApplicableReason(
  ageYears: number,
  pregnancy: 'pregnant' | 'postpartum' | null = null,
): string | null {
  if (!Number.isInteger(ageYears) || ageYears < 0) {
    return "NEWS2 not calculated: the patient's age is unknown, and NEWS2 is only validated for patients aged 16 and over";
  }
  if (ageYears < NEWS2_MIN_AGE_YEARS) {
    return `NEWS2 is validated for patients aged ${NEWS2_MIN_AGE_YEARS} and over (patient is ${ageYears}); use a paediatric early warning score (PEWS)`;
  }
  if (pregnancy === 'pregnant')
    return 'NEWS2 is not validated in pregnancy (RCP 2017; the patient is recorded as pregnant); use an obstetric early warning score (e.g. MEOWS)';
  if (pregnancy === 'postpartum')
    return 'NEWS2 is not validated in pregnancy or in the six weeks after delivery (RCP 2017; the patient is recorded as postpartum); use an obstetric early warning score (e.g. MEOWS)';
  return null;
}

/** Inclusive upper bound of a band, applied to the rounded reading; bands are in order. */
interface Band {
  upTo: number;
  score: number;
}

const RESPIRATION_RATE: readonly Band[] = [
  { upTo: 8, score: 3 },
  { upTo: 11, score: 1 },
  { upTo: 20, score: 0 },
  { upTo: 24, score: 2 },
  { upTo: Infinity, score: 3 },
];
const SPO2_SCALE_1: readonly Band[] = [
  { upTo: 91, score: 3 },
  { upTo: 93, score: 2 },
  { upTo: 95, score: 1 },
  { upTo: Infinity, score: 0 },
];
const SPO2_SCALE_2_ON_AIR: readonly Band[] = [
  { upTo: 83, score: 3 },
  { upTo: 85, score: 2 },
  { upTo: 87, score: 1 },
  { upTo: Infinity, score: 0 },
];
const SPO2_SCALE_2_ON_OXYGEN: readonly Band[] = [
  { upTo: 83, score: 3 },
  { upTo: 85, score: 2 },
  { upTo: 87, score: 1 },
  { upTo: 92, score: 0 },
  { upTo: 94, score: 1 },
  { upTo: 96, score: 2 },
  { upTo: Infinity, score: 3 },
];
const SYSTOLIC_BP: readonly Band[] = [
  { upTo: 90, score: 3 },
  { upTo: 100, score: 2 },
  { upTo: 110, score: 1 },
  { upTo: 219, score: 0 },
  { upTo: Infinity, score: 3 },
];
const PULSE: readonly Band[] = [
  { upTo: 40, score: 3 },
  { upTo: 50, score: 1 },
  { upTo: 90, score: 0 },
  { upTo: 110, score: 1 },
  { upTo: 130, score: 2 },
  { upTo: Infinity, score: 3 },
];
const TEMPERATURE: readonly Band[] = [
  { upTo: 35.0, score: 3 },
  { upTo: 36.0, score: 1 },
  { upTo: 38.0, score: 0 },
  { upTo: 39.0, score: 1 },
  { upTo: Infinity, score: 2 },
];
const OXYGEN_SCORE = 2;
const CONSCIOUSNESS_NOT_ALERT_SCORE = 3;

function band(bands: readonly Band[], value: number): number {
  const match = bands.find((b) => value <= b.upTo);
  return match ? match.score : 0;
}

const RESPONSES: Record<
  'zero' | News2Risk,
  { responseType: string; response: string; monitoringFrequency: string }
> = {
  zero: {
    responseType: 'Ward-based response',
    response: 'Continue routine NEWS monitoring',
    monitoringFrequency: 'Minimum 12-hourly',
  },
  low: {
    responseType: 'Ward-based response',
    response:
      'Inform registered nurse, who must assess the patient and decide whether increased frequency of clinical monitoring or escalation of care is required',
    monitoringFrequency: 'Minimum 4–6-hourly',
  },
  'low-medium': {
    responseType: 'Urgent ward-based response',
    response:
      'Registered nurse to inform the medical team caring for the patient, who will review and decide whether escalation of care is necessary',
    monitoringFrequency: 'Minimum 1-hourly',
  },
  medium: {
    responseType: 'Key threshold for urgent response',
    response:
      'Registered nurse to immediately inform the medical team caring for the patient and request urgent assessment by a clinician or team with core competencies in the care of acutely ill patients; provide clinical care in an environment with monitoring facilities',
    monitoringFrequency: 'Minimum 1-hourly',
  },
  high: {
    responseType: 'Urgent or emergency response',
    response:
      'Registered nurse to immediately inform the medical team caring for the patient (at least specialist registrar level); emergency assessment by a team with critical care competencies, including advanced airway management skills; consider transfer to a level 2 or 3 care facility (HDU or ICU); clinical care in an environment with monitoring facilities',
    monitoringFrequency: 'Continuous monitoring of vital signs',
  },
};

function isReading(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function missingNews2Fields(input: News2Input): News2Field[] {
  const missing: News2Field[] = [];
  if (!isReading(input.respiratoryRate)) missing.push('respiratoryRate');
  if (!isReading(input.spo2)) missing.push('spo2');
  if (typeof input.supplementalOxygen !== 'boolean') missing.push('supplementalOxygen');
  if (!isReading(input.systolic)) missing.push('systolic');
  if (!isReading(input.pulse)) missing.push('pulse');
  if (!CONSCIOUSNESS_LEVELS.includes(input.consciousness as Consciousness))
    missing.push('consciousness');
  if (!isReading(input.temperatureC)) missing.push('temperatureC');
  return missing;
}

export function spo2SubScore(spo2: number, scale: Spo2Scale, onOxygen: boolean): number {
  const value = roundHalfUp(spo2);
  // Anything but an explicit 2 is Scale 1: scoring low SpO2 as normal is the dangerous mistake.
  if (scale !== 2) return band(SPO2_SCALE_1, value);
  return band(onOxygen ? SPO2_SCALE_2_ON_OXYGEN : SPO2_SCALE_2_ON_AIR, value);
}

export function news2Risk(score: number, anyParameterScoredThree: boolean): News2Risk {
  if (score >= 7) return 'high';
  if (score >= 5) return 'medium';
  return anyParameterScoredThree ? 'low-medium' : 'low';
}

/** The sub-scores of the parameters the reading has (all seven when it is complete). */
export function parameterScores(
  input: News2Input,
  scale: Spo2Scale = 1,
): Partial<News2ParameterScores> {
  const onOxygen = input.supplementalOxygen === true;
  const scores: Partial<News2ParameterScores> = {};
  if (isReading(input.respiratoryRate))
    scores.respirationRate = band(RESPIRATION_RATE, roundHalfUp(input.respiratoryRate));
  if (isReading(input.spo2)) scores.spo2 = spo2SubScore(input.spo2, scale === 2 ? 2 : 1, onOxygen);
  if (typeof input.supplementalOxygen === 'boolean')
    scores.airOrOxygen = onOxygen ? OXYGEN_SCORE : 0;
  if (isReading(input.systolic)) scores.systolicBp = band(SYSTOLIC_BP, roundHalfUp(input.systolic));
  if (isReading(input.pulse)) scores.pulse = band(PULSE, roundHalfUp(input.pulse));
  if (CONSCIOUSNESS_LEVELS.includes(input.consciousness as Consciousness))
    scores.consciousness = input.consciousness === 'A' ? 0 : CONSCIOUSNESS_NOT_ALERT_SCORE;
  if (isReading(input.temperatureC))
    scores.temperature = band(TEMPERATURE, roundHalfUp(input.temperatureC, 1));
  return scores;
}

/** `scale` comes from the recorded clinical decision, never from the reading itself. */
export function calculateNews2(input: News2Input, scale: Spo2Scale = 1): News2Result {
  const spo2Scale: Spo2Scale = scale === 2 ? 2 : 1;
  const missing = missingNews2Fields(input);
  if (missing.length > 0) {
    return {
      score: null,
      missing,
      parameters: null,
      anyParameterScoredThree: null,
      risk: null,
      responseType: null,
      response: null,
      monitoringFrequency: null,
      spo2Scale,
    };
  }
  // missingNews2Fields has checked every field: all seven sub-scores are present.
  const parameters = parameterScores(input, spo2Scale) as News2ParameterScores;
  const scores = Object.values(parameters);
  const score = scores.reduce((sum, s) => sum + s, 0);
  const anyParameterScoredThree = scores.some((s) => s === 3);
  const risk = news2Risk(score, anyParameterScoredThree);
  return {
    score,
    missing: [],
    parameters,
    anyParameterScoredThree,
    risk,
    ...RESPONSES[score === 0 ? 'zero' : risk],
    spo2Scale,
  };
}

export type News2Escalation = 'urgent' | 'emergency';

/**
 * The clinical response a score calls for (RCP NEWS2 2017, Chart 4): an aggregate of 7 or more is
 * an emergency (critical-care-competent team, continuous monitoring); 5 or 6, or 3 in any single
 * parameter (a "red score"), an urgent review by the medical team; below that the ward's routine
 * response. The thresholds are inclusive, as the chart's bands are.
 */
export function news2EscalationLevel(
  score: number,
  anyParameterScoredThree: boolean,
): News2Escalation | null {
  if (score >= 7) return 'emergency';
  if (score >= 5 || anyParameterScoredThree) return 'urgent';
  return null;
}

/**
 * The ward's escalation flag of a complete result: its clinical response is urgent or emergency
 * (news2EscalationLevel). An incomplete result says nothing here; readingEscalation reads what
 * an incomplete set already shows.
 */
export function news2NeedsEscalation(
  result: Pick<News2Result, 'risk' | 'anyParameterScoredThree'> | null | undefined,
): boolean {
  return (
    !!result &&
    (result.risk === 'high' || result.risk === 'medium' || result.anyParameterScoredThree === true)
  );
}

/**
 * The escalation an observation set calls for, complete or not. A complete set: its total and red
 * scores. An incomplete set: what its measured parameters already show, because a missing
 * parameter can only add to the total (so their sum is a lower bound) and a parameter scoring 3 is
 * a red score whatever else is missing (RCP 2017: "a score of 3 in any single parameter" needs an
 * urgent response). So SpO2 84 with RR 30 and systolic 80 is an emergency without a temperature.
 * An incomplete set never stands an escalation down: only a complete one can (the caller keeps the
 * standing flag until then).
 */
export function readingEscalation(
  input: News2Input,
  scale: Spo2Scale = 1,
): { level: News2Escalation | null; complete: boolean; score: number } {
  const scores = Object.values(parameterScores(input, scale));
  const score = scores.reduce((sum, s) => sum + s, 0);
  return {
    level: news2EscalationLevel(
      score,
      scores.some((s) => s === 3),
    ),
    complete: missingNews2Fields(input).length === 0,
    score,
  };
}

export type News2Trend = 'rising' | 'falling' | 'unchanged';

/** How a score moved since the previous complete one (null when either is missing). */
export function news2Trend(
  previous: number | null | undefined,
  latest: number | null | undefined,
): News2Trend | null {
  if (typeof previous !== 'number' || typeof latest !== 'number') return null;
  return latest > previous ? 'rising' : latest < previous ? 'falling' : 'unchanged';
}
