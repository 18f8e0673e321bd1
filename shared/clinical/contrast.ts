/**
 * Contrast media and renal function (pure; the `contrast-renal` rule of cds-rules.ts reads it).
 *
 * - Iodinated contrast given intravascularly: an eGFR below 30 mL/min/1.73 m², or an acute kidney
 *   injury, is a risk of post-contrast AKI (ESUR Contrast Media Safety Committee guidelines v10,
 *   2018; ACR Manual on Contrast Media 2023: the threshold of 30 for IV contrast).
 * - An eGFR is needed first for a patient at risk (ACR's risk factors that the hospital records:
 *   age over 60, metformin, known renal disease, read here as an eGFR below 60 on record), and it
 *   counts only while recent: within 7 days for a patient in hospital (acute illness) and within
 *   3 months otherwise (van der Molen et al., Eur Radiol 2018;28:2845-55, the ESUR v10
 *   recommendations on the timing of eGFR measurement).
 * - Gadolinium (MRI contrast): an eGFR below 30 or an AKI is the group at risk of nephrogenic
 *   systemic fibrosis: a group II agent at the lowest diagnostic dose, never a group I agent
 *   (ACR Manual, NSF chapter; ESUR v10). Group II agents need no eGFR first (ACR), so a missing
 *   eGFR gives no gadolinium card.
 * - Ultrasound contrast (microbubbles) is not nephrotoxic and is not screened.
 */
import { matchKey } from './text';

export type ContrastAgent = 'iodinated' | 'gadolinium';

/** eGFR (mL/min/1.73 m²) below which contrast is a renal risk (ESUR v10, ACR): 30. */
export const CONTRAST_EGFR_BELOW = 30;
/** ACR: age over 60 is a risk factor that warrants an eGFR before iodinated contrast. */
export const CONTRAST_RISK_AGE_OVER = 60;
/** An eGFR below 60 on record (CKD stage 3 or worse) is known renal disease. */
export const KNOWN_RENAL_DISEASE_EGFR_BELOW = 60;
/** How long an eGFR counts before contrast (ESUR v10): 7 days in hospital, 3 months otherwise. */
export const EGFR_VALID_DAYS = { inpatient: 7, outpatient: 90 } as const;

/** The contrast agent of a radiology procedure: gadolinium for MRI, none for ultrasound. */
export function agentOfProcedure(p: { modality: string; contrast: boolean }): ContrastAgent | null {
  if (!p.contrast) return null;
  if (p.modality === 'MR') return 'gadolinium';
  if (p.modality === 'US') return null;
  return 'iodinated';
}

const NO_CONTRAST =
  /\b(without|no|non|un) ?(contrast|enhanced|iv contrast)\b|\bunenhanced\b|\bplain\b/;
const GADOLINIUM =
  /\b(gadolinium|gad|gado[a-z]*|gbca|mr[ai]? .*(contrast|enhanced)|(contrast|enhanced) .*mr[ai]?)\b/;
const IODINATED =
  /\b(iodinated|iohexol|iopamidol|iodixanol|iomeprol|iopromide|contrast|enhanced|angiogram|angiography|ctpa|cta|urogram)\b/;

/**
 * The contrast agent an order's text names, after normalising it (clinical/text.ts: look-alike
 * letters, case, punctuation): "CT abdomen with IV contrast" is iodinated, "MRI brain with
 * gadolinium" gadolinium, "CT head without contrast" none.
 */
export function agentOfText(text: string): ContrastAgent | null {
  // "with and without contrast" is a contrast study (the second series is enhanced).
  const t = matchKey(text).replace(/\bwith (and|or) without\b/g, 'with');
  if (NO_CONTRAST.test(t)) return null;
  if (GADOLINIUM.test(t)) return 'gadolinium';
  if (/\b(ultrasound|us|microbubble|sonovue)\b/.test(t)) return null;
  return IODINATED.test(t) ? 'iodinated' : null;
}

export interface RenalFinding {
  kind: 'low-egfr' | 'aki' | 'no-egfr' | 'stale-egfr';
  agent: ContrastAgent;
  egfr: number | null;
  /** When the eGFR's creatinine was taken. */
  egfrAt: string | null;
  /** The window the eGFR had to fall within, in days. */
  validDays: number;
}

/**
 * What the contrast-renal rule finds (null when nothing): the latest eGFR below 30 or an AKI for
 * either agent; for iodinated contrast in a patient at risk, no eGFR, or one older than its window.
 */
export function contrastRenalFinding(f: {
  agent: ContrastAgent | null;
  egfr: number | null;
  egfrAt: string | null;
  lowestEgfrOnRecord: number | null;
  aki: boolean;
  ageYears: number | null;
  onMetformin: boolean;
  inpatient: boolean;
  asOf: string;
}): RenalFinding | null {
  if (!f.agent) return null;
  const validDays = f.inpatient ? EGFR_VALID_DAYS.inpatient : EGFR_VALID_DAYS.outpatient;
  const base = { agent: f.agent, egfr: f.egfr, egfrAt: f.egfrAt, validDays };
  if (f.egfr !== null && f.egfr < CONTRAST_EGFR_BELOW) return { kind: 'low-egfr', ...base };
  if (f.aki) return { kind: 'aki', ...base };
  if (f.agent === 'gadolinium') return null;
  const atRisk =
    (f.ageYears !== null && f.ageYears > CONTRAST_RISK_AGE_OVER) ||
    f.onMetformin ||
    (f.lowestEgfrOnRecord !== null && f.lowestEgfrOnRecord < KNOWN_RENAL_DISEASE_EGFR_BELOW);
  if (!atRisk) return null;
  if (f.egfr === null || f.egfrAt === null) return { kind: 'no-egfr', ...base };
  const ageMs = Date.parse(f.asOf) - Date.parse(f.egfrAt);
  return ageMs > validDays * 86_400_000 ? { kind: 'stale-egfr', ...base } : null;
}
