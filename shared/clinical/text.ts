/**
 * Clinical text that a rule matches (drug names, allergy records, formulary names) is normalised
 * here, in one place, before any rule compares it: a name that looks like "Amoxicillin" to the
 * doctor must also be "Amoxicillin" to the allergy screen. A zero-width space inside it
 * ("Amoxi\u200bcillin") or a Cyrillic А in place of the Latin A would otherwise read as another,
 * unknown drug, rated as "not in the catalogue" instead of conflicting with a penicillin allergy.
 *
 * - Unicode NFKC folds compatibility forms (full-width letters, ligatures, mathematical letters)
 *   to their plain letters.
 * - Format characters (Unicode category Cf: zero-width space and joiners, word joiner, byte-order
 *   mark, soft hyphen, Mongolian vowel separator) are invisible and removed.
 * - Every kind of space becomes one space; curly apostrophes become straight ones.
 * - For matching only, letters of other scripts that look like Latin ones (Cyrillic and Greek
 *   confusables, after Unicode's confusables.txt) are mapped to the Latin letter. Text a person
 *   types as a drug name is not silently mapped: it must be written in the characters a drug
 *   name needs (drugNameText), so a mixed-script name is refused and the record never shows a
 *   name that only looks like the drug it is screened as.
 */
import * as z from '../kernel/zod';

/** Unicode format characters (Cf), which render as nothing. U+180E is Cf since Unicode 6.3. */
const FORMAT_CHARACTERS = /[\p{Cf}\u180e]/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc\u02b9\u2032]/g;

/**
 * Look-alike letters of other scripts and their Latin letter (Unicode confusables.txt, the
 * Cyrillic, Greek and Latin-extended letters that are confusable with a basic Latin letter).
 * Greek β is not here: "β-lactam" is the word beta, see normaliseClinicalText.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  А: 'A',
  В: 'B',
  Е: 'E',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  // Cyrillic small letters
  а: 'a',
  е: 'e',
  і: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  // Greek capitals
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  Ϳ: 'J',
  // Greek small letters
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  υ: 'u',
  // The micro sign becomes Greek mu under NFKC: "μg" is written "ug" in UCUM.
  μ: 'u',
  // Latin letters outside ASCII that look like ASCII ones
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʏ: 'y',
};
const CONFUSABLE_LETTERS = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/**
 * The form in which text is stored and compared: NFKC, format characters removed, every run of
 * whitespace one space, curly apostrophes straight, trimmed. Letters are kept as written.
 */
export function normaliseForm(text: string): string {
  return text
    .normalize('NFKC')
    .replace(FORMAT_CHARACTERS, '')
    .replace(APOSTROPHES, "'")
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The text a rule matches: its stored form with look-alike letters of other scripts mapped to
 * their Latin letter, and Greek β spelt "beta" (as in "β-lactam").
 */
export function normaliseClinicalText(text: string): string {
  const latin = (t: string) => t.replace(CONFUSABLE_LETTERS, (c) => CONFUSABLES[c] ?? c);
  // Mapped before NFKC as well: NFKC turns some look-alikes into letters that look like nothing
  // Latin (lunate sigma ϲ, which looks like c, becomes final sigma ς).
  return latin(normaliseForm(latin(text)).replace(/β/g, 'beta'));
}

/**
 * The key two clinical texts are compared by: normalised, accents dropped, lower case,
 * punctuation as spaces ("Co-Trimoxazole" → "co trimoxazole", "β-lactam" → "beta lactam").
 */
export function matchKey(text: string): string {
  return normaliseClinicalText(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The characters a drug name needs: Latin letters, digits, spaces and - / ( ) . , + % ' & */
export const DRUG_NAME_CHARACTERS = /^[A-Za-z0-9 \-/().,+%'&]*$/;
const DRUG_NAME_CHARACTERS_IN_WORDS = "Latin letters, digits, spaces and - / ( ) . , + % ' &";

function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `name` (in its stored form) is not a drug name, or null when it is one. */
export function drugNameProblem(field: string, name: string): string | null {
  if (DRUG_NAME_CHARACTERS.test(name)) return null;
  const bad = [...name].find((c) => !DRUG_NAME_CHARACTERS.test(c)) ?? '';
  const shown = /\p{L}|\p{N}|\p{P}|\p{S}/u.test(bad) ? `'${bad}' ` : '';
  return `${field} must be written in ${DRUG_NAME_CHARACTERS_IN_WORDS}; ${shown}(${codePoint(bad)}) is not one of them`;
}

/**
 * A drug name as a person or an agent sends it: normalised (normaliseForm), 1 to `max`
 * characters, and only in the characters a drug name needs, so a letter of another script that
 * looks Latin is refused (400 naming the field and the character) instead of being stored.
 */
export function drugNameText(field: string, max = 200) {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .check(
      z.overwrite(normaliseForm),
      z.minLength(1, { error: `${field} must not be empty` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
      z.superRefine((value, ctx) => {
        const problem = drugNameProblem(field, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    );
}
