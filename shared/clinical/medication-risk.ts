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
import { matchKey, normaliseClinicalText } from './text';

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

/**
 * The ATC codes of the classes' best-known members by name (WHO ATC index; INN, BAN and US
 * names), so that a drug outside the catalogue proposed without a code is still classed, and a
 * code that contradicts the name ("Fentanyl" sent with a harmless-looking code) cannot hide the
 * name's class: both are counted. A name matches when it is the member's name or starts with it
 * ("fentanyl citrate", "insulin glargine"), after matchKey's normalisation; sodium chloride counts
 * when its name gives a concentration above 0.9 % ("Sodium chloride 3%"). A name over-classes
 * rather than under-classes: oral potassium chloride is counted as the concentrate, so it waits
 * for a person's approval.
 */
export const CLASS_MEMBERS_BY_NAME: Readonly<Record<string, string>> = {
  // Opioids (N02A, N01AH, N07BC)
  morphine: 'N02AA01',
  hydromorphone: 'N02AA03',
  oxycodone: 'N02AA05',
  codeine: 'R05DA04',
  dihydrocodeine: 'N02AA08',
  pethidine: 'N02AB02',
  meperidine: 'N02AB02',
  fentanyl: 'N01AH01',
  alfentanil: 'N01AH02',
  sufentanil: 'N01AH03',
  remifentanil: 'N01AH06',
  tapentadol: 'N02AX06',
  buprenorphine: 'N02AE01',
  methadone: 'N07BC02',
  diamorphine: 'N02AA09',
  heroin: 'N02AA09',
  // Benzodiazepines, Z-drugs, barbiturates, stimulants, gabapentinoids, ketamine
  diazepam: 'N05BA01',
  lorazepam: 'N05BA06',
  alprazolam: 'N05BA12',
  clonazepam: 'N03AE01',
  midazolam: 'N05CD08',
  zolpidem: 'N05CF02',
  zopiclone: 'N05CF01',
  phenobarbital: 'N03AA02',
  phenobarbitone: 'N03AA02',
  methylphenidate: 'N06BA04',
  pregabalin: 'N03AX16',
  gabapentin: 'N03AX12',
  ketamine: 'N01AX03',
  // Anticoagulants and thrombolytics
  warfarin: 'B01AA03',
  heparin: 'B01AB01',
  enoxaparin: 'B01AB05',
  dalteparin: 'B01AB04',
  dabigatran: 'B01AE07',
  rivaroxaban: 'B01AF01',
  apixaban: 'B01AF02',
  edoxaban: 'B01AF03',
  fondaparinux: 'B01AX05',
  alteplase: 'B01AD02',
  tenecteplase: 'B01AD11',
  reteplase: 'B01AD07',
  streptokinase: 'B01AD01',
  tirofiban: 'B01AC17',
  eptifibatide: 'B01AC16',
  // Insulin and sulfonylureas
  insulin: 'A10AB01',
  glibenclamide: 'A10BB01',
  glyburide: 'A10BB01',
  glipizide: 'A10BB07',
  glimepiride: 'A10BB12',
  // Concentrated electrolytes
  'potassium chloride': 'B05XA01',
  'potassium phosphate': 'B05XA06',
  'hypertonic saline': 'B05XA03',
  'magnesium sulfate': 'B05XA05',
  'magnesium sulphate': 'B05XA05',
  // Neuromuscular blockers, antiarrhythmics, digoxin
  suxamethonium: 'M03AB01',
  succinylcholine: 'M03AB01',
  rocuronium: 'M03AC09',
  vecuronium: 'M03AC03',
  atracurium: 'M03AC04',
  amiodarone: 'C01BD01',
  digoxin: 'C01AA05',
  // Inotropes and vasopressors (high-alert intravenously)
  noradrenaline: 'C01CA03',
  norepinephrine: 'C01CA03',
  adrenaline: 'C01CA24',
  epinephrine: 'C01CA24',
  dopamine: 'C01CA04',
  dobutamine: 'C01CA07',
  phenylephrine: 'C01CA06',
  milrinone: 'C01CE02',
  vasopressin: 'H01BA01',
  terlipressin: 'H01BA04',
  oxytocin: 'H01BB02',
  // Anaesthetics, IV adrenergic antagonists, others on the ISMP list
  propofol: 'N01AX10',
  labetalol: 'C07AG01',
  esmolol: 'C07AB09',
  metoprolol: 'C07AB02',
  epoprostenol: 'B01AC09',
  nitroprusside: 'C02DD01',
  promethazine: 'R06AD02',
  methotrexate: 'L04AX03',
};

/** The member code a name denotes (see CLASS_MEMBERS_BY_NAME), or null. */
export function classMemberCode(name: string): string | null {
  // Sodium chloride is high-alert only above the isotonic 0.9 % (ISMP: hypertonic saline).
  const saline = /^sodium chloride (\d+(?:\.\d+)?) ?%/.exec(
    normaliseClinicalText(name).toLowerCase(),
  );
  if (saline) return Number(saline[1]) > 0.9 ? 'B05XA03' : null;
  const key = matchKey(name);
  for (const [member, code] of Object.entries(CLASS_MEMBERS_BY_NAME))
    if (key === member || key.startsWith(`${member} `)) return code;
  return null;
}

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
 * The controlled and high-alert classes of a drug, by its given or catalogue ATC code and by its
 * name (CLASS_MEMBERS_BY_NAME), and by its route where a class is high-alert only intravenously (without a route those are not counted).
 */
export function medicationRiskClasses(
  drug: {
    name: string;
    code?: string | null | undefined;
  },
  route?: string,
): MedicationRiskClasses {
  const { code } = identifyDrug(drug.name, drug.code ?? null);
  const byName = classMemberCode(drug.name);
  const union = (rules: readonly MedicationClassRule[]) => [
    ...new Set([...classesOf(code, route, rules), ...classesOf(byName, route, rules)]),
  ];
  return { code, controlled: union(CONTROLLED_DRUGS), highAlert: union(HIGH_ALERT_DRUGS) };
}
