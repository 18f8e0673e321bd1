/**
 * What a dispensed product must match of the prescription besides the drug (the ATC code): its
 * strength, its form and the unit it is counted in. A 500 mg tablet prescription is not filled
 * from a 120 mg/5 mL suspension, nor from capsules, nor counted in strips: the quantity prescribed
 * is in the prescription's units, and a different product changes the dose the patient takes.
 *
 * - Strength is compared as an amount in canonical units (g, mg, micrograms, ng as mg; L and mL as
 *   mL; a concentration per its volume), so "0.5 g" is "500 mg" and "250 mg/5 mL" is "50 mg/mL";
 *   a strength that does not parse (a combination, "250 mg/125 mg") must be written the same.
 * - The form is the prescription's `form` when given, else what its dose names ("1 tablet",
 *   "2 capsules", "5 mL" for a liquid, "2 puffs", "1 drop", "1 sachet", …); a dose that names
 *   none leaves the form unchecked.
 * - A dose counted in a whole product ("1 tablet", "2 capsules") needs an item counted in the
 *   same ("tablet", not "strip" or "box").
 */

/** Dosage forms a formulary item may have (EDQM standard terms, simplified). */
export const DOSAGE_FORMS = [
  'tablet',
  'capsule',
  'oral solution',
  'oral suspension',
  'syrup',
  'injection',
  'powder for injection',
  'infusion',
  'cream',
  'ointment',
  'gel',
  'eye drops',
  'ear drops',
  'inhaler',
  'nebuliser solution',
  'suppository',
  'patch',
  'sachet',
] as const;
export type DosageForm = (typeof DOSAGE_FORMS)[number];

interface Amount {
  value: number;
  unit: string;
}

const MASS_IN_MG: Record<string, number> = {
  g: 1000,
  gram: 1000,
  grams: 1000,
  mg: 1,
  milligram: 1,
  milligrams: 1,
  mcg: 0.001,
  ug: 0.001,
  microgram: 0.001,
  micrograms: 0.001,
  ng: 0.000001,
};
const VOLUME_IN_ML: Record<string, number> = {
  l: 1000,
  litre: 1000,
  ml: 1,
  millilitre: 1,
  millilitres: 1,
};

function unitOf(word: string): { dimension: string; factor: number } | undefined {
  const w = word.toLowerCase().replace(/[µμ]/g, 'u');
  if (MASS_IN_MG[w] !== undefined) return { dimension: 'mg', factor: MASS_IN_MG[w] };
  if (VOLUME_IN_ML[w] !== undefined) return { dimension: 'mL', factor: VOLUME_IN_ML[w] };
  if (['unit', 'units', 'iu'].includes(w)) return { dimension: 'unit', factor: 1 };
  if (['mmol', 'millimole', 'millimoles'].includes(w)) return { dimension: 'mmol', factor: 1 };
  if (w === '%') return { dimension: '%', factor: 1 };
  if (['dose', 'doses', 'puff', 'puffs', 'actuation'].includes(w))
    return { dimension: 'dose', factor: 1 };
  return undefined;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const STRENGTH = new RegExp(
  String.raw`^${NUMBER}\s*([a-zµμ%]+)(?:\s*(?:/|per)\s*${NUMBER}?\s*([a-zµμ]+))?$`,
  'i',
);

/** A strength as an amount in canonical units, or undefined when it does not parse. */
export function parseStrength(text: string): Amount | undefined {
  const m = STRENGTH.exec(text.trim().replace(/,/g, ''));
  if (!m) return undefined;
  const top = unitOf(m[2]!);
  if (!top) return undefined;
  const value = Number(m[1]) * top.factor;
  if (!m[4]) return { value, unit: top.dimension };
  const per = unitOf(m[4]);
  if (!per) return undefined;
  const perAmount = (m[3] ? Number(m[3]) : 1) * per.factor;
  return { value: value / perAmount, unit: `${top.dimension}/${per.dimension}` };
}

const sameAmount = (a: Amount, b: Amount) =>
  a.unit === b.unit && Math.abs(a.value - b.value) <= 1e-9 * Math.max(1, Math.abs(a.value));

/** Whether two strengths are the same ("0.5 g" = "500 mg"; unparsed ones must read the same). */
export function sameStrength(a: string, b: string): boolean {
  const pa = parseStrength(a);
  const pb = parseStrength(b);
  if (pa && pb) return sameAmount(pa, pb);
  const plain = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return plain(a) === plain(b);
}

const LIQUIDS: readonly DosageForm[] = [
  'oral solution',
  'oral suspension',
  'syrup',
  'injection',
  'powder for injection',
  'infusion',
  'nebuliser solution',
];

/** What the words of a dose say about the form, and the unit a whole product is counted in. */
const DOSE_WORDS: readonly { words: RegExp; forms: readonly DosageForm[]; counted?: string }[] = [
  { words: /\btab(let)?s?\b/i, forms: ['tablet'], counted: 'tablet' },
  { words: /\bcap(sule)?s?\b/i, forms: ['capsule'], counted: 'capsule' },
  { words: /\b(ml|millilitres?|teaspoons?|tsp)\b/i, forms: LIQUIDS },
  { words: /\b(puffs?|inhalations?|actuations?)\b/i, forms: ['inhaler'] },
  { words: /\bdrops?\b/i, forms: ['eye drops', 'ear drops', 'oral solution'] },
  { words: /\bsachets?\b/i, forms: ['sachet'], counted: 'sachet' },
  { words: /\bpatch(es)?\b/i, forms: ['patch'], counted: 'patch' },
  { words: /\bsuppositor(y|ies)\b/i, forms: ['suppository'], counted: 'suppositor' },
  { words: /\b(vials?|ampoules?|amps?)\b/i, forms: ['injection', 'powder for injection'] },
];

/**
 * Why the item cannot fill the prescription (strength, form or counting unit), or null when it
 * can. Pure; the pharmacy answers it as 400 naming the item.
 */
export function dispensingMismatch(
  rx: { strength: string; dose: string; form?: string | undefined },
  item: { strength: string; form: string; unit: string; name: string },
): string | null {
  if (!sameStrength(rx.strength, item.strength))
    return `is ${item.name} ${item.strength}; the prescription is for ${rx.strength}: dispense the prescribed strength (or ask the prescriber to change it)`;
  const said = DOSE_WORDS.find((d) => d.words.test(rx.dose));
  const forms: readonly string[] = rx.form ? [rx.form] : (said?.forms ?? []);
  if (forms.length && !forms.includes(item.form))
    return `is a ${item.form}; the prescription is for a ${rx.form ?? forms.join(' or ')} (dose "${rx.dose}")`;
  if (said?.counted && !item.unit.toLowerCase().includes(said.counted))
    return `is counted in ${item.unit}; the prescription counts its quantity in ${said.counted === 'suppositor' ? 'suppositories' : `${said.counted}s`} (dose "${rx.dose}")`;
  return null;
}
