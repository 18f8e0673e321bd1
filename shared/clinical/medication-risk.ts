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
 *   thrombolytics and glycoprotein IIb/IIIa inhibitors, insulin and sulfonylureas, opioids,
 *   antineoplastics, oral methotrexate, concentrated electrolytes (potassium chloride and
 *   phosphate, hypertonic saline, magnesium sulfate), neuromuscular blockers, IV antiarrhythmics,
 *   digoxin, IV inotropes and vasopressors, IV oxytocin, general anaesthetics, IV moderate
 *   sedation, IV adrenergic antagonists, epoprostenol, nitroprusside, IV promethazine, parenteral
 *   nutrition.
 */
import { identifyDrug } from './drug-catalogue';

export interface MedicationClassRule {
  label: string;
  atcPrefixes: readonly string[];
  /** Only by these routes (ISMP lists some drugs as high-alert when given intravenously). */
  routes?: readonly string[];
}

export const CONTROLLED_DRUGS: readonly MedicationClassRule[] = [
  // N01AH: opioid anaesthetics (fentanyl, alfentanil, sufentanil, remifentanil), Schedule 2.
  { label: 'opioid', atcPrefixes: ['N02A', 'N01AH', 'N07BC', 'R05DA'] },
  { label: 'benzodiazepine or Z-drug', atcPrefixes: ['N05BA', 'N05CD', 'N05CF', 'N03AE'] },
  { label: 'barbiturate', atcPrefixes: ['N03AA', 'N05CA'] },
  { label: 'stimulant', atcPrefixes: ['N06BA'] },
  { label: 'gabapentinoid', atcPrefixes: ['N03AX12', 'N03AX16'] },
  { label: 'ketamine', atcPrefixes: ['N01AX03'] },
];

const IV = ['iv'];

/** ISMP List of High-Alert Medications in Acute Care Settings (2024), by ATC code. */
export const HIGH_ALERT_DRUGS: readonly MedicationClassRule[] = [
  { label: 'anticoagulant', atcPrefixes: ['B01AA', 'B01AB', 'B01AE', 'B01AF', 'B01AX05'] },
  { label: 'thrombolytic', atcPrefixes: ['B01AD'] },
  { label: 'glycoprotein IIb/IIIa inhibitor', atcPrefixes: ['B01AC13', 'B01AC16', 'B01AC17'] },
  { label: 'insulin', atcPrefixes: ['A10A'] },
  { label: 'sulfonylurea', atcPrefixes: ['A10BB'] },
  { label: 'opioid', atcPrefixes: ['N02A', 'N01AH'] },
  { label: 'antineoplastic', atcPrefixes: ['L01'] },
  { label: 'methotrexate', atcPrefixes: ['L04AX03'] },
  {
    // Concentrated potassium chloride and phosphate, hypertonic sodium chloride, magnesium sulfate.
    label: 'concentrated electrolyte',
    atcPrefixes: ['B05XA01', 'B05XA03', 'B05XA05', 'B05XA06'],
  },
  { label: 'neuromuscular blocker', atcPrefixes: ['M03A'] },
  { label: 'antiarrhythmic', atcPrefixes: ['C01BD01', 'C01BB01'] },
  { label: 'digoxin', atcPrefixes: ['C01AA05'] },
  {
    // Adrenergic agonists (adrenaline, noradrenaline, dopamine, dobutamine, phenylephrine),
    // phosphodiesterase inhibitors (milrinone), vasopressin and terlipressin.
    label: 'IV inotrope or vasopressor',
    atcPrefixes: ['C01CA', 'C01CE', 'H01BA01', 'H01BA04'],
    routes: IV,
  },
  { label: 'IV oxytocin', atcPrefixes: ['H01BB02'], routes: IV },
  { label: 'general anaesthetic', atcPrefixes: ['N01AX10', 'N01AX03', 'N01AF'] },
  { label: 'IV moderate sedation', atcPrefixes: ['N05CD08', 'N05CM18'], routes: IV },
  {
    label: 'IV adrenergic antagonist',
    atcPrefixes: ['C07AA05', 'C07AB02', 'C07AB09', 'C07AG01'],
    routes: IV,
  },
  { label: 'epoprostenol', atcPrefixes: ['B01AC09'] },
  { label: 'nitroprusside', atcPrefixes: ['C02DD01'] },
  { label: 'IV promethazine', atcPrefixes: ['R06AD02'], routes: IV },
  { label: 'parenteral nutrition', atcPrefixes: ['B05BA10'] },
];

function classesOf(
  code: string | null,
  route: string | undefined,
  rules: readonly MedicationClassRule[],
): string[] {
  if (!code) return [];
  return [
    ...new Set(
      rules
        .filter(
          (r) =>
            r.atcPrefixes.some((p) => code.startsWith(p)) &&
            (!r.routes || (route !== undefined && r.routes.includes(route))),
        )
        .map((r) => r.label),
    ),
  ];
}

export interface MedicationRiskClasses {
  /** The ATC code the drug was identified by (null when neither given nor in the catalogue). */
  code: string | null;
  controlled: string[];
  highAlert: string[];
}

/**
 * The controlled and high-alert classes of a drug, by its given or catalogue ATC code, and by its
 * route where a class is high-alert only intravenously (without a route those are not counted).
 */
export function medicationRiskClasses(
  drug: {
    name: string;
    code?: string | null | undefined;
  },
  route?: string,
): MedicationRiskClasses {
  const { code } = identifyDrug(drug.name, drug.code ?? null);
  return {
    code,
    controlled: classesOf(code, route, CONTROLLED_DRUGS),
    highAlert: classesOf(code, route, HIGH_ALERT_DRUGS),
  };
}
