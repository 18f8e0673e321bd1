/**
 * A paediatric early warning score (PEWS) for children under 16, for whom NEWS2 is not validated
 * (RCP 2017). The score is the **Bedside Paediatric Early Warning System score** (Bedside PEWS):
 * Parshuram CS, Hutchison J, Middaugh K. "Development and initial validation of the Bedside
 * Paediatric Early Warning System score." Critical Care 2009;13:R135,
 * https://doi.org/10.1186/cc7998 (open access; thresholds from Table 1, the seven items kept in
 * the final score, sub-scores 0, 1, 2 and 4; total 0–26; a score of 8 or more had 82 %
 * sensitivity and 93 % specificity for urgent ICU admission).
 *
 * Why this chart and not the UK National PEWS (NHS England / RCPCH, 2023): the national chart's
 * thresholds are published only as colour-banded charts, which we could not check value by value;
 * the Bedside PEWS publishes every threshold as text, so each one is tested here at its value.
 * A hospital that adopts the national chart replaces the declared tables below.
 *
 * Age bands are the source's (0 to < 3 months, 3 to < 12 months, 1–4 years, > 4–12 years,
 * > 12 years), read in completed months and years: 1–4 years is completed years 1 to 4, "> 4–12"
 * is 5 to 12, "> 12" is 13 to 15. The source mixes "≥", ">", "≤" and "<"; each is kept as written.
 * Values are rounded half up to whole numbers before banding (149.5 → 150), so no reading falls
 * between bands; a text answer (respiratory effort) is matched after normalising case and spaces.
 *
 * Items not recorded are listed in `missing`; the score over the recorded items is a lower bound
 * (a missing item can only add), so a partial score of 8 or more triggers, and only a complete set
 * can stand an escalation down (clinical/early-warning.ts). Oxygen given without a recorded flow
 * scores the lower oxygen band (2) and says so.
 */
import { roundHalfUp } from './rounding';
import { matchKey } from './text';

export const PEWS_SOURCE = {
  title:
    'Parshuram CS, Hutchison J, Middaugh K. Development and initial validation of the Bedside Paediatric Early Warning System score. Critical Care 2009;13:R135',
  url: 'https://doi.org/10.1186/cc7998',
} as const;

/** The source's threshold for urgent review (sensitivity 82 %, specificity 93 %). */
export const PEWS_TRIGGER_SCORE = 8;

/** Children from this age are scored by NEWS2, not PEWS (RCP 2017: NEWS2 from 16). */
export const PEWS_MAX_AGE_YEARS = 15;

export const PEWS_AGE_BANDS = [
  'under-3-months',
  '3-11-months',
  '1-4-years',
  '5-12-years',
  '13-15-years',
] as const;
export type PewsAgeBand = (typeof PEWS_AGE_BANDS)[number];

/** The band of a child's age in completed months; null from 16 years or when unknown. */
export function pewsAgeBand(ageMonths: number | null | undefined): PewsAgeBand | null {
  if (typeof ageMonths !== 'number' || !Number.isInteger(ageMonths) || ageMonths < 0) return null;
  if (ageMonths < 3) return 'under-3-months';
  if (ageMonths < 12) return '3-11-months';
  const years = Math.floor(ageMonths / 12);
  if (years <= 4) return '1-4-years';
  if (years <= 12) return '5-12-years';
  if (years <= PEWS_MAX_AGE_YEARS) return '13-15-years';
  return null;
}

export type PewsSubScore = 0 | 1 | 2 | 4;
type Banding = (v: number) => PewsSubScore;

/** Heart rate (beats/min), Table 1 of the source, by age band. */
export const PEWS_HEART_RATE: Record<PewsAgeBand, Banding> = {
  'under-3-months': (v) =>
    v >= 190 || v <= 80 ? 4 : v >= 180 || v <= 90 ? 2 : v >= 150 || v <= 110 ? 1 : 0,
  '3-11-months': (v) =>
    v >= 180 || v <= 70 ? 4 : v >= 170 || v <= 80 ? 2 : v >= 150 || v <= 100 ? 1 : 0,
  '1-4-years': (v) =>
    v >= 170 || v <= 60 ? 4 : v >= 150 || v <= 70 ? 2 : v >= 120 || v <= 90 ? 1 : 0,
  '5-12-years': (v) =>
    v > 150 || v <= 50 ? 4 : v >= 130 || v <= 60 ? 2 : v >= 110 || v <= 70 ? 1 : 0,
  '13-15-years': (v) =>
    v >= 140 || v <= 40 ? 4 : v >= 120 || v < 50 ? 2 : v >= 100 || v <= 60 ? 1 : 0,
};

/** Systolic blood pressure (mmHg), Table 1 of the source, by age band. */
export const PEWS_SYSTOLIC: Record<PewsAgeBand, Banding> = {
  'under-3-months': (v) =>
    v >= 130 || v <= 45 ? 4 : v >= 100 || v <= 50 ? 2 : v >= 80 || v <= 60 ? 1 : 0,
  '3-11-months': (v) =>
    v >= 150 || v <= 60 ? 4 : v >= 120 || v <= 70 ? 2 : v >= 100 || v <= 80 ? 1 : 0,
  '1-4-years': (v) =>
    v >= 160 || v <= 65 ? 4 : v >= 125 || v <= 75 ? 2 : v >= 110 || v <= 90 ? 1 : 0,
  '5-12-years': (v) =>
    v >= 170 || v <= 70 ? 4 : v >= 140 || v <= 80 ? 2 : v >= 120 || v <= 90 ? 1 : 0,
  '13-15-years': (v) =>
    v >= 190 || v <= 75 ? 4 : v >= 150 || v <= 85 ? 2 : v >= 130 || v <= 100 ? 1 : 0,
};

/** Respiratory rate (breaths/min), Table 1 of the source, by age band. */
export const PEWS_RESPIRATORY_RATE: Record<PewsAgeBand, Banding> = {
  'under-3-months': (v) =>
    v >= 91 || v <= 15 ? 4 : v >= 81 || v <= 19 ? 2 : v >= 61 || v <= 29 ? 1 : 0,
  '3-11-months': (v) =>
    v >= 81 || v <= 15 ? 4 : v >= 71 || v <= 19 ? 2 : v >= 51 || v <= 24 ? 1 : 0,
  '1-4-years': (v) =>
    v >= 71 || v <= 12 ? 4 : v >= 61 || v <= 15 ? 2 : v >= 41 || v <= 19 ? 1 : 0,
  '5-12-years': (v) =>
    v >= 51 || v <= 10 ? 4 : v >= 41 || v <= 14 ? 2 : v >= 31 || v <= 19 ? 1 : 0,
  '13-15-years': (v) =>
    v >= 30 || v <= 9 ? 4 : v >= 23 || v <= 10 ? 2 : v >= 17 || v <= 11 ? 1 : 0,
};

/** SpO2 (%), any age: > 94 → 0, 91–94 → 1, ≤ 90 → 2. */
export const pewsSpo2: Banding = (v) => (v <= 90 ? 2 : v <= 94 ? 1 : 0);

/** Capillary refill time (seconds), any age: < 3 → 0, ≥ 3 → 4. */
export const pewsCapillaryRefill: Banding = (v) => (v >= 3 ? 4 : 0);

export const RESPIRATORY_EFFORTS = ['normal', 'mild', 'moderate', 'severe'] as const;
export type RespiratoryEffort = (typeof RESPIRATORY_EFFORTS)[number];
/** Respiratory effort: normal 0, mild increase 1, moderate 2, severe increase or any apnoea 4. */
export const PEWS_RESPIRATORY_EFFORT: Record<RespiratoryEffort, PewsSubScore> = {
  normal: 0,
  mild: 1,
  moderate: 2,
  severe: 4,
};

/** Oxygen therapy: room air 0; any, under 4 L/min (or FiO2 < 50 %) 2; 4 L/min or more 4. */
export function pewsOxygenTherapy(
  supplementalOxygen: boolean,
  flowLpm: number | null | undefined,
): PewsSubScore {
  if (!supplementalOxygen) return 0;
  return typeof flowLpm === 'number' && flowLpm >= 4 ? 4 : 2;
}

export interface PewsReading {
  pulse?: number | null | undefined;
  systolic?: number | null | undefined;
  respiratoryRate?: number | null | undefined;
  spo2?: number | null | undefined;
  supplementalOxygen?: boolean | null | undefined;
  oxygenFlowLpm?: number | null | undefined;
  capillaryRefillSeconds?: number | null | undefined;
  /** Free text is accepted as long as it normalises to one of RESPIRATORY_EFFORTS. */
  respiratoryEffort?: string | null | undefined;
}

export const PEWS_ITEMS = [
  'heartRate',
  'systolic',
  'capillaryRefill',
  'respiratoryRate',
  'respiratoryEffort',
  'spo2',
  'oxygenTherapy',
] as const;
export type PewsItem = (typeof PEWS_ITEMS)[number];

export interface PewsResult {
  ageBand: PewsAgeBand;
  /** The total over the recorded items (a lower bound when `missing` is not empty). */
  score: number;
  items: Partial<Record<PewsItem, PewsSubScore>>;
  missing: PewsItem[];
  complete: boolean;
  /** Score of 8 or more (the source's threshold), also from a partial set. */
  trigger: boolean;
  escalation: string;
  notes: string[];
}

/** "Moderate ", "MILD" → the effort; anything else → undefined (not scored, listed missing). */
export function normaliseRespiratoryEffort(
  text: string | null | undefined,
): RespiratoryEffort | undefined {
  if (typeof text !== 'string') return undefined;
  const key = matchKey(text);
  if (key === 'apnoea' || key === 'apnea') return 'severe';
  return RESPIRATORY_EFFORTS.find((e) => e === key);
}

const whole = (v: number) => roundHalfUp(v, 0);

/** The Bedside PEWS of a reading for a child in `ageBand`. */
export function pews(reading: PewsReading, ageBand: PewsAgeBand): PewsResult {
  const items: Partial<Record<PewsItem, PewsSubScore>> = {};
  const notes: string[] = [];
  const num = (v: number | null | undefined) =>
    typeof v === 'number' && Number.isFinite(v) ? v : null;
  const pulse = num(reading.pulse);
  if (pulse !== null) items.heartRate = PEWS_HEART_RATE[ageBand](whole(pulse));
  const systolic = num(reading.systolic);
  if (systolic !== null) items.systolic = PEWS_SYSTOLIC[ageBand](whole(systolic));
  const crt = num(reading.capillaryRefillSeconds);
  if (crt !== null) items.capillaryRefill = pewsCapillaryRefill(crt);
  const rr = num(reading.respiratoryRate);
  if (rr !== null) items.respiratoryRate = PEWS_RESPIRATORY_RATE[ageBand](whole(rr));
  const effort = normaliseRespiratoryEffort(reading.respiratoryEffort);
  if (effort) items.respiratoryEffort = PEWS_RESPIRATORY_EFFORT[effort];
  const spo2 = num(reading.spo2);
  if (spo2 !== null) items.spo2 = pewsSpo2(whole(spo2));
  if (typeof reading.supplementalOxygen === 'boolean') {
    items.oxygenTherapy = pewsOxygenTherapy(reading.supplementalOxygen, reading.oxygenFlowLpm);
    if (reading.supplementalOxygen && num(reading.oxygenFlowLpm) === null)
      notes.push('oxygen given without a recorded flow: scored as under 4 L/min');
  }
  const missing = PEWS_ITEMS.filter((i) => items[i] === undefined);
  const score = Object.values(items).reduce<number>((sum, s) => sum + s, 0);
  const trigger = score >= PEWS_TRIGGER_SCORE;
  return {
    ageBand,
    score,
    items,
    missing,
    complete: missing.length === 0,
    trigger,
    escalation: trigger
      ? `Urgent medical review; consider critical care consultation (Bedside PEWS ${score} ≥ ${PEWS_TRIGGER_SCORE})`
      : missing.length
        ? `Bedside PEWS ${score} from the recorded items; record ${missing.join(', ')} for a complete score`
        : 'Continue routine observations',
    notes,
  };
}
