import { describe, expect, it } from 'vitest';
import {
  classifyQuery,
  dateOfBirthProblem,
  dedupeAllergies,
  formatMrn,
  isPhoneQuery,
  nameIndexEntries,
  normaliseName,
  parseMrnQuery,
  phoneDigits,
  yearsBefore,
} from '../../../shared/modules/patients/rules';

describe('formatMrn', () => {
  it('pads to six digits and grows beyond', () => {
    expect(formatMrn(1)).toBe('MRN-000001');
    expect(formatMrn(42)).toBe('MRN-000042');
    expect(formatMrn(999_999)).toBe('MRN-999999');
    expect(formatMrn(1_000_000)).toBe('MRN-1000000');
  });
  it('refuses non-positive and non-integer numbers', () => {
    expect(() => formatMrn(0)).toThrow(RangeError);
    expect(() => formatMrn(1.5)).toThrow(RangeError);
    expect(() => formatMrn(Number.NaN)).toThrow(RangeError);
  });
});

describe('parseMrnQuery', () => {
  it.each([
    ['MRN-000042', 'MRN-000042'],
    ['mrn-42', 'MRN-000042'],
    ['mrn42', 'MRN-000042'],
    ['  MRN-0000042 ', 'MRN-000042'],
    ['MRN-1234567', 'MRN-1234567'],
  ])('%s → %s', (q, mrn) => expect(parseMrnQuery(q)).toBe(mrn));
  it.each(['MRN-', 'MRN-0', 'MRN-12a', 'MR-12', `MRN-${'9'.repeat(16)}`])('%s → null', (q) =>
    expect(parseMrnQuery(q)).toBeNull(),
  );
});

describe('phoneDigits and phone queries', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('+91 98765-43210')).toBe('919876543210');
    expect(phoneDigits('020 7946 0958')).toBe('02079460958');
  });
  it('treats digits, +, spaces and hyphens with at least 3 digits as a phone search', () => {
    expect(isPhoneQuery('987')).toBe(true);
    expect(isPhoneQuery('+91 98')).toBe(true);
    expect(isPhoneQuery('98-76')).toBe(true);
    expect(isPhoneQuery('98')).toBe(false);
    expect(isPhoneQuery('98a7')).toBe(false);
  });
});

describe('normaliseName', () => {
  it('lower-cases, trims, collapses spaces and strips diacritics', () => {
    expect(normaliseName('  José   MARÍA  ')).toBe('jose maria');
    expect(normaliseName('Zoë\tO’Brien')).toBe('zoe o’brien');
    expect(normaliseName('Ångström')).toBe('angstrom');
    // Precomposed and decomposed spellings meet.
    expect(normaliseName('Jos\u00e9')).toBe(normaliseName('Jose\u0301'));
  });
});

describe('classifyQuery', () => {
  it('MRN first, then phone, else name', () => {
    expect(classifyQuery('mrn-7')).toEqual({ kind: 'mrn', mrn: 'MRN-000007' });
    expect(classifyQuery('+91 987')).toEqual({ kind: 'phone', digits: '91987', from: 'start' });
    expect(classifyQuery('98450 12345')).toEqual({
      kind: 'phone',
      digits: '9845012345',
      from: 'end',
    });
    expect(classifyQuery('Priya SH')).toEqual({ kind: 'name', prefix: 'priya sh' });
    expect(classifyQuery('12')).toEqual({ kind: 'name', prefix: '12' });
  });
});

describe('nameIndexEntries', () => {
  it('indexes the full name and each further distinct word', () => {
    const { main, extra } = nameIndexEntries('Priya Sharma');
    expect(main.key).toBe('priya sharma');
    expect(extra.map((e) => e.key)).toEqual(['sharma']);
  });

  it('a one-word name needs no extra entries', () => {
    expect(nameIndexEntries('Madonna')).toEqual({ main: { key: 'madonna' }, extra: [] });
  });

  /** Simulates the search filter: entries starting with q whose prev does not. */
  const matches = (name: string, q: string) => {
    const { main, extra } = nameIndexEntries(name);
    return [main, ...extra].filter(
      (e) => e.key.startsWith(q) && (e.prev === undefined || !e.prev.startsWith(q)),
    ).length;
  };

  it.each([
    ['Priya Sharma', 'sharma', 1],
    ['Priya Sharma', 'priya', 1],
    ['Priya Sharma', 'priya sh', 1],
    ['Priya Sharma', 'sh', 1],
    ['Priya Sharma', 'kumar', 0],
    ['Sharma Sharma', 'sharma', 1],
    ['Lee Lee', 'lee', 1],
    ['Lee Lee', 'lee l', 1],
    ['Ana Lopez Lopezia', 'lopez', 1],
    ['Ana Lopez Lopezia', 'lopezi', 1],
    ['Zed Adams Adamson', 'adam', 1],
    ['Zed Adams Adamson', 'z', 1],
    ['A B C D E F', 'a', 1],
    ['A B C D E F', 'd', 1],
  ])('%s searched by %s matches %i entries', (name, q, n) => expect(matches(name, q)).toBe(n));

  it('caps the extra words', () => {
    const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(nameIndexEntries(long).extra).toHaveLength(10);
  });
});

describe('date of birth limits', () => {
  it('refuses the future, accepts today, refuses more than 150 years ago', () => {
    expect(dateOfBirthProblem('2026-11-23', '2026-11-22')).toMatch(/future/);
    expect(dateOfBirthProblem('2026-11-22', '2026-11-22')).toBeNull();
    expect(dateOfBirthProblem('1876-11-22', '2026-11-22')).toBeNull();
    expect(dateOfBirthProblem('1876-11-21', '2026-11-22')).toMatch(/150 years/);
  });
  it('yearsBefore handles 29 February', () => {
    expect(yearsBefore('2024-02-29', 150)).toBe('1874-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
  });
});

describe('dedupeAllergies', () => {
  it('drops case-insensitive repeats keeping the first spelling', () => {
    expect(dedupeAllergies(['Penicillin', 'penicillin ', 'Latex'])).toEqual([
      'Penicillin',
      'Latex',
    ]);
  });
});
