/**
 * Risk levels of agent actions and the rule that combines findings: an action is as risky as its
 * riskiest finding. The findings themselves come from each action type's assessment
 * (action-types.ts); the rules are listed in docs/hitl.md.
 */
import * as z from '../../kernel/zod';

export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const RiskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/** One reason an action is risky, e.g. `{ level: 'HIGH', reason: 'controlled drug (opioid)' }`. */
export interface RiskFinding {
  level: RiskLevel;
  reason: string;
}

export function riskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/** The riskiest finding's level (LOW when there is none) and every reason, riskiest first. */
export function combineRisk(findings: readonly RiskFinding[]): {
  risk: RiskLevel;
  reasons: string[];
} {
  const sorted = [...findings].sort((a, b) => riskRank(b.level) - riskRank(a.level));
  return {
    risk: sorted[0]?.level ?? 'LOW',
    reasons: sorted.map((f) => `${f.level}: ${f.reason}`),
  };
}

/**
 * Age below which a dose is a paediatric dose (weight- or age-banded): BNF for Children covers
 * patients up to 18 years.
 */
export const PAEDIATRIC_DOSING_AGE_YEARS = 18;
/** Age below which an admission is a child's (paediatric ward and consent arrangements). */
export const PAEDIATRIC_AGE_YEARS = 16;

const PARENTERAL_ROUTES = ['iv', 'im', 'sc'];

/**
 * Risk findings of a proposed prescription (pure; the service gathers the facts):
 * - CRITICAL: it overrides a recorded allergy or cross-sensitivity;
 * - CRITICAL: a controlled or high-alert drug for a child (under 18: BNF for Children);
 * - HIGH: a controlled drug; a high-alert drug; any drug for a child (a paediatric dose);
 * - MEDIUM: a parenteral route (IV, IM, SC); a drug the catalogue cannot class (no ATC code);
 * - LOW: none of these.
 */
export function prescriptionRiskFindings(facts: {
  allergyConflicts: readonly string[];
  controlled: readonly string[];
  highAlert: readonly string[];
  ageYears: number;
  route: string;
  drugCode: string | null;
}): RiskFinding[] {
  const findings: RiskFinding[] = [];
  const child = facts.ageYears < PAEDIATRIC_DOSING_AGE_YEARS;
  if (facts.allergyConflicts.length)
    findings.push({
      level: 'CRITICAL',
      reason: `overrides a recorded allergy (${facts.allergyConflicts.join('; ')})`,
    });
  const classes = [...new Set([...facts.controlled, ...facts.highAlert])];
  if (child && classes.length)
    findings.push({
      level: 'CRITICAL',
      reason: `${classes.join(', ')} for a child aged ${facts.ageYears}`,
    });
  if (facts.controlled.length)
    findings.push({ level: 'HIGH', reason: `controlled drug (${facts.controlled.join(', ')})` });
  if (facts.highAlert.length)
    findings.push({
      level: 'HIGH',
      reason: `high-alert medication (${facts.highAlert.join(', ')})`,
    });
  if (child)
    findings.push({ level: 'HIGH', reason: `paediatric dose (patient aged ${facts.ageYears})` });
  if (PARENTERAL_ROUTES.includes(facts.route))
    findings.push({ level: 'MEDIUM', reason: `parenteral route (${facts.route})` });
  if (!facts.drugCode)
    findings.push({
      level: 'MEDIUM',
      reason: 'drug not in the catalogue and no ATC code given: its class cannot be checked',
    });
  return findings;
}

/**
 * Risk findings of a proposed admission: every admission commits a bed and a stay (MEDIUM);
 * HIGH for an emergency admission or a child under 16.
 */
export function admissionRiskFindings(facts: { source: string; ageYears: number }): RiskFinding[] {
  const findings: RiskFinding[] = [
    { level: 'MEDIUM', reason: 'admission: a bed and an inpatient stay' },
  ];
  if (facts.source === 'emergency') findings.push({ level: 'HIGH', reason: 'emergency admission' });
  if (facts.ageYears < PAEDIATRIC_AGE_YEARS)
    findings.push({
      level: 'HIGH',
      reason: `paediatric admission (patient aged ${facts.ageYears})`,
    });
  return findings;
}

/**
 * Risk findings of a proposed discharge: every discharge ends inpatient care (MEDIUM); HIGH
 * against medical advice or when a discharge medication is controlled or high-alert; CRITICAL
 * when it records a death.
 */
export function dischargeRiskFindings(facts: {
  disposition: string;
  riskyMedications: readonly string[];
}): RiskFinding[] {
  const findings: RiskFinding[] = [{ level: 'MEDIUM', reason: 'discharge: inpatient care ends' }];
  if (facts.disposition === 'deceased')
    findings.push({ level: 'CRITICAL', reason: 'records the death of the patient' });
  if (facts.disposition === 'against-medical-advice' || facts.disposition === 'absconded')
    findings.push({ level: 'HIGH', reason: `discharge ${facts.disposition.replace(/-/g, ' ')}` });
  if (facts.riskyMedications.length)
    findings.push({
      level: 'HIGH',
      reason: `controlled or high-alert discharge medication (${facts.riskyMedications.join(', ')})`,
    });
  return findings;
}

/** Priority of a diagnostic order: a stat order is HIGH, an urgent one MEDIUM. */
export function orderPriorityFindings(priority: string): RiskFinding[] {
  if (priority === 'stat') return [{ level: 'HIGH', reason: 'stat order' }];
  if (priority === 'urgent') return [{ level: 'MEDIUM', reason: 'urgent order' }];
  return [];
}

/** eGFR below which contrast needs a decision (mL/min/1.73 m²; as the radiology safety screen). */
export const CONTRAST_EGFR_LIMIT = 30;

/**
 * Risk findings of a proposed radiology order: its priority, and HIGH for any safety answer that
 * the radiology screen would stop on (possible pregnancy, contrast allergy, implant, eGFR < 30,
 * acute kidney injury).
 */
export function radiologyRiskFindings(facts: {
  priority: string;
  safety: {
    pregnant?: string | undefined;
    contrastAllergy?: string | undefined;
    implant?: string | undefined;
    egfr?: number | undefined;
    aki?: string | undefined;
  };
}): RiskFinding[] {
  const findings = orderPriorityFindings(facts.priority);
  const { safety } = facts;
  if (safety.pregnant === 'yes')
    findings.push({ level: 'HIGH', reason: 'patient may be pregnant' });
  if (safety.contrastAllergy === 'yes')
    findings.push({ level: 'HIGH', reason: 'contrast allergy' });
  if (safety.implant === 'yes') findings.push({ level: 'HIGH', reason: 'implant' });
  if (safety.aki === 'yes') findings.push({ level: 'HIGH', reason: 'acute kidney injury' });
  if (safety.egfr !== undefined && safety.egfr < CONTRAST_EGFR_LIMIT)
    findings.push({ level: 'HIGH', reason: `eGFR ${safety.egfr} below ${CONTRAST_EGFR_LIMIT}` });
  return findings;
}
