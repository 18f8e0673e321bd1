/**
 * Structured dose checks: the maximum single and daily dose of the formulary's common drugs for
 * adults, and the weight-based (mg/kg) maxima for children, each limit citing its published
 * source (BNF, BNF for Children, WHO Model Formulary for Children). A prescription's dose is read
 * from its fields (strength, dose, frequency), normalised first (clinical/text.ts): "2 tablets" of
 * "500 mg" is 1000 mg, "10 mL" of "120 mg/5 mL" is 240 mg, "every 6 hours" is 4 doses a day. A
 * dose at the limit is allowed; only a dose above it is flagged. A child's limit is the mg/kg
 * limit times the weight, never more than the adult limit. What cannot be read is said, not
 * guessed (the check then does not apply). Tested at the limits (test/unit/clinical/dose-limits.test.ts).
 */
import { parseStrength } from './dispensing';
import { type DrugRef, drugIsOn } from './interactions';
import { normaliseClinicalText } from './text';

export interface DoseSource {
  title: string;
  url: string;
}

export interface DoseLimit {
  drug: string;
  atc: readonly string[];
  /** Adult (18 and over) maxima in mg. */
  adult: { singleMg: number; dailyMg: number; source: DoseSource };
  /** Children (under 18): maxima in mg per kg of body weight, capped by the adult maxima. */
  child?: { singleMgPerKg: number; dailyMgPerKg: number; source: DoseSource };
}

const bnf = (drug: string, what: string): DoseSource => ({
  title: `BNF (British National Formulary), ${drug}: ${what}`,
  url: `https://bnf.nice.org.uk/drugs/${drug.toLowerCase()}/`,
});
const bnfc = (drug: string, what: string): DoseSource => ({
  title: `BNF for Children, ${drug}: ${what}`,
  url: `https://bnfc.nice.org.uk/drugs/${drug.toLowerCase()}/`,
});

/** Oral doses (the OPD catalogue's routes); the children's limits are for 1 month to 17 years. */
export const DOSE_LIMITS: readonly DoseLimit[] = [
  {
    drug: 'Paracetamol',
    atc: ['N02BE01'],
    adult: {
      singleMg: 1000,
      dailyMg: 4000,
      source: bnf('Paracetamol', '0.5-1 g every 4-6 hours; maximum 4 g per day'),
    },
    child: {
      singleMgPerKg: 15,
      dailyMgPerKg: 60,
      source: {
        title:
          'WHO Model Formulary for Children 2010, paracetamol: 10-15 mg/kg every 4-6 hours, maximum 4 doses in 24 hours',
        url: 'https://iris.who.int/handle/10665/44309',
      },
    },
  },
  {
    drug: 'Ibuprofen',
    atc: ['M01AE01'],
    adult: {
      singleMg: 600,
      dailyMg: 2400,
      source: bnf('Ibuprofen', 'up to 600 mg 4 times a day; maximum 2.4 g per day'),
    },
    child: {
      singleMgPerKg: 10,
      dailyMgPerKg: 30,
      source: bnfc('Ibuprofen', '30 mg/kg daily in 3-4 divided doses; maximum 2.4 g per day'),
    },
  },
  {
    drug: 'Amoxicillin',
    atc: ['J01CA04'],
    adult: {
      singleMg: 1000,
      dailyMg: 3000,
      source: bnf(
        'Amoxicillin',
        '500 mg 3 times a day, increased if necessary to 1 g 3 times a day',
      ),
    },
    child: {
      singleMgPerKg: 30,
      dailyMgPerKg: 90,
      source: bnfc('Amoxicillin', '30 mg/kg (maximum per dose 1 g) 3 times a day'),
    },
  },
  {
    drug: 'Metformin',
    atc: ['A10BA02'],
    adult: {
      singleMg: 1000,
      dailyMg: 2000,
      source: bnf('Metformin', 'immediate-release, maximum 2 g per day in divided doses'),
    },
  },
  {
    drug: 'Tramadol',
    atc: ['N02AX02'],
    adult: {
      singleMg: 100,
      dailyMg: 400,
      source: bnf('Tramadol', '50-100 mg every 4-6 hours; maximum 400 mg per day'),
    },
  },
  {
    drug: 'Atorvastatin',
    atc: ['C10AA05'],
    adult: { singleMg: 80, dailyMg: 80, source: bnf('Atorvastatin', 'maximum 80 mg once daily') },
  },
  {
    drug: 'Amlodipine',
    atc: ['C08CA01'],
    adult: { singleMg: 10, dailyMg: 10, source: bnf('Amlodipine', 'maximum 10 mg once daily') },
  },
  {
    drug: 'Ramipril',
    atc: ['C09AA05'],
    adult: { singleMg: 10, dailyMg: 10, source: bnf('Ramipril', 'maximum 10 mg per day') },
  },
];

/** Age from which the adult limits apply (BNF; BNF for Children covers up to 17). */
export const ADULT_FROM_YEARS = 18;

const MASS_UNITS = /\b(\d+(?:\.\d+)?)\s*(g|mg|micrograms?|mcg)\b/;
const LIQUID_UNITS = /^(\d+(?:\.\d+)?)\s*(ml)$/;
const COUNTED_UNITS =
  /^(\d+(?:\.\d+)?|one|two|three|four)\s*(tab(?:let)?s?|cap(?:sule)?s?|sachets?)$/;
const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

/**
 * The text the parsers read: normalised (clinical/text.ts), lower case, "1,000" as "1000", a range
 * "4-6" as "4 to 6", abbreviation dots dropped ("q.d.s." is "qds"), other punctuation as spaces.
 */
export function plainDoseText(text: string): string {
  return normaliseClinicalText(text)
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)\s*(?:-|–|to)\s*(\d)/g, '$1 to $2')
    .replace(/\.(?!\d)|(?<!\d)\./g, '')
    .replace(/[^a-z0-9./ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The amount of one dose in mg, from the dose ("1 g", "500 mg", "2 tablets", "10 mL") and the
 * strength of one unit ("500 mg", "120 mg/5 mL"); null when it cannot be read in mg.
 */
export function singleDoseMg(rx: { strength: string; dose: string }): number | null {
  const dose = plainDoseText(rx.dose);
  const mass = MASS_UNITS.exec(dose);
  if (mass) {
    const unit = parseStrength(`${mass[1]} ${mass[2]}`);
    return unit?.unit === 'mg' ? unit.value : null;
  }
  const strength = parseStrength(rx.strength);
  if (!strength) return null;
  const counted = COUNTED_UNITS.exec(dose);
  if (counted && strength.unit === 'mg') {
    const n = WORD_NUMBERS[counted[1]!] ?? Number(counted[1]);
    return n * strength.value;
  }
  const liquid = LIQUID_UNITS.exec(dose);
  if (liquid && strength.unit === 'mg/mL') return Number(liquid[1]) * strength.value;
  return null;
}

/** Latin and English frequencies and their doses a day (the most doses when a range is given). */
const FREQUENCIES: readonly [RegExp, number][] = [
  [
    /^(once daily|once a day|daily|od|every morning|om|at night|nocte|on|once|stat|every 24 hours)$/,
    1,
  ],
  [/^(twice daily|twice a day|bd|bid|every 12 hours|12 hourly)$/, 2],
  [/^(three times daily|three times a day|thrice daily|tds|tid|every 8 hours|8 hourly)$/, 3],
  [/^(four times daily|four times a day|qds|qid|every 6 hours|6 hourly)$/, 4],
];

/**
 * Doses a day from the frequency text ("twice daily", "TDS", "every 4-6 hours", "3 times a day");
 * "as needed" words are ignored, the shortest interval of a range counts. Null when unreadable.
 */
export function dosesPerDay(frequency: string): number | null {
  const f = plainDoseText(frequency)
    .replace(/\b(when required|as required|as needed|if needed|prn)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [words, n] of FREQUENCIES) if (words.test(f)) return n;
  const times = /^(\d+) times (?:daily|a day|per day)$/.exec(f);
  if (times) return Number(times[1]);
  const every = /^every (\d+(?:\.\d+)?)(?: to \d+(?:\.\d+)?)? hours?$/.exec(f);
  if (every && Number(every[1]) > 0) return Math.floor(24 / Number(every[1]));
  const hourly = /^(\d+)(?: to \d+)? hourly$/.exec(f);
  if (hourly && Number(hourly[1]) > 0) return Math.floor(24 / Number(hourly[1]));
  return null;
}

export interface DoseFinding {
  kind: 'single' | 'daily' | 'unreadable' | 'weight-needed';
  drug: string;
  /** The dose found (mg) and the limit (mg) it exceeds. */
  doseMg?: number;
  limitMg?: number;
  /** How the limit was reached ("15 mg/kg × 20 kg"). */
  basis?: string;
  source?: DoseSource;
}

export interface DosePatient {
  ageYears: number | null;
  weightKg: number | null;
}

/** The limit of a drug, when the table has one. */
export function doseLimitOf(drug: DrugRef): DoseLimit | undefined {
  return DOSE_LIMITS.find((l) => drugIsOn({ label: l.drug, atc: l.atc, names: [l.drug] }, drug));
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What is wrong with a prescription's dose for the patient: above the maximum single or daily
 * dose (adult, or for a child the mg/kg limit × weight, capped by the adult limit); a dose or
 * frequency that cannot be read; a child without a recorded weight. Empty when within the limits
 * or when the table has no limit for the drug.
 */
export function checkDose(
  rx: DrugRef & { strength: string; dose: string; frequency: string },
  patient: DosePatient,
): DoseFinding[] {
  const limit = doseLimitOf(rx);
  if (!limit) return [];
  const single = singleDoseMg(rx);
  const perDay = dosesPerDay(rx.frequency);
  if (single === null || perDay === null) return [{ kind: 'unreadable', drug: limit.drug }];
  const child = patient.ageYears !== null && patient.ageYears < ADULT_FROM_YEARS;
  let singleMax = limit.adult.singleMg;
  let dailyMax = limit.adult.dailyMg;
  let singleBasis = `adult maximum ${singleMax} mg`;
  let dailyBasis = `adult maximum ${dailyMax} mg/day`;
  let source = limit.adult.source;
  if (child && limit.child) {
    if (patient.weightKg === null)
      return [{ kind: 'weight-needed', drug: limit.drug, source: limit.child.source }];
    const w = patient.weightKg;
    source = limit.child.source;
    if (limit.child.singleMgPerKg * w < singleMax) {
      singleMax = round(limit.child.singleMgPerKg * w);
      singleBasis = `${limit.child.singleMgPerKg} mg/kg × ${w} kg`;
    }
    if (limit.child.dailyMgPerKg * w < dailyMax) {
      dailyMax = round(limit.child.dailyMgPerKg * w);
      dailyBasis = `${limit.child.dailyMgPerKg} mg/kg/day × ${w} kg`;
    }
  }
  const findings: DoseFinding[] = [];
  const daily = round(single * perDay);
  if (single > singleMax)
    findings.push({
      kind: 'single',
      drug: limit.drug,
      doseMg: round(single),
      limitMg: singleMax,
      basis: singleBasis,
      source,
    });
  if (daily > dailyMax)
    findings.push({
      kind: 'daily',
      drug: limit.drug,
      doseMg: daily,
      limitMg: dailyMax,
      basis: dailyBasis,
      source,
    });
  return findings;
}
