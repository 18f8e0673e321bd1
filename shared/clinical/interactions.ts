/**
 * Drug-drug interactions: a curated table of clinically important pairs, each with its severity
 * and the public source that states it (the drugs' US FDA labels, the MHRA). Drugs are matched by
 * WHO ATC code or by name (normalised, clinical/text.ts), so a brand or a look-alike spelling is
 * the drug it denotes. Severity: `contraindicated` (a critical card) or `major` (a warning).
 */
import { lookupDrug } from './drug-catalogue';
import { matchKey } from './text';

export interface InteractionSide {
  label: string;
  atc: readonly string[];
  names: readonly string[];
}

export interface InteractionPair {
  id: string;
  a: InteractionSide;
  b: InteractionSide;
  severity: 'contraindicated' | 'major';
  effect: string;
  advice: string;
  source: { title: string; url: string };
}

const NSAIDS: InteractionSide = {
  label: 'an NSAID',
  atc: ['M01AE01', 'M01AE02', 'M01AB05'],
  names: ['ibuprofen', 'naproxen', 'diclofenac'],
};
const side = (label: string, atc: string[], names: string[]): InteractionSide => ({
  label,
  atc,
  names,
});

export const INTERACTION_PAIRS: readonly InteractionPair[] = [
  {
    id: 'clarithromycin-simvastatin',
    a: side('clarithromycin', ['J01FA09'], ['clarithromycin']),
    b: side('simvastatin', ['C10AA01'], ['simvastatin']),
    severity: 'contraindicated',
    effect: 'strong CYP3A4 inhibition raises simvastatin exposure: myopathy and rhabdomyolysis',
    advice: 'do not give together; suspend simvastatin during the course of clarithromycin',
    source: {
      title:
        'ZOCOR (simvastatin) US FDA label, section 4 Contraindications and 7 Drug Interactions',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=simvastatin',
    },
  },
  {
    id: 'clarithromycin-atorvastatin',
    a: side('clarithromycin', ['J01FA09'], ['clarithromycin']),
    b: side('atorvastatin', ['C10AA05'], ['atorvastatin']),
    severity: 'major',
    effect: 'raised atorvastatin exposure: myopathy',
    advice: 'do not exceed atorvastatin 20 mg daily with clarithromycin, or suspend it',
    source: {
      title: 'LIPITOR (atorvastatin) US FDA label, section 2 Dosage and 7 Drug Interactions',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=atorvastatin',
    },
  },
  {
    id: 'clopidogrel-omeprazole',
    a: side('clopidogrel', ['B01AC04'], ['clopidogrel']),
    b: side('omeprazole', ['A02BC01', 'A02BC05'], ['omeprazole', 'esomeprazole']),
    severity: 'major',
    effect:
      'CYP2C19 inhibition reduces the active metabolite and the antiplatelet effect of clopidogrel',
    advice: 'avoid the combination; consider another acid-reducing agent (e.g. pantoprazole)',
    source: {
      title: 'PLAVIX (clopidogrel) US FDA label, sections 5.1 and 7.1',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=clopidogrel',
    },
  },
  {
    id: 'clopidogrel-nsaid',
    a: side('clopidogrel', ['B01AC04'], ['clopidogrel']),
    b: NSAIDS,
    severity: 'major',
    effect: 'increased risk of gastrointestinal bleeding',
    advice: 'avoid if possible; if needed, the shortest course with gastroprotection',
    source: {
      title: 'PLAVIX (clopidogrel) US FDA label, section 7 Drug Interactions (NSAIDs)',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=clopidogrel',
    },
  },
  {
    id: 'aspirin-ibuprofen',
    a: side('aspirin', ['B01AC06', 'N02BA01'], ['aspirin', 'acetylsalicylic acid']),
    b: side('ibuprofen', ['M01AE01'], ['ibuprofen']),
    severity: 'major',
    effect:
      "ibuprofen can interfere with low-dose aspirin's antiplatelet effect; added bleeding risk",
    advice:
      'give aspirin at least 30 minutes before, or ibuprofen 8 hours before, aspirin; prefer another analgesic',
    source: {
      title:
        'US FDA: Concomitant use of ibuprofen and aspirin (2006); ibuprofen labels, Drug Interactions',
      url: 'https://www.fda.gov/drugs/postmarket-drug-safety-information-patients-and-providers/information-healthcare-professionals-concomitant-use-ibuprofen-and-aspirin',
    },
  },
  {
    id: 'acei-arb',
    a: side('an ACE inhibitor', ['C09AA05'], ['ramipril']),
    b: side('an angiotensin II receptor blocker', ['C09CA01'], ['losartan']),
    severity: 'major',
    effect:
      'dual blockade of the renin-angiotensin system: hyperkalaemia, hypotension, acute kidney injury',
    advice: 'avoid combined use; monitor potassium and renal function if unavoidable',
    source: {
      title:
        'COZAAR (losartan) US FDA label, section 5 Dual blockade of the renin-angiotensin system',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=losartan',
    },
  },
  {
    id: 'trimethoprim-raas',
    a: side('co-trimoxazole', ['J01EE01'], ['co-trimoxazole', 'trimethoprim sulfamethoxazole']),
    b: side('an ACE inhibitor or ARB', ['C09AA05', 'C09CA01'], ['ramipril', 'losartan']),
    severity: 'major',
    effect: 'trimethoprim reduces potassium excretion: hyperkalaemia',
    advice: 'check potassium before and during the course; consider another antibiotic',
    source: {
      title: 'BACTRIM (sulfamethoxazole and trimethoprim) US FDA label, section 5 Hyperkalemia',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?query=bactrim',
    },
  },
];

export interface DrugRef {
  name: string;
  code?: string | null | undefined;
}

/**
 * The drug's name without a strength and what follows it ("Simvastatin 40 mg tablets" →
 * "Simvastatin"), as order texts from another system often carry it.
 */
export function baseDrugName(name: string): string {
  return (
    name.replace(/\s+\d[\d.,]*\s*(mg|g|mcg|micrograms|ml|%|units?|iu)\b.*$/i, '').trim() || name
  );
}

/** The catalogue entry of a drug name, with or without its strength. */
export function catalogueEntryOf(name: string) {
  return lookupDrug(name) ?? lookupDrug(baseDrugName(name));
}

/** Whether the drug is on this side of a pair: by ATC code, by its catalogue entry, or by name. */
export function drugIsOn(s: InteractionSide, drug: DrugRef): boolean {
  const code = (drug.code ?? catalogueEntryOf(drug.name)?.atc ?? '').toUpperCase();
  if (code && s.atc.includes(code)) return true;
  const key = matchKey(baseDrugName(drug.name));
  const generic = catalogueEntryOf(drug.name)?.name;
  return s.names.some(
    (n) => matchKey(n) === key || (generic !== undefined && matchKey(n) === matchKey(generic)),
  );
}

/** The pairs the two drugs form (in either order). */
export function interactionsBetween(x: DrugRef, y: DrugRef): InteractionPair[] {
  return INTERACTION_PAIRS.filter(
    (p) => (drugIsOn(p.a, x) && drugIsOn(p.b, y)) || (drugIsOn(p.a, y) && drugIsOn(p.b, x)),
  );
}
