/**
 * Phone numbers in one normal form, so `+91 98450 12345`, `0091 98450-12345`, `09845012345` and
 * `9845012345` (typed at a hospital in India) are the same number for storage, search and the
 * duplicate check. Pure functions, no I/O.
 *
 * The normal form is "simplified E.164": `+`, the country calling code, then the national
 * significant number (the number without trunk prefix), digits only: `+919845012345`.
 *
 * How a typed number is read (`normalisePhone`):
 * 1. Allowed: digits, spaces, hyphens and other dashes, dots, slashes, parentheses, and `+` only
 *    at the start. Full-width digits are read as digits (Unicode NFKC). Anything else, such as
 *    letters or an extension (`x12`), is a problem.
 * 2. International: after a leading `+` or `00` (or the default country's own international
 *    prefix: 011 in the NANP, 0011 in Australia) the digits are the whole number, calling code
 *    first. A trunk 0 written in brackets after the calling code (`+44 (0)20 7946 0958`) is
 *    dropped when a country with that calling code uses trunk prefix 0; elsewhere `(0)` is a 0.
 * 3. National: anything else is a number of the default country. Without a default country it
 *    is a problem (the number needs its country code). Its trunk prefix, if typed, is removed
 *    (see `nationalDialling` in countries.ts: 0 in most countries, 1 in the NANP, 8 in RU/KZ,
 *    06 in HU, none in IT, ES, MX…), then its calling code is put in front. Where every national
 *    number has the same length (IN, NANP, RU/KZ…), a trunk prefix is removed only when exactly
 *    that many digits remain, and calling code + that many digits counts as an international
 *    number typed without `+` (`91 98450 12345` in IN, `7 912 345-67-89` in RU).
 * 4. Checked: 8 to 15 digits in all (E.164 allows 15), a known calling code at the start, and
 *    exactly 10 digits after +1 (NANP) and +7 (RU/KZ), whose plans have one length.
 *
 * Search (`phoneSearchDigits`) reads a query the same way but does not check lengths: a query
 * starting with `+` or `00` matches stored numbers by their first digits, any other by its last
 * digits, after removing a trunk prefix of the default country.
 *
 * Known limits compared with libphonenumber (too big for our Lambda bundles):
 * - No per-country length or number-range validation (except +1 and +7), no area-code rules and
 *   no number types: `+91 12345 67890` is accepted although no Indian number starts with 1.
 * - No carrier or dialling codes inside national numbers: Argentina's mobile 15 (national
 *   `011 15-2345-6789` becomes `+5411152345678`, not libphonenumber's `+5491123456789`),
 *   Brazil's and Colombia's carrier selection codes after the trunk 0.
 * - International prefixes other than 00, 011 (NANP) and 0011 (AU) are read as national digits.
 * - Numbers shorter than 8 digits in all are refused: some small territories (Niue, Tokelau)
 *   still have 4- or 5-digit numbers.
 * - The result says nothing about the country when the calling code is shared (+1, +7, +44…).
 */
import {
  type CountryCode,
  callingCodeAtStart,
  callingCodeOf,
  countriesOfCallingCode,
  FIXED_NATIONAL_LENGTH,
  isCountryCode,
  type NationalDialling,
  nationalDialling,
} from './countries';

export type NormalisedPhone = { e164: string } | { problem: string };

export const E164_MAX_DIGITS = 15;
export const E164_MIN_DIGITS = 8;

const PROBLEM = {
  empty: 'must not be empty',
  characters:
    'may contain only digits, spaces, hyphens, dots, slashes, parentheses and a leading + or 00',
  countryCode: 'needs its country code, e.g. "+91 98450 12345"',
  length: `must have ${E164_MIN_DIGITS} to ${E164_MAX_DIGITS} digits including the country code`,
  unknownCode: 'must start with a known country calling code, e.g. +91 or +44',
} as const;

/** `(0)`, written for a trunk prefix inside an international number; marked before compacting. */
const BRACKETED_ZERO = /\(\s*0\s*\)/g;
const ZERO_MARK = '~';
const PHONE_CHARACTERS = /^[\d\s().\-/+\p{Pd}]*$/u;
const SEPARATORS = /[\s().\-/\p{Pd}]/gu;

type Reading =
  | { kind: 'international'; digits: string }
  | { kind: 'national'; digits: string; country?: CountryCode }
  | { kind: 'problem'; problem: string };

function countryOf(defaultCountry: string | undefined): CountryCode | undefined {
  if (defaultCountry === undefined) return undefined;
  if (!isCountryCode(defaultCountry))
    throw new RangeError(
      `default country must be an ISO 3166-1 alpha-2 code, got ${defaultCountry}`,
    );
  return defaultCountry;
}

/** Drops a bracketed trunk 0 right after the calling code when that code's countries use one. */
function internationalDigits(marked: string): string {
  const i = marked.indexOf(ZERO_MARK);
  if (i > 0) {
    const code = marked.slice(0, i);
    if (
      callingCodeAtStart(code) === code &&
      countriesOfCallingCode(code).some((c) => nationalDialling(c).trunk.includes('0'))
    )
      marked = code + marked.slice(i + 1);
  }
  return marked.replaceAll(ZERO_MARK, '0');
}

/** Splits what was typed into an international or a national digit string. */
function read(raw: string, country: CountryCode | undefined): Reading {
  const text = raw.normalize('NFKC').trim();
  if (text === '') return { kind: 'problem', problem: PROBLEM.empty };
  if (!PHONE_CHARACTERS.test(text)) return { kind: 'problem', problem: PROBLEM.characters };
  const compact = text.replace(BRACKETED_ZERO, ZERO_MARK).replace(SEPARATORS, '');
  if (!/^\+?[\d~]*$/.test(compact)) return { kind: 'problem', problem: PROBLEM.characters };

  const ownPrefix = country && nationalDialling(country).internationalPrefix;
  const prefix = compact.startsWith('+')
    ? '+'
    : ownPrefix && compact.startsWith(ownPrefix)
      ? ownPrefix
      : compact.startsWith('00')
        ? '00'
        : '';
  if (prefix)
    return { kind: 'international', digits: internationalDigits(compact.slice(prefix.length)) };
  return { kind: 'national', digits: compact.replaceAll(ZERO_MARK, '0'), country };
}

/** The national significant number: `digits` without a trunk prefix of the country, if it has one. */
function withoutTrunk(digits: string, dialling: NationalDialling): string {
  for (const p of dialling.trunk) {
    if (!digits.startsWith(p)) continue;
    const rest = digits.length - p.length;
    if (dialling.nationalLength === undefined ? rest > 0 : rest === dialling.nationalLength)
      return digits.slice(p.length);
  }
  return digits;
}

/** E.164 digits (no `+`) of a national number of `country`. */
function nationalToE164(digits: string, country: CountryCode): string {
  const code = callingCodeOf(country);
  const dialling = nationalDialling(country);
  const n = dialling.nationalLength;
  if (n !== undefined && digits.length === code.length + n && digits.startsWith(code))
    return digits;
  return code + withoutTrunk(digits, dialling);
}

/**
 * The E.164 form of a typed phone number, read as a number of `defaultCountry` (an ISO 3166-1
 * alpha-2 code, e.g. the hospital's country) unless it starts with `+` or `00`; or the problem
 * with it, worded as a field message. Throws RangeError for an unknown `defaultCountry`.
 *
 * `normalisePhone('09845012345', 'IN')` → `{ e164: '+919845012345' }`;
 * `normalisePhone('9845012345')` → `{ problem: 'needs its country code, e.g. "+91 98450 12345"' }`.
 */
export function normalisePhone(raw: string, defaultCountry?: string): NormalisedPhone {
  const reading = read(raw, countryOf(defaultCountry));
  if (reading.kind === 'problem') return { problem: reading.problem };
  let digits: string;
  if (reading.kind === 'international') digits = reading.digits;
  else if (reading.country === undefined) return { problem: PROBLEM.countryCode };
  else digits = nationalToE164(reading.digits, reading.country);

  if (digits.length < E164_MIN_DIGITS || digits.length > E164_MAX_DIGITS)
    return { problem: PROBLEM.length };
  const code = callingCodeAtStart(digits);
  if (code === undefined) return { problem: PROBLEM.unknownCode };
  const fixed = FIXED_NATIONAL_LENGTH[code];
  if (fixed !== undefined && digits.length !== code.length + fixed)
    return { problem: `must have ${fixed} digits after +${code}` };
  return { e164: `+${digits}` };
}

export interface PhoneSearch {
  /** `start`: stored E.164 digits (without `+`) start with `digits`; `end`: they end with them. */
  from: 'start' | 'end';
  digits: string;
}

/**
 * How a search text that looks like (part of) a phone number matches stored E.164 numbers:
 * `+44 7700` or `0044 7700` by the start (`{ from: 'start', digits: '447700' }`); anything else
 * by the end, without a trunk prefix of `defaultCountry`, so `09845012345` and `98450 12345`
 * both find `+919845012345` in IN. Null when the text has other characters than a phone number
 * may have, or no digits to match. Throws RangeError for an unknown `defaultCountry`.
 */
export function phoneSearchDigits(query: string, defaultCountry?: string): PhoneSearch | null {
  const reading = read(query, countryOf(defaultCountry));
  if (reading.kind === 'problem') return null;
  if (reading.kind === 'international')
    return reading.digits ? { from: 'start', digits: reading.digits } : null;
  const digits = reading.country
    ? withoutTrunk(reading.digits, nationalDialling(reading.country))
    : reading.digits;
  return digits ? { from: 'end', digits } : null;
}
