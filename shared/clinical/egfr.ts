/**
 * eGFR by the CKD-EPI 2021 creatinine equation, without race (Inker LA, Eneanya ND, Coresh J et al.
 * New creatinine- and cystatin C-based equations to estimate GFR without race. N Engl J Med
 * 2021;385:1737-49. https://www.nejm.org/doi/full/10.1056/NEJMoa2102953):
 *
 *   eGFR = 142 × min(Scr/κ, 1)^α × max(Scr/κ, 1)^−1.200 × 0.9938^age × 1.012 [female]
 *
 * Scr in mg/dL; κ = 0.7 (female) or 0.9 (male); α = −0.241 (female) or −0.302 (male). In
 * mL/min/1.73 m². Validated for adults (18 and over): for a younger patient, or a sex other than
 * male or female (the equation has no third form), the answer is null with the reason.
 */

/** µmol/L per mg/dL of creatinine (KDIGO 2012 uses 88.4). */
export const CREATININE_UMOL_PER_MG_DL = 88.4;
export const EGFR_MIN_AGE_YEARS = 18;

export interface EgfrResult {
  /** Rounded to a whole number, as laboratories report it; null when it does not apply. */
  egfr: number | null;
  reason: string | null;
}

export function ckdEpi2021(
  creatinineUmolPerL: number,
  ageYears: number,
  sex: 'male' | 'female' | 'other' | 'unknown',
): EgfrResult {
  if (!Number.isInteger(ageYears) || ageYears < EGFR_MIN_AGE_YEARS)
    return { egfr: null, reason: 'CKD-EPI 2021 is validated for adults aged 18 and over' };
  if (sex !== 'male' && sex !== 'female')
    return { egfr: null, reason: 'CKD-EPI 2021 needs sex recorded as male or female' };
  if (!(creatinineUmolPerL > 0)) return { egfr: null, reason: 'no creatinine value' };
  const scr = creatinineUmolPerL / CREATININE_UMOL_PER_MG_DL;
  const female = sex === 'female';
  const kappa = female ? 0.7 : 0.9;
  const alpha = female ? -0.241 : -0.302;
  const ratio = scr / kappa;
  const value =
    142 *
    Math.min(ratio, 1) ** alpha *
    Math.max(ratio, 1) ** -1.2 *
    0.9938 ** ageYears *
    (female ? 1.012 : 1);
  return { egfr: Math.round(value), reason: null };
}
