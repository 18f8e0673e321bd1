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
 * Those are `direct` conflicts. A `cross-sensitivity` conflict is an allergy to a related class:
 * among the beta-lactams, penicillins, cephalosporins and carbapenems cross-react (BNF,
 * Penicillins: "patients with a history of immediate hypersensitivity to penicillins … should not
 * receive a cephalosporin or another beta-lactam antibacterial"; meropenem and imipenem are
 * contra-indicated after immediate hypersensitivity to any beta-lactam). The monobactam aztreonam
 * has little cross-reactivity with them (BNF: "may be used with caution") and is not flagged,
 * except against ceftazidime, with which it shares an identical side chain. Both kinds need an
 * override reason; what is shown and stored says which kind it is.
 * Non-antibacterial sulfonamides (furosemide, thiazides) are not in the sulfonamide class.
 */
import { type CatalogueDrug, DRUG_CATALOGUE, lookupDrug, lookupDrugByCode } from './drug-catalogue';
import { matchKey } from './text';

export { type CatalogueDrug, DRUG_CATALOGUE, lookupDrug, lookupDrugByCode };

export interface DrugClass {
  id: string;
  /** Words an allergy record uses for the whole class. */
  allergyTerms: readonly string[];
  /** Substance names (including common spelling variants) in the class. */
  members: readonly string[];
  /** ATC codes or code prefixes of the class. */
  atcPrefixes: readonly string[];
}

/** An allergy to "beta-lactams" names every class below that carries it. */
const BETA_LACTAM_TERMS = ['beta lactam', 'beta lactams', 'betalactam', 'betalactams'];

const PENICILLINS: DrugClass = {
  id: 'penicillin',
  // "PCN" is the common abbreviation in allergy records; the misspellings are common ones.
  allergyTerms: [
    'penicillin',
    'penicillins',
    'pcn',
    'pencillin',
    'penicilin',
    'pencilin',
    'penicillen',
    ...BETA_LACTAM_TERMS,
  ],
  // Substances (BNF 5.1.1 and WHO ATC J01C), then brands.
  members: [
    'benzylpenicillin',
    'penicillin g',
    'procaine penicillin',
    'procaine benzylpenicillin',
    'benzathine penicillin',
    'benzathine benzylpenicillin',
    'phenoxymethylpenicillin',
    'penicillin v',
    'penicillin vk',
    'amoxicillin',
    'amoxycillin',
    'ampicillin',
    'pivampicillin',
    'co-amoxiclav',
    'coamoxiclav',
    'co-fluampicil',
    'flucloxacillin',
    'cloxacillin',
    'dicloxacillin',
    'oxacillin',
    'nafcillin',
    'piperacillin',
    'ticarcillin',
    'carbenicillin',
    'azlocillin',
    'mezlocillin',
    'temocillin',
    'pivmecillinam',
    'mecillinam',
    'amoxil',
    'augmentin',
    'clavulin',
    'penbritin',
    'magnapen',
    'floxapen',
    'tazocin',
    'zosyn',
    'timentin',
    'negaban',
    'selexid',
    'bicillin',
    'crystapen',
  ],
  atcPrefixes: ['J01C'],
};

const CEPHALOSPORINS: DrugClass = {
  id: 'cephalosporin',
  allergyTerms: ['cephalosporin', 'cephalosporins', ...BETA_LACTAM_TERMS],
  members: [
    'cefalexin',
    'cephalexin',
    'cefadroxil',
    'cefazolin',
    'cefradine',
    'cephradine',
    'cefaclor',
    'cefuroxime',
    'cefprozil',
    'cefoxitin',
    'cefixime',
    'cefpodoxime',
    'cefdinir',
    'ceftibuten',
    'cefditoren',
    'cefotaxime',
    'ceftriaxone',
    'ceftazidime',
    'cefoperazone',
    'cefepime',
    'ceftaroline',
    'ceftobiprole',
    'ceftolozane',
    'cefiderocol',
    'keflex',
    'distaclor',
    'zinnat',
    'zinacef',
    'suprax',
    'orelox',
    'rocephin',
    'fortum',
    'zavicefta',
    'zinforo',
    'zerbaxa',
    'fetcroja',
  ],
  // J01DI03 (faropenem) is a penem: it is with the carbapenems.
  atcPrefixes: ['J01DB', 'J01DC', 'J01DD', 'J01DE', 'J01DI01', 'J01DI02', 'J01DI04', 'J01DI54'],
};

const CARBAPENEMS: DrugClass = {
  id: 'carbapenem',
  allergyTerms: ['carbapenem', 'carbapenems', 'penem', 'penems', ...BETA_LACTAM_TERMS],
  members: [
    'meropenem',
    'imipenem',
    'ertapenem',
    'doripenem',
    'faropenem',
    'meronem',
    'invanz',
    'primaxin',
    'tienam',
    'vaborem',
    'recarbrio',
  ],
  atcPrefixes: ['J01DH', 'J01DI03'],
};

const MONOBACTAMS: DrugClass = {
  id: 'monobactam',
  allergyTerms: ['monobactam', 'monobactams', ...BETA_LACTAM_TERMS],
  members: ['aztreonam', 'azactam', 'cayston'],
  atcPrefixes: ['J01DF'],
};

/** Ceftazidime alone (and with avibactam): its R1 side chain is identical to aztreonam's. */
const CEFTAZIDIME: DrugClass = {
  id: 'ceftazidime',
  allergyTerms: [],
  members: ['ceftazidime', 'fortum', 'zavicefta'],
  atcPrefixes: ['J01DD02', 'J01DD52'],
};

export const DRUG_CLASSES: readonly DrugClass[] = [
  PENICILLINS,
  CEPHALOSPORINS,
  CARBAPENEMS,
  MONOBACTAMS,
  {
    id: 'sulfonamide',
    allergyTerms: [
      'sulfa',
      'sulpha',
      'sulfonamide',
      'sulfonamides',
      'sulphonamide',
      'sulphonamides',
    ],
    members: [
      'sulfamethoxazole',
      'sulphamethoxazole',
      'co-trimoxazole',
      'cotrimoxazole',
      'sulfadiazine',
      // BNF: sulfasalazine is contra-indicated in hypersensitivity to sulfonamides or salicylates.
      'sulfasalazine',
      'sulphasalazine',
      'salazopyrin',
    ],
    // Sulfonamide antibacterials and sulfasalazine; J01EA (trimethoprim alone) is not a
    // sulfonamide, nor are furosemide and the thiazides.
    atcPrefixes: ['J01EB', 'J01EC', 'J01ED', 'J01EE', 'A07EC01'],
  },
  {
    id: 'nsaid',
    allergyTerms: [
      'nsaid',
      'nsaids',
      'non-steroidal anti-inflammatory',
      'non-steroidal anti-inflammatories',
    ],
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
      'aceclofenac',
      'etodolac',
      'flurbiprofen',
      'dexketoprofen',
      'tenoxicam',
      'lornoxicam',
      'nabumetone',
      // The coxibs and nimesulide are NSAIDs too (BNF: contra-indicated after hypersensitivity
      // to aspirin or any other NSAID).
      'celecoxib',
      'etoricoxib',
      'parecoxib',
      'rofecoxib',
      'valdecoxib',
      'lumiracoxib',
      'celebrex',
      'arcoxia',
      'dynastat',
      'nimesulide',
      'nise',
    ],
    atcPrefixes: [
      'M01AA',
      'M01AB',
      'M01AC',
      'M01AE',
      'M01AG',
      'M01AH',
      'M01AX01',
      'M01AX17',
      'N02BA01',
      'B01AC06',
    ],
  },
  {
    id: 'aspirin',
    allergyTerms: ['aspirin', 'acetylsalicylic acid'],
    members: ['aspirin', 'acetylsalicylic acid'],
    atcPrefixes: ['N02BA01', 'B01AC06'],
  },
  {
    // Salicylates (BNF: aminosalicylates and sulfasalazine are contra-indicated in salicylate
    // hypersensitivity); aspirin is one, so an aspirin allergy names the class.
    id: 'salicylate',
    allergyTerms: ['salicylate', 'salicylates'],
    members: [
      'aspirin',
      'acetylsalicylic acid',
      'sulfasalazine',
      'sulphasalazine',
      'salazopyrin',
      'mesalazine',
      'mesalamine',
      'balsalazide',
      'olsalazine',
      'diflunisal',
      'salsalate',
      'choline salicylate',
      'sodium salicylate',
      'methyl salicylate',
    ],
    atcPrefixes: ['N02BA', 'A07EC', 'B01AC06'],
  },
];

/**
 * An allergy to `allergy` (named as a class or by any member) is a cross-sensitivity warning for
 * a drug in `drug`. Source: BNF (Penicillins; Cephalosporins; Carbapenems; Aztreonam).
 */
export interface CrossSensitivity {
  allergy: DrugClass;
  drug: DrugClass;
}

export const CROSS_SENSITIVITIES: readonly CrossSensitivity[] = [
  { allergy: PENICILLINS, drug: CEPHALOSPORINS },
  { allergy: PENICILLINS, drug: CARBAPENEMS },
  { allergy: CEPHALOSPORINS, drug: PENICILLINS },
  { allergy: CEPHALOSPORINS, drug: CARBAPENEMS },
  { allergy: CARBAPENEMS, drug: PENICILLINS },
  { allergy: CARBAPENEMS, drug: CEPHALOSPORINS },
  { allergy: CEFTAZIDIME, drug: MONOBACTAMS },
  { allergy: MONOBACTAMS, drug: CEFTAZIDIME },
];

/**
 * Lower case, accents dropped, punctuation as spaces, after the clinical normalisation (invisible
 * characters removed, look-alike letters mapped): "Co-Trimoxazole" → "co trimoxazole",
 * "β-lactam" → "beta lactam", "Amoxi\u200bcillin" → "amoxicillin" (clinical/text.ts).
 */
const normalise = matchKey;

function containsPhrase(haystack: string, phrase: string): boolean {
  return phrase !== '' && ` ${haystack} `.includes(` ${phrase} `);
}

/** The drug's own names and codes plus those of the catalogue entries its name and code denote. */
function drugNames(drug: { name: string; code?: string | null }): {
  names: string[];
  codes: string[];
} {
  const entries = [
    drug.code ? lookupDrugByCode(drug.code) : undefined,
    lookupDrug(drug.name),
  ].filter((e): e is CatalogueDrug => e !== undefined);
  const names = [drug.name, ...entries.flatMap((e) => [e.name, ...e.synonyms])].map(normalise);
  const codes = [drug.code, ...entries.map((e) => e.atc)]
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  return { names: [...new Set(names)].filter((n) => n !== ''), codes: [...new Set(codes)] };
}

function drugIsIn(c: DrugClass, names: readonly string[], codes: readonly string[]): boolean {
  return (
    [...c.members, ...c.allergyTerms].some((m) =>
      names.some((n) => containsPhrase(n, normalise(m))),
    ) || c.atcPrefixes.some((p) => codes.some((code) => code.startsWith(p)))
  );
}

/** Whether a (normalised) allergy record names the class or one of its members. */
function allergyNames(c: DrugClass, recorded: string): boolean {
  return [...c.allergyTerms, ...c.members].some((term) =>
    containsPhrase(recorded, normalise(term)),
  );
}

export type AllergyConflictKind = 'direct' | 'cross-sensitivity';

export interface AllergyConflict {
  /** The allergy as recorded. */
  allergy: string;
  kind: AllergyConflictKind;
  /** For a cross-sensitivity: the class of the prescribed drug that the allergy cross-reacts with. */
  drugClass?: string;
  /** How the conflict is shown and stored: the allergy, plus "(cross-sensitivity: <class>)". */
  label: string;
}

/**
 * The recorded allergies the drug conflicts with, in the order recorded, each once: a direct
 * match (same drug or same class) wins over a cross-sensitivity.
 */
export function screenAllergies(
  drug: { name: string; code?: string | null },
  allergies: readonly string[],
): AllergyConflict[] {
  const { names, codes } = drugNames(drug);
  const classes = DRUG_CLASSES.filter((c) => drugIsIn(c, names, codes));
  const directTerms = [...names, ...classes.flatMap((c) => [...c.allergyTerms, ...c.members])].map(
    normalise,
  );
  const crossRules = CROSS_SENSITIVITIES.filter((r) => drugIsIn(r.drug, names, codes));

  const conflicts: AllergyConflict[] = [];
  for (const allergy of allergies) {
    if (typeof allergy !== 'string' || conflicts.some((c) => c.allergy === allergy)) continue;
    const recorded = normalise(allergy);
    if (recorded === '') continue;
    const direct =
      directTerms.some((term) => containsPhrase(recorded, term)) ||
      names.some((name) => containsPhrase(name, recorded));
    if (direct) {
      conflicts.push({ allergy, kind: 'direct', label: allergy });
      continue;
    }
    const cross = crossRules.find((r) => allergyNames(r.allergy, recorded));
    if (cross) {
      conflicts.push({
        allergy,
        kind: 'cross-sensitivity',
        drugClass: cross.drug.id,
        label: `${allergy} (cross-sensitivity: ${cross.drug.id})`,
      });
    }
  }
  return conflicts;
}

/** The conflicts as the prescription record stores them (see AllergyConflict.label). */
export function findAllergyConflicts(
  drug: { name: string; code?: string | null },
  allergies: readonly string[],
): string[] {
  return screenAllergies(drug, allergies).map((c) => c.label);
}
