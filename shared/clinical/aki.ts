/**
 * Acute kidney injury by the KDIGO creatinine criteria (KDIGO Clinical Practice Guideline for Acute
 * Kidney Injury, Kidney Int Suppl 2012;2:1-138, section 2.1; https://kdigo.org/guidelines/acute-kidney-injury/):
 *
 * - AKI: serum creatinine rises by ≥ 26.5 µmol/L (0.3 mg/dL) within 48 hours, or to ≥ 1.5 times
 *   baseline known or presumed to have occurred within the prior 7 days.
 * - Stage 1: 1.5–1.9 × baseline, or a rise ≥ 26.5 µmol/L; stage 2: 2.0–2.9 × baseline; stage 3:
 *   ≥ 3.0 × baseline, or a rise to ≥ 353.6 µmol/L (4.0 mg/dL). (The urine-output criteria and renal
 *   replacement therapy need data this service does not hold.)
 *
 * The latest value is compared with the lowest value of the 48 hours before it (the absolute
 * rise) and with the lowest value of the 7 days before it (the baseline, as the NHS England AKI
 * algorithm takes it). Values are compared exactly; the thresholds are inclusive.
 */

export const AKI_RISE_UMOL_PER_L = 26.5;
export const AKI_RISE_WINDOW_HOURS = 48;
export const AKI_BASELINE_WINDOW_DAYS = 7;
export const AKI_STAGE_3_UMOL_PER_L = 353.6;

export interface CreatinineValue {
  umolPerL: number;
  /** ISO instant the specimen was taken (or the result time when unknown). */
  at: string;
}

export interface AkiResult {
  stage: 1 | 2 | 3;
  latest: CreatinineValue;
  /** The rise over the lowest value of the 48 hours before, when there was one. */
  rise48h: number | null;
  /** Latest ÷ the lowest value of the 7 days before, when there was one. */
  ratioToBaseline: number | null;
  baseline: CreatinineValue | null;
  criteria: string[];
}

const HOUR = 3_600_000;
// Only to absorb binary floating point (0.1 + 0.2): far below any reported precision.
const EPSILON = 1e-9;

function lowest(values: CreatinineValue[]): CreatinineValue | null {
  return values.reduce<CreatinineValue | null>(
    (m, v) => (!m || v.umolPerL < m.umolPerL ? v : m),
    null,
  );
}

/** The AKI stage the latest creatinine meets, or null when it meets no criterion. */
export function kdigoAki(values: readonly CreatinineValue[]): AkiResult | null {
  const sorted = [...values]
    .filter((v) => Number.isFinite(v.umolPerL) && v.umolPerL > 0 && !Number.isNaN(Date.parse(v.at)))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const latest = sorted.at(-1);
  if (!latest) return null;
  const t = Date.parse(latest.at);
  const before = sorted.slice(0, -1).filter((v) => Date.parse(v.at) < t);
  const within = (hours: number) => before.filter((v) => t - Date.parse(v.at) <= hours * HOUR);
  const low48 = lowest(within(AKI_RISE_WINDOW_HOURS));
  const baseline = lowest(within(AKI_BASELINE_WINDOW_DAYS * 24));
  const rise48h = low48 ? latest.umolPerL - low48.umolPerL : null;
  const ratio = baseline ? latest.umolPerL / baseline.umolPerL : null;
  const criteria: string[] = [];
  const byRise = rise48h !== null && rise48h >= AKI_RISE_UMOL_PER_L - EPSILON;
  const byRatio = ratio !== null && ratio >= 1.5 - EPSILON;
  if (byRise)
    criteria.push(
      `rise of ${rise48h.toFixed(1)} µmol/L within 48 hours (≥ ${AKI_RISE_UMOL_PER_L})`,
    );
  if (byRatio)
    criteria.push(
      `${ratio.toFixed(2)} × the 7-day baseline of ${baseline?.umolPerL} µmol/L (≥ 1.5)`,
    );
  if (!byRise && !byRatio) return null;
  let stage: 1 | 2 | 3 = 1;
  if (ratio !== null && ratio >= 2 - EPSILON) stage = 2;
  if (
    (ratio !== null && ratio >= 3 - EPSILON) ||
    latest.umolPerL >= AKI_STAGE_3_UMOL_PER_L - EPSILON
  )
    stage = 3;
  return { stage, latest, rise48h, ratioToBaseline: ratio, baseline, criteria };
}
