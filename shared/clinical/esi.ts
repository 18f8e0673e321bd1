/**
 * The triage scale of the emergency department: the Emergency Severity Index, version 4 (Gilboy N,
 * Tanabe P, Travers D, Rosenau AM. Emergency Severity Index (ESI): A Triage Tool for Emergency
 * Department Care, Version 4. Implementation Handbook 2012 Edition. AHRQ Publication No. 12-0014.
 * Agency for Healthcare Research and Quality, 2011). https://www.ahrq.gov/patient-safety/settings/emergency-dept/esi.html
 *
 * The scale is a declared table (TRIAGE_SCALE below): its decision points, its resource table and
 * its danger-zone vital signs are data, so a hospital that chooses another scale later replaces the
 * table, not code spread around. The algorithm (Handbook chapter 2, figure 2-1):
 *
 *   A. Does the patient require an immediate life-saving intervention?            yes → ESI 1
 *   B. Is this a patient who should not wait: a high-risk situation, new confusion,
 *      lethargy or disorientation, or severe pain or distress?                     yes → ESI 2
 *   C. How many different resources are needed?        none → ESI 5, one → ESI 4, many → D
 *   D. Danger-zone vital signs (by age)? exceeded → consider ESI 2, else ESI 3.
 *
 * "Consider" at D is the triage nurse's judgement (Handbook chapter 5): a danger-zone reading moves
 * a level 3 to level 2 unless the nurse records that they keep level 3 and why. Pain is recorded on
 * its 0–10 scale; the Handbook takes a rating of 7 or more as a reason to consider "severe pain"
 * at B, again the nurse's judgement, so the answer at B is the nurse's and the rating is kept.
 * Fever in a neonate (≤ 28 days, > 38.0 °C) is ESI 2 at least (Handbook chapter 9).
 */

export type EsiLevel = 1 | 2 | 3 | 4 | 5;

/** Resources as the Handbook counts them (chapter 4, table 4-1): each kind counts once. */
export const ESI_RESOURCES = {
  labs: { counts: 1, label: 'Labs (blood, urine)' },
  ecg: { counts: 1, label: 'ECG' },
  xray: { counts: 1, label: 'X-rays' },
  'ct-mri-ultrasound': { counts: 1, label: 'CT, MRI, ultrasound, angiography' },
  'iv-fluids': { counts: 1, label: 'IV fluids (hydration)' },
  'iv-im-neb-medication': { counts: 1, label: 'IV, IM or nebulised medications' },
  'specialty-consultation': { counts: 1, label: 'Specialty consultation' },
  'simple-procedure': { counts: 1, label: 'Simple procedure (laceration repair, Foley catheter)' },
  'complex-procedure': { counts: 2, label: 'Complex procedure (conscious sedation)' },
} as const;
export type EsiResource = keyof typeof ESI_RESOURCES;
export const ESI_RESOURCE_KINDS = Object.keys(ESI_RESOURCES) as [EsiResource, ...EsiResource[]];

/**
 * Not resources (Handbook table 4-1), listed so the form can say so: history and physical
 * examination, point-of-care testing, saline or heparin lock, oral medications, tetanus
 * immunisation, prescription refills, a phone call to the primary care physician, simple wound
 * care, crutches, splints, slings.
 */
export const ESI_NOT_RESOURCES = [
  'history and physical examination (including pelvic)',
  'point-of-care testing',
  'saline or heparin lock',
  'PO medications',
  'tetanus immunisation',
  'prescription refills',
  'phone call to the primary care physician',
  'simple wound care (dressings, recheck)',
  'crutches, splints, slings',
] as const;

/** One band of the danger-zone vital signs: ages from (inclusive) up to (exclusive), in months. */
export interface DangerZoneBand {
  fromMonths: number;
  toMonths: number;
  label: string;
  /** Exceeded when the reading is above (strictly greater than) the limit. */
  heartRateAbove: number;
  respiratoryRateAbove: number;
}

/** The ESI v4 algorithm's danger-zone vital signs (Handbook figure 2-1, decision point D). */
export const DANGER_ZONE_BANDS: readonly DangerZoneBand[] = [
  {
    fromMonths: 0,
    toMonths: 3,
    label: '< 3 months',
    heartRateAbove: 180,
    respiratoryRateAbove: 50,
  },
  {
    fromMonths: 3,
    toMonths: 36,
    label: '3 months – 3 years',
    heartRateAbove: 160,
    respiratoryRateAbove: 40,
  },
  {
    fromMonths: 36,
    toMonths: 96,
    label: '3 – 8 years',
    heartRateAbove: 140,
    respiratoryRateAbove: 30,
  },
  {
    fromMonths: 96,
    toMonths: Infinity,
    label: '> 8 years',
    heartRateAbove: 100,
    respiratoryRateAbove: 20,
  },
];
/** Any age: SpO2 below 92 %. */
export const DANGER_ZONE_SPO2_BELOW = 92;
/** Neonatal fever (Handbook chapter 9): 28 days or younger and above 38.0 °C → at least ESI 2. */
export const NEONATAL_FEVER = { maxAgeDays: 28, temperatureAbove: 38.0 } as const;
/** The pain rating at which the Handbook has the nurse consider "severe pain" (decision point B). */
export const SEVERE_PAIN_CONSIDER_FROM = 7;

/** The scale as a declared table: what the triage record names and the docs show. */
export const TRIAGE_SCALE = {
  id: 'esi-v4',
  title: 'Emergency Severity Index, version 4',
  source: {
    title:
      'Emergency Severity Index (ESI): A Triage Tool for Emergency Department Care, Version 4. Implementation Handbook 2012 Edition (AHRQ Publication No. 12-0014)',
    year: 2011,
    url: 'https://www.ahrq.gov/patient-safety/settings/emergency-dept/esi.html',
  },
  levels: {
    1: 'Resuscitation: requires an immediate life-saving intervention',
    2: 'Emergent: high-risk situation, new confusion/lethargy/disorientation, severe pain or distress, or danger-zone vital signs',
    3: 'Urgent: two or more resources expected',
    4: 'Less urgent: one resource expected',
    5: 'Non-urgent: no resources expected',
  } as Readonly<Record<EsiLevel, string>>,
} as const;

export interface EsiAnswers {
  /** Decision point A. */
  lifeSavingIntervention: boolean;
  /** Decision point B, its three questions. */
  highRiskSituation: boolean;
  newConfusionLethargyOrDisorientation: boolean;
  severePainOrDistress: boolean;
  /** Decision point C: the kinds of resource expected (each kind counts as in ESI_RESOURCES). */
  resources: readonly EsiResource[];
  /** Decision point D: the nurse keeps level 3 despite danger-zone vital signs (with a reason). */
  keepLevel3DespiteDangerZone?: boolean;
}

export interface EsiVitals {
  pulse?: number | null | undefined;
  respiratoryRate?: number | null | undefined;
  spo2?: number | null | undefined;
  temperatureC?: number | null | undefined;
}

export interface EsiResult {
  level: EsiLevel;
  /** The decision point that set the level: A, B, C (4 or 5), D (2 or 3), or fever. */
  decidedAt: 'A' | 'B' | 'C' | 'D' | 'neonatal-fever';
  resourceCount: number;
  /** The danger-zone readings exceeded (e.g. "pulse 104 > 100 (> 8 years)"). */
  dangerZone: string[];
  /** Notes for the nurse: pain ≥ 7 answered "no" at B, neonatal fever. */
  notes: string[];
}

/** Counts the resources the Handbook's way: each kind once, a complex procedure as two. */
export function countResources(resources: readonly EsiResource[]): number {
  return [...new Set(resources)].reduce((n, r) => n + ESI_RESOURCES[r].counts, 0);
}

/** The band of an age in completed months (an unknown age is taken as an adult's). */
export function dangerZoneBand(ageMonths: number | null): DangerZoneBand {
  const m = ageMonths === null || !Number.isFinite(ageMonths) ? Infinity : ageMonths;
  return (
    DANGER_ZONE_BANDS.find((b) => m >= b.fromMonths && m < b.toMonths) ??
    (DANGER_ZONE_BANDS.at(-1) as DangerZoneBand)
  );
}

/** The danger-zone readings the vitals exceed for the age. */
export function dangerZoneFindings(vitals: EsiVitals, ageMonths: number | null): string[] {
  const band = dangerZoneBand(ageMonths);
  const found: string[] = [];
  if (typeof vitals.pulse === 'number' && vitals.pulse > band.heartRateAbove)
    found.push(`heart rate ${vitals.pulse} > ${band.heartRateAbove} (${band.label})`);
  if (
    typeof vitals.respiratoryRate === 'number' &&
    vitals.respiratoryRate > band.respiratoryRateAbove
  )
    found.push(
      `respiratory rate ${vitals.respiratoryRate} > ${band.respiratoryRateAbove} (${band.label})`,
    );
  if (typeof vitals.spo2 === 'number' && vitals.spo2 < DANGER_ZONE_SPO2_BELOW)
    found.push(`SpO2 ${vitals.spo2}% < ${DANGER_ZONE_SPO2_BELOW}%`);
  return found;
}

/**
 * The ESI level from the nurse's answers at each decision point, the arrival vitals and the
 * patient's age (completed months and days; null when unknown).
 */
export function esiLevel(
  answers: EsiAnswers,
  vitals: EsiVitals,
  age: { months: number | null; days: number | null },
  painScore?: number | null,
): EsiResult {
  const resourceCount = countResources(answers.resources);
  const dangerZone = dangerZoneFindings(vitals, age.months);
  const notes: string[] = [];
  if (
    typeof painScore === 'number' &&
    painScore >= SEVERE_PAIN_CONSIDER_FROM &&
    !answers.severePainOrDistress
  )
    notes.push(
      `pain rated ${painScore}/10: the Handbook asks the nurse to consider severe pain (ESI 2) from ${SEVERE_PAIN_CONSIDER_FROM}/10; answered no at decision point B`,
    );
  const result = (level: EsiLevel, decidedAt: EsiResult['decidedAt']): EsiResult => ({
    level,
    decidedAt,
    resourceCount,
    dangerZone,
    notes,
  });
  if (answers.lifeSavingIntervention) return result(1, 'A');
  if (
    answers.highRiskSituation ||
    answers.newConfusionLethargyOrDisorientation ||
    answers.severePainOrDistress
  )
    return result(2, 'B');
  const neonatalFever =
    age.days !== null &&
    age.days <= NEONATAL_FEVER.maxAgeDays &&
    typeof vitals.temperatureC === 'number' &&
    vitals.temperatureC > NEONATAL_FEVER.temperatureAbove;
  if (neonatalFever) {
    notes.push(
      `neonate (${age.days} days) with temperature ${vitals.temperatureC} °C > ${NEONATAL_FEVER.temperatureAbove} °C: at least ESI 2`,
    );
    return result(2, 'neonatal-fever');
  }
  if (resourceCount === 0) return result(5, 'C');
  if (resourceCount === 1) return result(4, 'C');
  if (dangerZone.length && !answers.keepLevel3DespiteDangerZone) return result(2, 'D');
  return result(3, 'D');
}
