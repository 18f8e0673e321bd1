/**
 * Drug–allergy screening against the patient's recorded allergy strings (free text such as
 * "Penicillin - anaphylaxis"). It is a safety net that asks the prescriber for an override
 * reason, so it leans towards flagging: a false alarm costs one sentence, a miss can cost a life.
 *
 * A recorded allergy matches a drug when, compared case-insensitively on whole words:
 * - it contains the drug's name (or a catalogue name/synonym of it), or the drug's name
 *   contains the allergy ("amoxicillin" vs "Amoxicillin trihydrate"); or
 * - it names a class the drug belongs to ("penicillin" vs amoxicillin), membership coming from
 *   the class's member names or the drug's ATC code; or
 * - it names another member of such a class ("amoxicillin" vs flucloxacillin, "aspirin" vs
 *   ibuprofen): the BNF treats hypersensitivity to one penicillin, or to aspirin or any other
 *   NSAID, as a contraindication to the class.
 * Cross-class reactions (penicillin → cephalosporin) are a clinical judgement and not flagged.
 * Non-antibacterial sulfonamides (furosemide, thiazides) are not in the sulfonamide class.
 */
import { DRUG_CATALOGUE, lookupDrug, lookupDrugByCode, type CatalogueDrug } from './drug-catalogue';

export { DRUG_CATALOGUE, lookupDrug, lookupDrugByCode, type CatalogueDrug };

export interface DrugClass {
  id: string;
  /** Words an allergy record uses for the whole class. */
  allergyTerms: readonly string[];
  /** Substance names (including common spelling variants) in the class. */
  members: readonly string[];
  /** ATC codes or code prefixes of the class. */
  atcPrefixes: readonly string[];
}

export const DRUG_CLASSES: readonly DrugClass[] = [
  {
    id: 'penicillin',
    allergyTerms: ['penicillin', 'penicillins'],
    members: [
      'amoxicillin',
      'amoxycillin',
      'ampicillin',
      'piperacillin',
      'flucloxacillin',
      'benzylpenicillin',
      'phenoxymethylpenicillin',
      'penicillin v',
      'penicillin g',
      'co-amoxiclav',
    ],
    atcPrefixes: ['J01C'],
  },
  {
    id: 'cephalosporin',
    allergyTerms: ['cephalosporin', 'cephalosporins'],
    members: ['cefalexin', 'cephalexin', 'ceftriaxone', 'cefuroxime', 'cefixime', 'cefadroxil', 'cefotaxime'],
    atcPrefixes: ['J01DB', 'J01DC', 'J01DD', 'J01DE', 'J01DI'],
  },
  {
    id: 'sulfonamide',
    allergyTerms: ['sulfa', 'sulpha', 'sulfonamide', 'sulfonamides', 'sulphonamide', 'sulphonamides'],
    members: ['sulfamethoxazole', 'sulphamethoxazole', 'co-trimoxazole', 'cotrimoxazole', 'sulfadiazine'],
    // Sulfonamide antibacterials only; J01EA (trimethoprim alone) is not a sulfonamide.
    atcPrefixes: ['J01EB', 'J01EC', 'J01ED', 'J01EE'],
  },
  {
    id: 'nsaid',
    allergyTerms: ['nsaid', 'nsaids', 'non-steroidal anti-inflammatory', 'non-steroidal anti-inflammatories'],
    members: [
      'ibuprofen',
      'naproxen',
      'diclofenac',
      'aspirin',
      'acetylsalicylic acid',
      'mefenamic acid',
      'indometacin',
      'indomethacin',
      'ketorolac',
      'ketoprofen',
      'piroxicam',
      'meloxicam',
    ],
    atcPrefixes: ['M01AA', 'M01AB', 'M01AC', 'M01AE', 'M01AG', 'N02BA01', 'B01AC06'],
  },
  {
    id: 'aspirin',
    allergyTerms: ['aspirin', 'acetylsalicylic acid'],
    members: ['aspirin', 'acetylsalicylic acid'],
    atcPrefixes: ['N02BA01', 'B01AC06'],
  },
];

/** Lower case, accents dropped, punctuation as spaces: "Co-Trimoxazole" → "co trimoxazole". */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function containsPhrase(haystack: string, phrase: string): boolean {
  return phrase !== '' && ` ${haystack} `.includes(` ${phrase} `);
}

function drugNames(drug: { name: string; code?: string | null }): { names: string[]; codes: string[] } {
  const fromCode = drug.code ? lookupDrugByCode(drug.code) : undefined;
  const entry = fromCode ?? lookupDrug(drug.name);
  const names = [drug.name, ...(entry ? [entry.name, ...entry.synonyms] : [])].map(normalise);
  const codes = [drug.code, entry?.atc]
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  return { names: [...new Set(names)].filter((n) => n !== ''), codes };
}

function classesOf(names: readonly string[], codes: readonly string[]): DrugClass[] {
  return DRUG_CLASSES.filter(
    (c) =>
      c.members.some((m) => names.some((n) => containsPhrase(n, normalise(m)))) ||
      c.atcPrefixes.some((p) => codes.some((code) => code.startsWith(p))),
  );
}

/** The allergy strings (as recorded, without duplicates) that the drug conflicts with. */
export function findAllergyConflicts(
  drug: { name: string; code?: string | null },
  allergies: readonly string[],
): string[] {
  const { names, codes } = drugNames(drug);
  const classes = classesOf(names, codes);
  const allergyTerms = [
    ...names,
    ...classes.flatMap((c) => [...c.allergyTerms, ...c.members]),
  ].map(normalise);

  const conflicts: string[] = [];
  for (const allergy of allergies) {
    if (typeof allergy !== 'string' || conflicts.includes(allergy)) continue;
    const recorded = normalise(allergy);
    if (recorded === '') continue;
    const matches =
      allergyTerms.some((term) => containsPhrase(recorded, term)) ||
      names.some((name) => containsPhrase(name, recorded));
    if (matches) conflicts.push(allergy);
  }
  return conflicts;
}
