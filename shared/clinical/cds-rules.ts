/**
 * The decision-support rules: each a declared entry with an id, a version, the published source it
 * implements and the hooks it answers, producing CDS Hooks cards (clinical/cds-card.ts) from the
 * facts known about a patient (ClinicalFacts). Deterministic: the same facts give the same cards.
 * Every threshold is the source's and is tested at the threshold and just below it
 * (test/unit/clinical/cds-rules.test.ts). docs/decision-support.md lists the rules.
 */
import { type AkiResult, type CreatinineValue, kdigoAki } from './aki';
import { screenAllergies } from './allergy';
import { type Card, type CardIndicator, OVERRIDE_REASONS } from './cds-card';
import { CONTRAST_EGFR_BELOW, contrastRenalFinding } from './contrast';
import { checkDose, type DoseFinding } from './dose-limits';
import type { LatestEarlyWarning } from './early-warning';
import { ckdEpi2021 } from './egfr';
import { baseDrugName, catalogueEntryOf, type DrugRef, interactionsBetween } from './interactions';
import { MEOWS_SOURCE } from './meows';
import { PEWS_SOURCE, PEWS_TRIGGER_SCORE } from './pews';
import { pregnancyCautionsOf } from './pregnancy-cautions';
import { checkSupply } from './supply-quantity';
import { matchKey } from './text';

export const HOOKS = ['patient-view', 'order-select', 'order-sign', 'encounter-discharge'] as const;
export type Hook = (typeof HOOKS)[number];

export interface Medication extends DrugRef {
  /** `active`: prescribed and current; `draft`: being ordered now (order-select, order-sign). */
  status: 'active' | 'draft';
  /** The prescription's dose fields, when known (the dose-range rule reads them). */
  dosing?: {
    strength: string;
    dose: string;
    frequency: string;
    /** An order's supply (prescribing): checked against dose × frequency × duration. */
    durationDays?: number;
    quantity?: number;
  };
}

/** What is known about the patient when the rules run. */
export interface ClinicalFacts {
  ageYears: number | null;
  sex: 'male' | 'female' | 'other' | 'unknown';
  allergies: readonly string[];
  /** The latest complete NEWS2, when there is one and it applies (16 and over, not pregnant). */
  news2: { score: number; anyParameterScoredThree: boolean; at: string } | null;
  /** Recorded at triage or sent by the caller. */
  suspectedInfection: boolean;
  creatinine: readonly CreatinineValue[];
  medications: readonly Medication[];
  /** An order for iodinated contrast is being placed or is planned. */
  iodinatedContrast: boolean;
  /** An order for gadolinium (MRI) contrast is being placed or is planned. */
  gadoliniumContrast?: boolean;
  /** The patient is in hospital now (an active admission): an eGFR counts for 7 days, not 3 months. */
  inpatient?: boolean;
  /** When the rules run (ISO instant): how old the latest eGFR is. Without it age is not judged. */
  asOf?: string;
  /** The patient's critical lab results and whether each was acknowledged (lab alerts). */
  criticalResults?: readonly CriticalResult[];
  /** The standing MEOWS or Bedside PEWS of an admitted patient NEWS2 does not apply to. */
  earlyWarning?: LatestEarlyWarning | null;
  /** An admitted patient's NEWS2 and the previous complete score (the ward's trend). */
  news2Trend?: { score: number; previousScore: number | null; trend: string | null } | null;
  /** The latest recorded weight (kg), for children's mg/kg dose limits. */
  weightKg?: number | null;
  /** The recorded pregnancy status when it is current (clinical/pregnancy.ts), else null. */
  pregnancy?: 'pregnant' | 'postpartum' | null;
}

/** A critical lab result's alert, as the lab raised it (modules/lab, CriticalAlert). */
export interface CriticalResult {
  /** The alert's id. */
  id: string;
  orderId: string;
  testName: string;
  value?: number | undefined;
  valueCode?: string | undefined;
  unit?: string | undefined;
  flag: string;
  /** When the result was reported (the alert raised). */
  raisedAt: string;
  acknowledgedAt?: string | undefined;
}

export interface RuleSource {
  title: string;
  year: number;
  url: string;
}

export interface CdsRule {
  id: string;
  version: string;
  title: string;
  source: RuleSource;
  hooks: readonly Hook[];
  evaluate(facts: ClinicalFacts): Card[];
}

const ALL_HOOKS = HOOKS;
const ORDER_HOOKS: readonly Hook[] = [
  'patient-view',
  'order-select',
  'order-sign',
  'encounter-discharge',
];

function card(
  rule: Pick<CdsRule, 'id' | 'version' | 'title' | 'source'>,
  indicator: CardIndicator,
  summary: string,
  detail: string,
  suggestions: string[] = [],
): Card {
  return {
    summary: summary.length > 140 ? `${summary.slice(0, 139)}…` : summary,
    detail,
    indicator,
    source: {
      label: `${rule.title} (${rule.source.title.split(',')[0]}, ${rule.source.year})`,
      url: rule.source.url,
      topic: { code: rule.id, system: 'urn:hms:cds-rule', display: `${rule.id} v${rule.version}` },
    },
    ...(suggestions.length
      ? {
          suggestions: suggestions.map((label) => ({ label, isRecommended: false })),
          selectionBehavior: 'any' as const,
        }
      : {}),
    ...(indicator === 'info' ? {} : { overrideReasons: OVERRIDE_REASONS }),
    links: [{ label: rule.source.title, url: rule.source.url, type: 'absolute' }],
  };
}

/** The latest creatinine value, when there is one. */
function latestCreatinine(facts: ClinicalFacts): CreatinineValue | undefined {
  return [...facts.creatinine].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).at(-1);
}

/** eGFR from the latest creatinine (CKD-EPI 2021), null when it does not apply. */
export function latestEgfr(facts: ClinicalFacts): number | null {
  const latest = latestCreatinine(facts);
  if (!latest || facts.ageYears === null) return null;
  return ckdEpi2021(latest.umolPerL, facts.ageYears, facts.sex).egfr;
}

function sameDrug(m: DrugRef, names: readonly string[], atc: readonly string[]): boolean {
  const entry = catalogueEntryOf(m.name);
  const code = (m.code ?? entry?.atc ?? '').toUpperCase();
  if (code && atc.includes(code)) return true;
  const keys = [matchKey(baseDrugName(m.name)), entry ? matchKey(entry.name) : ''];
  return names.some((n) => keys.includes(matchKey(n)));
}

/** The medications a hook screens: at order time the draft ones, on the patient's view all. */
function screened(facts: ClinicalFacts): readonly Medication[] {
  const drafts = facts.medications.filter((m) => m.status === 'draft');
  return drafts.length ? drafts : facts.medications;
}

// ─── The rules ───────────────────────────────────────────────────────────────────────────────

/** NICE NG51 / UK Sepsis Trust: NEWS2 ≥ 5, or any single parameter scoring 3, with suspected infection. */
export const SEPSIS_NEWS2_THRESHOLD = 5;

const sepsis: CdsRule = {
  id: 'sepsis-screen',
  version: '1.0.0',
  title: 'Sepsis screening',
  source: {
    title:
      'NICE NG51, Suspected sepsis: recognition, diagnosis and early management (updated 2024); UK Sepsis Trust screening tool and Sepsis Six',
    year: 2024,
    url: 'https://www.nice.org.uk/guidance/ng51',
  },
  hooks: ALL_HOOKS,
  evaluate(f) {
    if (!f.news2 || !f.suspectedInfection) return [];
    const { score, anyParameterScoredThree } = f.news2;
    if (score < SEPSIS_NEWS2_THRESHOLD && !anyParameterScoredThree) return [];
    const why =
      score >= SEPSIS_NEWS2_THRESHOLD
        ? `NEWS2 ${score} (≥ ${SEPSIS_NEWS2_THRESHOLD})`
        : `NEWS2 ${score} with a single parameter scoring 3`;
    return [
      card(
        this,
        'critical',
        `Sepsis screen positive: ${why} with suspected infection`,
        'Suspected infection with NEWS2 of 5 or more, or a single parameter scoring 3, is high risk of sepsis (NICE NG51). ' +
          'Senior review within 1 hour; start the Sepsis Six within 1 hour: oxygen to target saturations, blood cultures, ' +
          'IV antibiotics, IV fluids, lactate and full blood count, urine output monitoring.',
        [
          'Senior clinical review within 1 hour',
          'Take blood cultures before antibiotics',
          'Give broad-spectrum IV antibiotics within 1 hour',
          'Measure lactate and full blood count',
          'IV fluid bolus if lactate > 2 mmol/L or systolic < 90 mmHg',
          'Monitor urine output',
        ],
      ),
    ];
  },
};

const aki: CdsRule = {
  id: 'aki-kdigo',
  version: '1.0.0',
  title: 'Acute kidney injury (KDIGO creatinine criteria)',
  source: {
    title:
      'KDIGO Clinical Practice Guideline for Acute Kidney Injury, Kidney Int Suppl 2012;2:1-138',
    year: 2012,
    url: 'https://kdigo.org/guidelines/acute-kidney-injury/',
  },
  hooks: ALL_HOOKS,
  evaluate(f) {
    const result: AkiResult | null = kdigoAki(f.creatinine);
    if (!result) return [];
    return [
      card(
        this,
        result.stage === 1 ? 'warning' : 'critical',
        `Acute kidney injury, KDIGO stage ${result.stage} (creatinine ${result.latest.umolPerL} µmol/L)`,
        `Meets KDIGO AKI: ${result.criteria.join('; ')}. Review nephrotoxic drugs and doses, fluid status and urine output; repeat creatinine.`,
        [
          'Review nephrotoxic medicines and renally cleared doses',
          'Assess fluid status',
          'Repeat creatinine within 24 hours',
        ],
      ),
    ];
  },
};

/** Renal dose thresholds of catalogue drugs that document one (eGFR in mL/min/1.73 m²). */
export const RENAL_DOSE_THRESHOLDS = [
  {
    drug: 'Metformin',
    atc: ['A10BA02'],
    contraindicatedBelow: 30,
    cautionBelow: 45,
    caution:
      'do not start metformin at an eGFR of 30-45; in a patient already taking it, assess benefit and risk',
    source:
      'US FDA Drug Safety Communication on metformin and kidney function (2016); metformin labels',
  },
  {
    drug: 'Nitrofurantoin',
    atc: ['J01XE01'],
    contraindicatedBelow: 30,
    cautionBelow: 45,
    caution: 'only a short course (3 to 7 days) with caution at an eGFR of 30-44',
    source:
      'MHRA Drug Safety Update, Nitrofurantoin now contraindicated in most patients with an eGFR of less than 45 (2014)',
  },
] as const;

const renalDose: CdsRule = {
  id: 'renal-dose',
  version: '1.0.0',
  title: 'Renal dose alert (eGFR by CKD-EPI 2021)',
  source: {
    title:
      "Inker LA et al., New creatinine- and cystatin C-based equations to estimate GFR without race, N Engl J Med 2021;385:1737-49; thresholds from each drug's label",
    year: 2021,
    url: 'https://www.nejm.org/doi/full/10.1056/NEJMoa2102953',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    const egfr = latestEgfr(f);
    if (egfr === null) return [];
    const cards: Card[] = [];
    for (const m of screened(f)) {
      for (const t of RENAL_DOSE_THRESHOLDS) {
        if (!sameDrug(m, [t.drug], t.atc)) continue;
        if (egfr < t.contraindicatedBelow)
          cards.push(
            card(
              this,
              'critical',
              `${m.name}: contraindicated at eGFR ${egfr} (< ${t.contraindicatedBelow})`,
              `eGFR ${egfr} mL/min/1.73 m² (CKD-EPI 2021). ${t.drug} is contraindicated below ${t.contraindicatedBelow} (${t.source}).`,
              [`Stop or do not start ${t.drug}`],
            ),
          );
        else if (egfr < t.cautionBelow)
          cards.push(
            card(
              this,
              'warning',
              `${m.name}: reduced kidney function, eGFR ${egfr} (< ${t.cautionBelow})`,
              `eGFR ${egfr} mL/min/1.73 m² (CKD-EPI 2021): ${t.caution} (${t.source}).`,
              [`Review the ${t.drug} dose or choose an alternative`],
            ),
          );
      }
    }
    return cards;
  },
};

const allergy: CdsRule = {
  id: 'drug-allergy',
  version: '1.0.0',
  title: 'Drug allergy and cross-sensitivity',
  source: {
    title:
      'NICE CG183, Drug allergy: diagnosis and management; cross-sensitivity table of clinical/allergy.ts',
    year: 2014,
    url: 'https://www.nice.org.uk/guidance/cg183',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    // The one allergy screen (clinical/allergy.ts), as prescribing uses it.
    return screened(f).flatMap((m) =>
      screenAllergies(m, f.allergies).map((c) =>
        card(
          this,
          c.kind === 'direct' ? 'critical' : 'warning',
          c.kind === 'direct'
            ? `${m.name} conflicts with the recorded allergy '${c.allergy}'`
            : `${m.name}: possible cross-sensitivity with the recorded allergy '${c.allergy}'`,
          c.kind === 'direct'
            ? `The patient has a recorded allergy to '${c.allergy}', which ${m.name} is or contains.`
            : `'${c.allergy}' cross-reacts with ${c.drugClass}; ${m.name} belongs to it.`,
          ['Choose an alternative drug'],
        ),
      ),
    );
  },
};

const interactions: CdsRule = {
  id: 'drug-interaction',
  version: '1.0.0',
  title: 'Drug-drug interaction',
  source: {
    title: 'Curated pairs from US FDA drug labels and the MHRA (clinical/interactions.ts)',
    year: 2024,
    url: 'https://dailymed.nlm.nih.gov/dailymed/',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    const cards: Card[] = [];
    const drafts = f.medications.filter((m) => m.status === 'draft');
    const checked = drafts.length ? drafts : f.medications;
    const seen = new Set<string>();
    for (const x of checked) {
      for (const y of f.medications) {
        if (x === y) continue;
        for (const p of interactionsBetween(x, y)) {
          const key = [p.id, ...[matchKey(x.name), matchKey(y.name)].sort()].join('|');
          if (seen.has(key)) continue;
          seen.add(key);
          cards.push({
            ...card(
              this,
              p.severity === 'contraindicated' ? 'critical' : 'warning',
              `${x.name} + ${y.name}: ${p.severity === 'contraindicated' ? 'contraindicated combination' : 'major interaction'}`,
              `${p.effect}. ${p.advice}. Source: ${p.source.title}.`,
              [p.advice],
            ),
            links: [{ label: p.source.title, url: p.source.url, type: 'absolute' }],
          });
        }
      }
    }
    return cards;
  },
};

/** The therapeutic class of a drug: its ATC code's 4th level (C10AA, statins), when known. */
export function therapeuticClass(m: DrugRef): string | null {
  const code = (m.code ?? catalogueEntryOf(m.name)?.atc ?? '').toUpperCase();
  return /^[A-Z]\d\d[A-Z]{2}/.test(code) ? code.slice(0, 5) : null;
}

const duplicate: CdsRule = {
  id: 'duplicate-therapy',
  version: '1.0.0',
  title: 'Duplicate therapy',
  source: {
    title:
      'WHO ATC classification (the 4th level as the therapeutic class), WHO Collaborating Centre for Drug Statistics Methodology',
    year: 2024,
    url: 'https://atcddd.fhi.no/atc_ddd_index/',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    const cards: Card[] = [];
    const drafts = f.medications.filter((m) => m.status === 'draft');
    const checked = drafts.length ? drafts : f.medications;
    const seen = new Set<string>();
    for (const x of checked) {
      for (const y of f.medications) {
        if (x === y) continue;
        const same =
          (catalogueEntryOf(x.name)?.name ?? matchKey(baseDrugName(x.name))) ===
          (catalogueEntryOf(y.name)?.name ?? matchKey(baseDrugName(y.name)));
        const cls = therapeuticClass(x);
        const sameClass = cls !== null && cls === therapeuticClass(y);
        if (!same && !sameClass) continue;
        const key = [matchKey(x.name), matchKey(y.name)].sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        cards.push(
          card(
            this,
            'warning',
            same
              ? `Duplicate therapy: ${x.name} is prescribed twice`
              : `Duplicate therapy: ${x.name} and ${y.name} (same class ${cls})`,
            same
              ? `${x.name} and ${y.name} are the same drug and both are active or being ordered.`
              : `${x.name} and ${y.name} share the ATC therapeutic class ${cls} and both are active or being ordered.`,
            ['Stop one of the two'],
          ),
        );
      }
    }
    return cards;
  },
};

/** ACR: metformin held with iodinated contrast when eGFR < 30 or in acute kidney injury. */
export const CONTRAST_METFORMIN_EGFR_BELOW = 30;

const contrastMetformin: CdsRule = {
  id: 'metformin-contrast',
  version: '1.0.0',
  title: 'Metformin and iodinated contrast',
  source: {
    title: 'ACR Manual on Contrast Media, Metformin chapter (American College of Radiology)',
    year: 2023,
    url: 'https://www.acr.org/Clinical-Resources/Clinical-Tools-and-Reference/Contrast-Manual',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    if (!f.iodinatedContrast) return [];
    const onMetformin = f.medications.some((m) => sameDrug(m, ['Metformin'], ['A10BA02']));
    if (!onMetformin) return [];
    const egfr = latestEgfr(f);
    const akiNow = kdigoAki(f.creatinine);
    const lowEgfr = egfr !== null && egfr < CONTRAST_METFORMIN_EGFR_BELOW;
    if (!lowEgfr && !akiNow) return [];
    const why = [
      lowEgfr ? `eGFR ${egfr} (< ${CONTRAST_METFORMIN_EGFR_BELOW})` : null,
      akiNow ? `acute kidney injury (KDIGO stage ${akiNow.stage})` : null,
    ]
      .filter(Boolean)
      .join(' and ');
    return [
      card(
        this,
        'warning',
        `Hold metformin for iodinated contrast: ${why}`,
        `With ${why}, metformin should be held at the time of or before iodinated contrast and for 48 hours after, restarted only when renal function is re-evaluated and stable (ACR Manual on Contrast Media).`,
        [
          'Hold metformin from the time of contrast for 48 hours',
          'Re-check creatinine before restarting',
        ],
      ),
    ];
  },
};

/** RCP 2017 Chart 4: 5-6 (or a single 3) urgent response, 7 or more emergency response. */
export const NEWS2_URGENT = 5;
export const NEWS2_EMERGENCY = 7;

const deterioration: CdsRule = {
  id: 'news2-deterioration',
  version: '1.0.0',
  title: 'Deteriorating NEWS2 on an admitted patient',
  source: {
    title:
      'Royal College of Physicians, National Early Warning Score (NEWS) 2, Chart 4 clinical response',
    year: 2017,
    url: 'https://www.rcp.ac.uk/improving-care/resources/national-early-warning-score-news-2/',
  },
  hooks: ['patient-view', 'encounter-discharge'],
  evaluate(f) {
    const t = f.news2Trend;
    if (!t || t.previousScore === null || t.score <= t.previousScore) return [];
    if (t.score < NEWS2_URGENT) return [];
    const emergency = t.score >= NEWS2_EMERGENCY;
    return [
      card(
        this,
        emergency ? 'critical' : 'warning',
        `NEWS2 rising from ${t.previousScore} to ${t.score}: ${emergency ? 'emergency' : 'urgent'} response`,
        emergency
          ? 'NEWS2 of 7 or more: emergency assessment by a team with critical care competencies, continuous monitoring (RCP 2017, Chart 4).'
          : 'NEWS2 of 5-6: urgent review by a clinician competent in acute illness, monitoring at least hourly (RCP 2017, Chart 4).',
        [
          emergency ? 'Emergency assessment; consider critical care' : 'Urgent clinical review',
          'Increase monitoring frequency',
        ],
      ),
    ];
  },
};

function doseSummary(m: Medication, f: DoseFinding): string {
  switch (f.kind) {
    case 'single':
      return `${m.name}: single dose ${f.doseMg} mg is above the maximum ${f.limitMg} mg`;
    case 'daily':
      return `${m.name}: ${f.doseMg} mg a day is above the maximum ${f.limitMg} mg a day`;
    case 'weight-needed':
      return `${m.name} for a child: record the weight to check the mg/kg dose`;
    default:
      return `${m.name}: the dose or frequency cannot be read to check the maximum dose`;
  }
}

const doseRange: CdsRule = {
  id: 'dose-range',
  version: '1.0.0',
  title: 'Maximum single and daily dose (adult; mg/kg for children)',
  source: {
    title:
      'BNF and BNF for Children (NICE), WHO Model Formulary for Children 2010; each limit names its own entry (clinical/dose-limits.ts)',
    year: 2024,
    url: 'https://bnf.nice.org.uk/',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    return screened(f).flatMap((m) =>
      m.dosing
        ? checkDose(
            { ...m, ...m.dosing },
            { ageYears: f.ageYears, weightKg: f.weightKg ?? null },
          ).map((d) => {
            const over = d.kind === 'single' || d.kind === 'daily';
            const c = card(
              this,
              over ? 'critical' : 'warning',
              doseSummary(m, d),
              over
                ? `${m.dosing?.dose} of ${m.dosing?.strength}, ${m.dosing?.frequency}: ${d.doseMg} mg ${d.kind === 'single' ? 'per dose' : 'a day'} against a limit of ${d.limitMg} mg (${d.basis}). Source: ${d.source?.title}.`
                : d.kind === 'weight-needed'
                  ? `Children's doses of ${d.drug} are limited per kg of body weight (${d.source?.title}); no weight is recorded.`
                  : `The dose "${m.dosing?.dose}" of "${m.dosing?.strength}" or the frequency "${m.dosing?.frequency}" is not in a form the dose check reads (an amount in g, mg or micrograms, tablets or capsules of a strength in mg, or mL of a mg/mL liquid; a frequency such as "twice daily" or "every 6 hours").`,
              over ? ['Reduce the dose or the frequency'] : ['Check the dose by hand'],
            );
            return d.source
              ? {
                  ...c,
                  links: [{ label: d.source.title, url: d.source.url, type: 'absolute' as const }],
                }
              : c;
          })
        : [],
    );
  },
};

const pregnancyCaution: CdsRule = {
  id: 'pregnancy-caution',
  version: '1.0.0',
  title: 'Drugs to avoid in pregnancy',
  source: {
    title:
      'US FDA labels, MHRA Drug Safety Updates and the BNF; each drug names its own source (clinical/pregnancy-cautions.ts)',
    year: 2024,
    url: 'https://www.gov.uk/drug-safety-update',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    if (f.pregnancy !== 'pregnant') return [];
    return screened(f).flatMap((m) =>
      pregnancyCautionsOf(m).map((p) => ({
        ...card(
          this,
          p.severity === 'contraindicated' ? 'critical' : 'warning',
          `${m.name} in pregnancy: ${p.severity === 'contraindicated' ? 'contraindicated' : 'avoid'}`,
          `The patient is recorded as pregnant. ${m.name} (${p.drugs.label}): ${p.risk}. ${p.advice}. Source: ${p.source.title}.`,
          [p.advice],
        ),
        links: [{ label: p.source.title, url: p.source.url, type: 'absolute' as const }],
      })),
    );
  },
};

const supplyQuantity: CdsRule = {
  id: 'supply-quantity',
  version: '1.0.0',
  title: 'Quantity against dose × frequency × duration',
  source: {
    title:
      'BNF, Prescription writing (the quantity, or the number of days of treatment, to be supplied); thresholds a local decision',
    year: 2024,
    url: 'https://bnf.nice.org.uk/medicines-guidance/prescription-writing/',
  },
  hooks: ['order-select', 'order-sign'],
  evaluate(f) {
    return f.medications.flatMap((m) => {
      const d = m.dosing;
      if (m.status !== 'draft' || !d || d.quantity === undefined || d.durationDays === undefined)
        return [];
      const s = checkSupply({ ...d, quantity: d.quantity, durationDays: d.durationDays });
      if (!s) return [];
      const course = `${d.dose} ${d.frequency} for ${d.durationDays} days needs ${s.needed} (${s.unitsPerDose} × ${s.perDay} a day × ${d.durationDays} days)`;
      if (s.kind === 'short')
        return [
          card(
            this,
            'warning',
            `${m.name}: quantity ${s.quantity} lasts ${s.daysSupplied} of ${d.durationDays} days`,
            `${course}; ${s.quantity} supplied. Check the quantity or the duration.`,
            [`Supply ${s.needed}`, 'Shorten the duration'],
          ),
        ];
      return [
        card(
          this,
          s.kind === 'over-twice' ? 'critical' : 'warning',
          `${m.name}: quantity ${s.quantity} is ${s.kind === 'over-twice' ? 'more than twice' : 'more than'} the ${s.needed} the course needs`,
          `${course}; ${s.quantity} supplied (${s.daysSupplied} days at this dose).${s.kind === 'over-twice' ? ' More than twice the course: check for a mis-entered dose, frequency, duration or quantity; a large supply is also an overdose risk.' : ' A pack size may explain a small excess.'}`,
          [`Supply ${s.needed}`],
        ),
      ];
    });
  },
};

/** The Joint Commission NPSG.02.03.01: critical results reported to and acted on by a clinician. */
const criticalResult: CdsRule = {
  id: 'critical-result-unacknowledged',
  version: '1.0.0',
  title: 'Critical result not yet acknowledged',
  source: {
    title:
      'The Joint Commission, National Patient Safety Goal NPSG.02.03.01: report critical results of tests and diagnostic procedures on a timely basis; RCPath, The communication of critical and unexpected pathology results (2017)',
    year: 2024,
    url: 'https://www.jointcommission.org/standards/national-patient-safety-goals/hospital-national-patient-safety-goals/',
  },
  hooks: ['patient-view', 'encounter-discharge'],
  evaluate(f) {
    return (f.criticalResults ?? [])
      .filter((r) => !r.acknowledgedAt)
      .sort((a, b) => a.raisedAt.localeCompare(b.raisedAt))
      .map((r) => {
        const value = [
          r.testName,
          r.value !== undefined ? `${r.value}${r.unit ? ` ${r.unit}` : ''}` : r.valueCode,
        ]
          .filter(Boolean)
          .join(' ');
        return card(
          this,
          'critical',
          `Unacknowledged critical result: ${value} (${r.flag}), reported ${r.raisedAt}`,
          `${value} (flag ${r.flag}) on lab order ${r.orderId} was reported critical at ${r.raisedAt} and no clinician has acknowledged it (alert ${r.id}). A critical result must reach a responsible clinician who acts on it (The Joint Commission NPSG.02.03.01; RCPath 2017) before the patient leaves: acknowledge it with what was done (POST /lab/orders/${r.orderId}/alerts/${r.id}/acknowledge), or record why the discharge goes ahead (cdsOverrideReason).`,
          [
            'Review the result and acknowledge it with the action taken',
            'Repeat the test or treat before discharge',
            'Record why the discharge goes ahead regardless (cdsOverrideReason)',
          ],
        );
      });
  },
};

const contrastRenal: CdsRule = {
  id: 'contrast-renal',
  version: '1.0.0',
  title: 'Contrast media and renal function',
  source: {
    title:
      'ESUR Contrast Media Safety Committee guidelines v10 (2018) and van der Molen AJ et al., Post-contrast acute kidney injury, Eur Radiol 2018;28:2845-55; ACR Manual on Contrast Media (2023)',
    year: 2018,
    url: 'https://doi.org/10.1007/s00330-017-5246-5',
  },
  hooks: ORDER_HOOKS,
  evaluate(f) {
    const agent = f.iodinatedContrast ? 'iodinated' : f.gadoliniumContrast ? 'gadolinium' : null;
    if (!agent) return [];
    const latest = latestCreatinine(f);
    const age = f.ageYears;
    const egfrs =
      age === null
        ? []
        : f.creatinine.flatMap((c) => ckdEpi2021(c.umolPerL, age, f.sex).egfr ?? []);
    const finding = contrastRenalFinding({
      agent,
      egfr: latestEgfr(f),
      egfrAt: latest?.at ?? null,
      lowestEgfrOnRecord: egfrs.length ? Math.min(...egfrs) : null,
      aki: kdigoAki(f.creatinine) !== null,
      ageYears: f.ageYears,
      onMetformin: f.medications.some((m) => sameDrug(m, ['Metformin'], ['A10BA02'])),
      inpatient: f.inpatient === true,
      asOf: f.asOf ?? latest?.at ?? '',
    });
    if (!finding) return [];
    const name = agent === 'iodinated' ? 'Iodinated contrast' : 'Gadolinium contrast';
    const when = finding.egfrAt ? ` (creatinine of ${finding.egfrAt})` : '';
    const window = `${finding.validDays} days${f.inpatient ? ' for a patient in hospital' : ''}`;
    switch (finding.kind) {
      case 'low-egfr':
      case 'aki': {
        const why =
          finding.kind === 'low-egfr'
            ? `eGFR ${finding.egfr} (< ${CONTRAST_EGFR_BELOW})${when}`
            : 'acute kidney injury (KDIGO)';
        return [
          card(
            this,
            'warning',
            `${name} with ${why}`,
            agent === 'iodinated'
              ? `With ${why}, intravascular iodinated contrast risks post-contrast acute kidney injury (ESUR v10; ACR Manual on Contrast Media). Consider a study without iodinated contrast; if it is needed, give IV hydration by local protocol, the lowest diagnostic dose, and re-check creatinine at 48-72 hours.`
              : `With ${why}, gadolinium risks nephrogenic systemic fibrosis (ACR Manual on Contrast Media; ESUR v10): use a group II (macrocyclic) agent at the lowest diagnostic dose, never a group I agent, and consider a study without contrast.`,
            agent === 'iodinated'
              ? [
                  'Consider imaging without iodinated contrast',
                  'IV hydration before and after by local protocol',
                  'Re-check creatinine 48-72 hours after contrast',
                ]
              : [
                  'Use a group II gadolinium agent at the lowest diagnostic dose',
                  'Consider imaging without contrast',
                ],
          ),
        ];
      }
      default:
        return [
          card(
            this,
            'warning',
            finding.kind === 'no-egfr'
              ? `${name}: no eGFR on record for a patient at risk`
              : `${name}: the latest eGFR${when} is older than ${window}`,
            `The patient is at risk of post-contrast acute kidney injury (age over 60, metformin or known renal disease; ACR Manual on Contrast Media), so an eGFR is needed before intravascular iodinated contrast, measured within ${window} (ESUR v10: 7 days in acute illness or in hospital, 3 months otherwise).`,
            ['Measure creatinine (eGFR) before the study'],
          ),
        ];
    }
  },
};

/** The standing MEOWS or Bedside PEWS where NEWS2 does not apply: a trigger is an urgent review. */
const earlyWarning: CdsRule = {
  id: 'early-warning-meows-pews',
  version: '1.0.0',
  title: 'MEOWS (pregnant, postpartum) and Bedside PEWS (under 16) trigger',
  source: {
    title: `${MEOWS_SOURCE.title}; ${PEWS_SOURCE.title}`,
    year: 2012,
    url: MEOWS_SOURCE.url,
  },
  hooks: ['patient-view', 'encounter-discharge'],
  evaluate(f) {
    const ew = f.earlyWarning;
    if (!ew?.trigger) return [];
    const source = ew.system === 'meows' ? MEOWS_SOURCE : PEWS_SOURCE;
    const what =
      ew.system === 'meows'
        ? 'MEOWS triggered (one red or two yellow parameters)'
        : `Bedside PEWS ${ew.score} (≥ ${PEWS_TRIGGER_SCORE})`;
    return [
      {
        ...card(
          this,
          'warning',
          `${what}: urgent review`,
          `${what} at ${ew.recordedAt}. ${ew.escalation}. NEWS2 does not apply to this patient (RCP 2017: not validated under 16 or in pregnancy); this score escalates in its place and blocks a planned discharge until a complete set without a trigger is recorded.`,
          [ew.escalation, 'Record a complete observation set after review'],
        ),
        links: [{ label: source.title, url: source.url, type: 'absolute' as const }],
      },
    ];
  },
};

/** Every rule, in the order their cards are shown within one indicator. */
export const CDS_RULES: readonly CdsRule[] = [
  sepsis,
  deterioration,
  earlyWarning,
  criticalResult,
  aki,
  renalDose,
  allergy,
  interactions,
  duplicate,
  contrastMetformin,
  contrastRenal,
  doseRange,
  pregnancyCaution,
  supplyQuantity,
];

const RANK: Record<CardIndicator, number> = { critical: 0, warning: 1, info: 2 };

/** The cards of the rules that answer the hook (minus the disabled ones), critical first. */
export function evaluateRules(
  facts: ClinicalFacts,
  hook: Hook,
  disabled: ReadonlySet<string> = new Set(),
): Card[] {
  return CDS_RULES.filter((r) => r.hooks.includes(hook) && !disabled.has(r.id))
    .flatMap((r) => r.evaluate(facts))
    .sort((a, b) => RANK[a.indicator] - RANK[b.indicator]);
}
