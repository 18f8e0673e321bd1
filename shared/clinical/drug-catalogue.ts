/**
 * A small catalogue of common OPD drugs for prescription suggestions and allergy checks.
 * Codes are WHO ATC codes (5th level = one substance, or one fixed combination). Aspirin is
 * listed under its antiplatelet code (B01AC06) because OPD use is mostly low-dose; the analgesic
 * code N02BA01 is the same substance.
 *
 * Synonyms include common brand names (UK BNF and Indian market), so that a prescription written
 * by brand is recognised as its generic for the code check and for allergy screening.
 */
import type { Invalid } from '../kernel/errors';
import { invalidField } from '../kernel/validation';
import { matchKey, normaliseClinicalText } from './text';

export interface CatalogueDrug {
  name: string;
  /** WHO ATC code. */
  atc: string;
  /** Other names the same product is prescribed under (INN vs BAN/USAN, combination names). */
  synonyms: readonly string[];
  strengths: readonly string[];
  forms: readonly string[];
}

const drug = (
  name: string,
  atc: string,
  strengths: readonly string[],
  forms: readonly string[],
  synonyms: readonly string[] = [],
): CatalogueDrug => Object.freeze({ name, atc, synonyms, strengths, forms });

export const DRUG_CATALOGUE: readonly CatalogueDrug[] = Object.freeze([
  // Antibacterials
  drug(
    'Amoxicillin',
    'J01CA04',
    ['250 mg', '500 mg', '125 mg/5 mL', '250 mg/5 mL'],
    ['capsule', 'oral suspension'],
    ['amoxycillin', 'Amoxil'],
  ),
  drug(
    'Co-amoxiclav',
    'J01CR02',
    ['250 mg/125 mg', '500 mg/125 mg'],
    ['tablet'],
    [
      'amoxicillin and clavulanic acid',
      'amoxicillin-clavulanate',
      'amoxicillin/clavulanic acid',
      'Augmentin',
      'Clavulin',
    ],
  ),
  drug('Flucloxacillin', 'J01CF05', ['250 mg', '500 mg'], ['capsule'], ['Floxapen']),
  drug(
    'Phenoxymethylpenicillin',
    'J01CE02',
    ['250 mg', '125 mg/5 mL', '250 mg/5 mL'],
    ['tablet', 'oral solution'],
    ['penicillin v', 'penicillin vk'],
  ),
  drug(
    'Benzylpenicillin',
    'J01CE01',
    ['600 mg', '1.2 g'],
    ['powder for injection'],
    ['penicillin g', 'Crystapen'],
  ),
  drug(
    'Cefalexin',
    'J01DB01',
    ['250 mg', '500 mg', '125 mg/5 mL', '250 mg/5 mL'],
    ['capsule', 'oral suspension'],
    ['cephalexin', 'Keflex'],
  ),
  drug(
    'Cefuroxime',
    'J01DC02',
    ['250 mg', '500 mg', '750 mg', '1.5 g'],
    ['tablet', 'powder for injection'],
    ['Zinnat', 'Zinacef'],
  ),
  drug('Ceftriaxone', 'J01DD04', ['250 mg', '1 g', '2 g'], ['powder for injection'], ['Rocephin']),
  drug(
    'Azithromycin',
    'J01FA10',
    ['250 mg', '500 mg', '200 mg/5 mL'],
    ['tablet', 'oral suspension'],
    ['Zithromax'],
  ),
  drug('Clarithromycin', 'J01FA09', ['250 mg', '500 mg'], ['tablet'], ['Klaricid']),
  drug('Doxycycline', 'J01AA02', ['100 mg'], ['capsule'], ['Vibramycin']),
  drug(
    'Ciprofloxacin',
    'J01MA02',
    ['250 mg', '500 mg', '750 mg'],
    ['tablet'],
    ['Ciproxin', 'Cipro'],
  ),
  drug('Metronidazole', 'P01AB01', ['200 mg', '400 mg', '500 mg'], ['tablet'], ['Flagyl']),
  drug(
    'Co-trimoxazole',
    'J01EE01',
    ['480 mg', '960 mg'],
    ['tablet'],
    ['sulfamethoxazole and trimethoprim', 'Septrin', 'Bactrim'],
  ),
  drug('Nitrofurantoin', 'J01XE01', ['50 mg', '100 mg'], ['capsule'], ['Macrobid', 'Macrodantin']),
  // Analgesics and anti-inflammatories
  drug(
    'Paracetamol',
    'N02BE01',
    ['500 mg', '650 mg', '120 mg/5 mL', '250 mg/5 mL'],
    ['tablet', 'oral suspension'],
    ['acetaminophen', 'Calpol', 'Panadol', 'Crocin'],
  ),
  drug(
    'Ibuprofen',
    'M01AE01',
    ['200 mg', '400 mg', '600 mg', '100 mg/5 mL'],
    ['tablet', 'oral suspension'],
    ['Brufen', 'Nurofen'],
  ),
  drug('Naproxen', 'M01AE02', ['250 mg', '500 mg'], ['tablet'], ['Naprosyn']),
  drug(
    'Diclofenac',
    'M01AB05',
    ['25 mg', '50 mg'],
    ['gastro-resistant tablet'],
    ['Voltarol', 'Voveran'],
  ),
  drug(
    'Aspirin',
    'B01AC06',
    ['75 mg'],
    ['dispersible tablet', 'gastro-resistant tablet'],
    ['acetylsalicylic acid'],
  ),
  drug('Tramadol', 'N02AX02', ['50 mg'], ['capsule']),
  // Gastrointestinal
  drug(
    'Omeprazole',
    'A02BC01',
    ['10 mg', '20 mg', '40 mg'],
    ['gastro-resistant capsule'],
    ['Losec'],
  ),
  drug('Pantoprazole', 'A02BC02', ['20 mg', '40 mg'], ['gastro-resistant tablet'], ['Protonix']),
  drug('Ondansetron', 'A04AA01', ['4 mg', '8 mg'], ['tablet', 'orodispersible tablet'], ['Zofran']),
  drug('Metoclopramide', 'A03FA01', ['10 mg'], ['tablet'], ['Maxolon']),
  // Diabetes and cardiovascular
  drug(
    'Metformin',
    'A10BA02',
    ['500 mg', '850 mg', '1000 mg'],
    ['tablet', 'prolonged-release tablet'],
    ['Glucophage'],
  ),
  drug('Gliclazide', 'A10BB09', ['40 mg', '80 mg'], ['tablet']),
  drug('Amlodipine', 'C08CA01', ['2.5 mg', '5 mg', '10 mg'], ['tablet'], ['Istin']),
  drug('Atenolol', 'C07AB03', ['25 mg', '50 mg', '100 mg'], ['tablet'], ['Tenormin']),
  drug('Losartan', 'C09CA01', ['25 mg', '50 mg', '100 mg'], ['tablet'], ['Cozaar']),
  drug('Ramipril', 'C09AA05', ['1.25 mg', '2.5 mg', '5 mg', '10 mg'], ['capsule']),
  drug('Atorvastatin', 'C10AA05', ['10 mg', '20 mg', '40 mg', '80 mg'], ['tablet'], ['Lipitor']),
  drug('Furosemide', 'C03CA01', ['20 mg', '40 mg'], ['tablet'], ['frusemide', 'Lasix']),
  drug('Clopidogrel', 'B01AC04', ['75 mg'], ['tablet'], ['Plavix']),
  // Respiratory, allergy, endocrine
  drug(
    'Salbutamol',
    'R03AC02',
    ['100 micrograms/dose'],
    ['pressurised inhaler'],
    ['albuterol', 'Ventolin'],
  ),
  drug('Cetirizine', 'R06AE07', ['10 mg'], ['tablet'], ['Zyrtec']),
  drug('Prednisolone', 'H02AB06', ['1 mg', '5 mg', '25 mg'], ['tablet']),
  drug(
    'Levothyroxine',
    'H03AA01',
    ['25 micrograms', '50 micrograms', '100 micrograms'],
    ['tablet'],
    ['levothyroxine sodium', 'Eltroxin'],
  ),
]);

/** Names are compared in their normalised form (clinical/text.ts), ignoring case. */
function normaliseName(name: string): string {
  return normaliseClinicalText(name).toLowerCase();
}

/** Case-insensitive exact match on the name or a synonym ("acetaminophen" → Paracetamol). */
export function lookupDrug(name: string): CatalogueDrug | undefined {
  if (typeof name !== 'string') return undefined;
  const wanted = normaliseName(name);
  if (wanted === '') return undefined;
  return DRUG_CATALOGUE.find(
    (d) => normaliseName(d.name) === wanted || d.synonyms.some((s) => normaliseName(s) === wanted),
  );
}

export function lookupDrugByCode(code: string): CatalogueDrug | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = code.trim().toUpperCase();
  return DRUG_CATALOGUE.find((d) => d.atc === wanted);
}

/** Edits (insert, delete, substitute, swap two neighbours) turning `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Edits within which an unknown name counts as a misspelling of a catalogue name. */
function nearEnough(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

export interface NearMatch {
  entry: CatalogueDrug;
  /** The catalogue name or synonym it is nearest to. */
  name: string;
  distance: number;
}

/**
 * The catalogue drug a name the catalogue does not know is probably meant to be ("Amoxicilin",
 * "Amoxycilin" → Amoxicillin): the nearest name or synonym by edit distance, when within a few
 * edits for its length; undefined for a known name or one far from every catalogue name. Used to
 * rate an unknown drug no lower than the drug it is nearest to (agent-actions risk).
 */
export function nearestCatalogueDrug(name: string): NearMatch | undefined {
  if (typeof name !== 'string' || lookupDrug(name)) return undefined;
  const wanted = matchKey(name);
  if (wanted === '') return undefined;
  let best: NearMatch | undefined;
  for (const entry of DRUG_CATALOGUE) {
    for (const candidate of [entry.name, ...entry.synonyms]) {
      const distance = editDistance(wanted, matchKey(candidate));
      if (distance <= nearEnough(wanted.length) && (!best || distance < best.distance))
        best = { entry, name: candidate, distance };
    }
  }
  return best;
}

/** A 5th-level WHO ATC code: one substance or fixed combination (J01CA04 = amoxicillin). */
export const ATC_CODE_PATTERN = /^[A-Z]\d\d[A-Z]{2}\d\d$/;

/** Whether `name` is the entry's name or one of its synonyms/brands (case-insensitive). */
export function isNameOf(entry: CatalogueDrug, name: string): boolean {
  const wanted = normaliseName(name);
  return (
    normaliseName(entry.name) === wanted || entry.synonyms.some((s) => normaliseName(s) === wanted)
  );
}

export interface IdentifiedDrug {
  /** As prescribed (a brand stays a brand). */
  name: string;
  /** Upper-case ATC code: the one given, else the catalogue's for the name, else null. */
  code: string | null;
  /** The catalogue entry the name or code denotes, when the catalogue knows it. */
  entry: CatalogueDrug | null;
}

function invalidDrugCode(message: string): Invalid {
  return invalidField('drugCode', message);
}

/**
 * The drug a prescription names. A code must not contradict the name, because the record and
 * the allergy screen would otherwise disagree about what the patient gets (Paracetamol with
 * J01CA04, amoxicillin's code): a code the catalogue knows must come with that drug's name or a
 * synonym; an unknown code is kept only if it has the shape of an ATC code. Throws an `invalid` error naming drugCode.
 */
export function identifyDrug(name: string, code?: string | null): IdentifiedDrug {
  const byName = lookupDrug(name) ?? null;
  if (code === undefined || code === null)
    return { name, code: byName?.atc ?? null, entry: byName };
  const wanted = code.trim().toUpperCase();
  const byCode = lookupDrugByCode(wanted);
  if (byCode) {
    if (!isNameOf(byCode, name)) {
      const also = byCode.synonyms.length ? ` (or ${byCode.synonyms.join(', ')})` : '';
      throw invalidDrugCode(
        `${wanted} is ${byCode.name}${also}, not '${name}'; correct drugName or drugCode`,
      );
    }
    return { name, code: wanted, entry: byCode };
  }
  if (!ATC_CODE_PATTERN.test(wanted)) {
    throw invalidDrugCode(
      `'${code}' is not a WHO ATC code (a letter, 2 digits, 2 letters, 2 digits, e.g. N02BE01)`,
    );
  }
  return { name, code: wanted, entry: byName };
}
