import { phoneSearchDigits } from '../../kernel/phone';

/**
 * Pure patient rules: MRN numbering, name and phone normalisation for search, the search-query
 * classifier, the name-index entries and date-of-birth limits. No I/O, so they test without AWS.
 */

const MRN_PREFIX = 'MRN-';
const MRN_MIN_DIGITS = 6;

/** `MRN-000042`: at least 6 digits, growing beyond 6 when the tenant passes 999 999 patients. */
export function formatMrn(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`MRN number must be a positive integer, got ${n}`);
  return MRN_PREFIX + String(n).padStart(MRN_MIN_DIGITS, '0');
}

const MRN_QUERY = /^mrn-?(\d+)$/i;

/** True for a search text that names an MRN (`MRN-000042`, `mrn42`, `MRN-42`). */
export function isMrnQuery(q: string): boolean {
  return MRN_QUERY.test(q.trim());
}

/**
 * The canonical MRN a search text names, or null: `mrn42` and `MRN-0000042` both mean
 * `MRN-000042`. Numbers too large to have been issued give null.
 */
export function parseMrnQuery(q: string): string | null {
  const m = MRN_QUERY.exec(q.trim());
  if (!m) return null;
  const digits = m[1]!.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return null;
  const n = Number(digits);
  return n >= 1 ? formatMrn(n) : null;
}

/** Sort key that turns "ends with these digits" into a prefix query: the digits reversed. */
export function phoneSuffixKey(digits: string): string {
  return [...digits].reverse().join('');
}

/** Digits only: `+91 98765-43210` → `919876543210`. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** What a phone number may look like: digits, an optional leading +, spaces and hyphens. */
export const PHONE_PATTERN = /^\+?\d[\d -]*\d$/;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15; // E.164

/** A search text that reads as (part of) a phone number: at least 3 digits, nothing but phone characters. */
export function isPhoneQuery(q: string): boolean {
  const t = q.trim();
  return /^\+?[\d -]+$/.test(t) && phoneDigits(t).length >= 3;
}

/**
 * Search form of a name: Unicode-decomposed with diacritics removed, lower case, trimmed, inner
 * whitespace collapsed to one space. `  José  María ` → `jose maria`.
 */
export function normaliseName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

export type PatientQuery =
  | { kind: 'mrn'; mrn: string | null }
  | { kind: 'phone'; digits: string; from: 'start' | 'end' }
  | { kind: 'name'; prefix: string };

/**
 * How `GET /patients?q=` searches: by MRN; by phone (stored in E.164), from the start when the
 * query begins with `+` or `00` (an international number) and otherwise by the last digits, with
 * the hospital's trunk prefix dropped, so a receptionist finds "+91 98450 12345" by typing
 * "98450 12345", "09845012345" or "12345"; else by name prefix.
 */
export function classifyQuery(q: string, defaultCountry?: string): PatientQuery {
  if (isMrnQuery(q)) return { kind: 'mrn', mrn: parseMrnQuery(q) };
  const phone = isPhoneQuery(q) ? phoneSearchDigits(q, defaultCountry) : null;
  if (phone) return { kind: 'phone', ...phone };
  return { kind: 'name', prefix: normaliseName(q) };
}

/** At most this many extra name tokens are indexed per patient (keeps a PATCH transaction small). */
export const MAX_EXTRA_NAME_TOKENS = 10;

export interface NameIndexEntry {
  /** The normalised text a name search matches by prefix. */
  key: string;
  /**
   * The patient's next-smaller entry key, if any. A search drops an entry whose `prev` also
   * starts with the search text: the keys that start with a given text are contiguous in sorted
   * order, so exactly one entry per patient (the smallest matching) survives the filter.
   */
  prev?: string;
}

/**
 * The name-search entries of a patient: the full normalised name (held by the patient item
 * itself) and each further distinct word (held by small index items), so "sharma" finds
 * "Priya Sharma" and "priya sh" finds her too.
 */
export function nameIndexEntries(name: string): { main: NameIndexEntry; extra: NameIndexEntry[] } {
  const full = normaliseName(name);
  const tokens = full.split(' ').slice(1);
  const extraKeys = [...new Set(tokens)].filter((t) => t !== full).slice(0, MAX_EXTRA_NAME_TOKENS);
  const sorted = [full, ...extraKeys].sort();
  const entry = (key: string): NameIndexEntry => {
    const i = sorted.indexOf(key);
    return i > 0 ? { key, prev: sorted[i - 1]! } : { key };
  };
  return { main: entry(full), extra: extraKeys.map(entry) };
}

/** Today's date in `YYYY-MM-DD` form, `years` earlier (29 February falls back to the 28th). */
export function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const MAX_AGE_YEARS = 150;

/**
 * Why a (well-formed) date of birth is not acceptable on `today` (the hospital's local date),
 * or null when it is.
 */
export function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  if (dateOfBirth > today) return `must not be in the future (today is ${today})`;
  const earliest = yearsBefore(today, MAX_AGE_YEARS);
  if (dateOfBirth < earliest)
    return `must not be more than ${MAX_AGE_YEARS} years ago (earliest ${earliest})`;
  return null;
}

/** The duplicate-guard id: one patient per phone number and date of birth unless confirmed. */
export function duplicateGuardId(digits: string, dateOfBirth: string): string {
  return `${digits}#${dateOfBirth}`;
}

/** Allergies trimmed, with case-insensitive repeats dropped (first spelling kept). */
export function dedupeAllergies(allergies: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of allergies) {
    const k = a.trim().toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a.trim());
  }
  return out;
}
