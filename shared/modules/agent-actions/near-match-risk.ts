/**
 * The findings of a drug the catalogue does not know, from the nearest drug it does (a rule of
 * risk.ts, docs/hitl.md). Apart from risk.ts, and exported by the index on demand
 * (on-demand.ts), because it reads the drug catalogue and the allergy rules: a function serving
 * proposals carries them only once one needs them.
 */
import { screenAllergies } from '../../clinical/allergy';
import { nearestCatalogueDrug } from '../../clinical/drug-catalogue';
import { medicationRiskClasses } from '../../clinical/medication-risk';
import { prescriptionRiskFindings, type RiskFinding } from './risk';

/**
 * A drug the catalogue does not know is rated no lower than the catalogue drug it is nearest to
 * (a misspelling such as "Amoxicilin", or a name disguised past the input checks): the findings
 * that drug would have, allergy screen included, each named after it. Empty for a drug the
 * catalogue knows (its own findings are prescriptionRiskFindings') or one near nothing.
 */
export function nearMatchRiskFindings(facts: {
  name: string;
  allergies: readonly string[];
  ageYears: number;
  route: string;
}): RiskFinding[] {
  const near = nearestCatalogueDrug(facts.name);
  if (!near) return [];
  const drug = { name: near.entry.name, code: near.entry.atc };
  const classes = medicationRiskClasses(drug, facts.route);
  return prescriptionRiskFindings({
    allergyConflicts: screenAllergies(drug, facts.allergies).map((c) => c.label),
    controlled: classes.controlled,
    highAlert: classes.highAlert,
    ageYears: facts.ageYears,
    route: facts.route,
    drugCode: drug.code,
  }).map((f) => ({
    level: f.level,
    reason: `nearest catalogue drug ${near.entry.name}: ${f.reason}`,
  }));
}
