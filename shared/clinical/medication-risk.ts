/**
 * Medication classes that raise the risk of a proposed prescription (agent actions, docs/hitl.md),
 * by WHO ATC code prefix, so a brand or a drug outside the small catalogue is classed by its code.
 *
 * - Controlled drugs: substances under the UN Single Convention (1961) and the Convention on
 *   Psychotropic Substances (1971) as commonly scheduled (India NDPS, UK Misuse of Drugs
 *   Regulations): opioids (tramadol is scheduled in India and the UK), benzodiazepines and
 *   Z-drugs, barbiturates, stimulants, gabapentinoids, ketamine.
 * - High-alert medications: ISMP's lists for acute and community care, "drugs that bear a
 *   heightened risk of causing significant patient harm when used in error": anticoagulants,
 *   insulin and sulfonylureas, opioids, antineoplastics, oral methotrexate, concentrated
 *   electrolytes, neuromuscular blockers, IV antiarrhythmics, digoxin.
 */
import { identifyDrug } from './drug-catalogue';

export interface MedicationClassRule {
  label: string;
  atcPrefixes: readonly string[];
}

export const CONTROLLED_DRUGS: readonly MedicationClassRule[] = [
  { label: 'opioid', atcPrefixes: ['N02A', 'N07BC', 'R05DA'] },
  { label: 'benzodiazepine or Z-drug', atcPrefixes: ['N05BA', 'N05CD', 'N05CF', 'N03AE'] },
  { label: 'barbiturate', atcPrefixes: ['N03AA', 'N05CA'] },
  { label: 'stimulant', atcPrefixes: ['N06BA'] },
  { label: 'gabapentinoid', atcPrefixes: ['N03AX12', 'N03AX16'] },
  { label: 'ketamine', atcPrefixes: ['N01AX03'] },
];

export const HIGH_ALERT_DRUGS: readonly MedicationClassRule[] = [
  { label: 'anticoagulant', atcPrefixes: ['B01AA', 'B01AB', 'B01AE', 'B01AF', 'B01AX05'] },
  { label: 'insulin', atcPrefixes: ['A10A'] },
  { label: 'sulfonylurea', atcPrefixes: ['A10BB'] },
  { label: 'opioid', atcPrefixes: ['N02A'] },
  { label: 'antineoplastic', atcPrefixes: ['L01'] },
  { label: 'methotrexate', atcPrefixes: ['L04AX03'] },
  { label: 'concentrated electrolyte', atcPrefixes: ['B05XA01', 'B05XA05'] },
  { label: 'neuromuscular blocker', atcPrefixes: ['M03A'] },
  { label: 'antiarrhythmic', atcPrefixes: ['C01BD01', 'C01BB01'] },
  { label: 'digoxin', atcPrefixes: ['C01AA05'] },
];

function classesOf(code: string | null, rules: readonly MedicationClassRule[]): string[] {
  if (!code) return [];
  return [
    ...new Set(
      rules.filter((r) => r.atcPrefixes.some((p) => code.startsWith(p))).map((r) => r.label),
    ),
  ];
}

export interface MedicationRiskClasses {
  /** The ATC code the drug was identified by (null when neither given nor in the catalogue). */
  code: string | null;
  controlled: string[];
  highAlert: string[];
}

/** The controlled and high-alert classes of a drug, by its given or catalogue ATC code. */
export function medicationRiskClasses(drug: {
  name: string;
  code?: string | null | undefined;
}): MedicationRiskClasses {
  const { code } = identifyDrug(drug.name, drug.code ?? null);
  return {
    code,
    controlled: classesOf(code, CONTROLLED_DRUGS),
    highAlert: classesOf(code, HIGH_ALERT_DRUGS),
  };
}
