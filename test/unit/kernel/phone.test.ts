import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneSearchDigits } from '../../../shared/kernel/phone';

const NEEDS_COUNTRY_CODE = 'needs its country code, e.g. "+91 98450 12345"';
const CHARACTERS =
  'may contain only digits, spaces, hyphens, dots, slashes, parentheses and a leading + or 00';
const LENGTH = 'must have 8 to 15 digits including the country code';
const UNKNOWN_CODE = 'must start with a known country calling code, e.g. +91 or +44';

describe('normalisePhone', () => {
  // [typed, default country, E.164]
  const accepted: [string, string | undefined, string][] = [
    // India: with and without trunk 0, country code with +, 00 or bare
    ['9845012345', 'IN', '+919845012345'],
    ['09845012345', 'IN', '+919845012345'],
    ['+91 98450 12345', 'IN', '+919845012345'],
    ['0091 98450-12345', 'IN', '+919845012345'],
    ['91 98450 12345', 'IN', '+919845012345'],
    ['(+91) 98450-12345', 'IN', '+919845012345'],
    ['098450.12345', 'IN', '+919845012345'],
    ['080 2345 6789', 'IN', '+918023456789'],
    ['+91 98450 12345', undefined, '+919845012345'],
    ['+91 98450 12345', 'GB', '+919845012345'],
    ['0091 98450 12345', 'US', '+919845012345'],
    // United Kingdom, including the written "(0)"
    ['07700 900123', 'GB', '+447700900123'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['+44 (0) 7700 900123', undefined, '+447700900123'],
    ['+44 (0)20 7946 0958', 'IN', '+442079460958'],
    ['0044 20 7946 0958', 'GB', '+442079460958'],
    ['01481 712345', 'GG', '+441481712345'],
    // NANP: trunk 1, international prefix 011
    ['(415) 555-2671', 'US', '+14155552671'],
    ['1 415 555 2671', 'US', '+14155552671'],
    ['415.555.2671', 'US', '+14155552671'],
    ['1-415-555-2671', 'US', '+14155552671'],
    ['+1 (415) 555-2671', 'IN', '+14155552671'],
    ['(604) 555-0123', 'CA', '+16045550123'],
    ['787 555 0123', 'PR', '+17875550123'],
    ['011 44 20 7946 0958', 'US', '+442079460958'],
    // Italy: landlines keep their 0 inside E.164, also when written "(0)"
    ['06 1234 5678', 'IT', '+390612345678'],
    ['+39 06 1234 5678', undefined, '+390612345678'],
    ['+39 (0)6 1234 5678', undefined, '+390612345678'],
    ['347 123 4567', 'IT', '+393471234567'],
    ['0549 123456', 'SM', '+3780549123456'],
    // Russia and Kazakhstan: trunk 8, but only before a full 10-digit number
    ['8 912 345 67 89', 'RU', '+79123456789'],
    ['+7 (912) 345-67-89', 'RU', '+79123456789'],
    ['7 912 345 67 89', 'RU', '+79123456789'],
    ['8 (812) 123-45-67', 'RU', '+78121234567'],
    ['812 123 45 67', 'RU', '+78121234567'],
    ['8 701 234 5678', 'KZ', '+77012345678'],
    // Other trunk prefixes
    ['06 30 123 4567', 'HU', '+36301234567'],
    ['06 1 234 5678', 'HU', '+3612345678'],
    ['8 029 123-45-67', 'BY', '+375291234567'],
    ['029 123 45 67', 'BY', '+375291234567'],
    ['8 612 34567', 'LT', '+37061234567'],
    ['612 34567', 'LT', '+37061234567'],
    ['8 93 123 4567', 'TJ', '+992931234567'],
    ['90 123 45 67', 'UZ', '+998901234567'],
    ['8 90 123 45 67', 'UZ', '+998901234567'],
    // Mexico: no trunk prefix; the abolished 01/044 are removed before 10 digits
    ['55 1234 5678', 'MX', '+525512345678'],
    ['01 55 1234 5678', 'MX', '+525512345678'],
    ['044 55 1234 5678', 'MX', '+525512345678'],
    // Trunk 0 elsewhere, no trunk where numbers start with 0
    ['030/1234567', 'DE', '+49301234567'],
    ['0171 2345678', 'DE', '+491712345678'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['0412 345 678', 'AU', '+61412345678'],
    ['0011 44 20 7946 0958', 'AU', '+442079460958'],
    ['612 34 56 78', 'ES', '+34612345678'],
    ['07 07 12 34 56', 'CI', '+2250707123456'],
    ['044 123 456', 'XK', '+38344123456'],
    ['+247 61234', undefined, '+24761234'],
    // Unicode input: full-width digits and plus, no-break spaces, en dash
    ['＋９１ ９８４５０ １２３４５', undefined, '+919845012345'],
    ['+91\u00a098450\u00a012345', undefined, '+919845012345'],
    ['+91 98450–12345', undefined, '+919845012345'],
    ['  09845012345  ', 'IN', '+919845012345'],
  ];
  it.each(accepted)('%s in %s → %s', (raw, country, e164) =>
    expect(normalisePhone(raw, country)).toEqual({ e164 }),
  );

  it('is idempotent: an E.164 result normalises to itself in any country', () => {
    for (const [, , e164] of accepted) {
      expect(normalisePhone(e164)).toEqual({ e164 });
      expect(normalisePhone(e164, 'IT')).toEqual({ e164 });
    }
  });

  // [typed, default country, problem]
  const refused: [string, string | undefined, string][] = [
    ['9845012345', undefined, NEEDS_COUNTRY_CODE],
    ['09845012345', undefined, NEEDS_COUNTRY_CODE],
    ['(415) 555-2671', undefined, NEEDS_COUNTRY_CODE],
    ['', 'IN', 'must not be empty'],
    ['   ', 'IN', 'must not be empty'],
    ['98450 ABCDE', 'IN', CHARACTERS],
    ['+91 98450 12345 ext 12', 'IN', CHARACTERS],
    ['+91 98450 12345#', 'IN', CHARACTERS],
    ['98450+12345', 'IN', CHARACTERS],
    ['++91 98450 12345', 'IN', CHARACTERS],
    ['ninety-eight', undefined, CHARACTERS],
    ['+91 98450 12345 67890', 'IN', LENGTH],
    ['+44 7700 900123 4567', undefined, LENGTH],
    ['+91 12345', 'IN', LENGTH],
    ['12345', 'IN', LENGTH],
    ['+', 'IN', LENGTH],
    ['00', 'IN', LENGTH],
    ['+999 1234 5678', undefined, UNKNOWN_CODE],
    ['+28 1234 5678', undefined, UNKNOWN_CODE],
    ['+0 91 98450 12345', undefined, UNKNOWN_CODE],
    ['+1 415 555 267', undefined, 'must have 10 digits after +1'],
    ['415 555 267', 'US', 'must have 10 digits after +1'],
    ['011 91 98450 12345', 'GB', LENGTH],
    ['+7 912 345 67 891', undefined, 'must have 10 digits after +7'],
    ['912 345 67 8', 'RU', 'must have 10 digits after +7'],
  ];
  it.each(refused)('%s in %s → %s', (raw, country, problem) =>
    expect(normalisePhone(raw, country)).toEqual({ problem }),
  );

  it('throws RangeError for an unknown default country (a configuration error)', () => {
    expect(() => normalisePhone('9845012345', 'XX')).toThrow(RangeError);
    expect(() => normalisePhone('9845012345', 'in')).toThrow(RangeError);
    expect(() => normalisePhone('9845012345', 'IND')).toThrow(RangeError);
  });
});

describe('phoneSearchDigits', () => {
  // [query, default country, from, digits]
  const searches: [string, string | undefined, 'start' | 'end', string][] = [
    ['+91 98450', 'IN', 'start', '9198450'],
    ['0091 98450', 'IN', 'start', '9198450'],
    ['+44 (0) 7700', undefined, 'start', '447700'],
    ['011 44 20', 'US', 'start', '4420'],
    ['09845012345', 'IN', 'end', '9845012345'],
    ['98450 12345', 'IN', 'end', '9845012345'],
    ['12345', 'IN', 'end', '12345'],
    ['91 98450 12345', 'IN', 'end', '919845012345'],
    ['09845012345', undefined, 'end', '09845012345'],
    ['07700 900123', 'GB', 'end', '7700900123'],
    ['06 1234 5678', 'IT', 'end', '0612345678'],
    ['8 912 345 67 89', 'RU', 'end', '9123456789'],
    ['812 345', 'RU', 'end', '812345'],
    ['1 415 555 2671', 'US', 'end', '4155552671'],
    ['(415) 555', 'US', 'end', '415555'],
    ['06 30 123', 'HU', 'end', '30123'],
  ];
  it.each(searches)('%s in %s → from %s: %s', (query, country, from, digits) =>
    expect(phoneSearchDigits(query, country)).toEqual({ from, digits }),
  );

  it.each([
    ['ravi', 'IN'],
    ['MRN-42', 'IN'],
    ['', 'IN'],
    ['- -', 'IN'],
    ['+', 'IN'],
    ['00', undefined],
  ])('%s in %s → null', (query, country) => expect(phoneSearchDigits(query, country)).toBeNull());

  it('throws RangeError for an unknown default country', () => {
    expect(() => phoneSearchDigits('98450', 'ZZ')).toThrow(RangeError);
  });
});

describe('the returning patient (the reported duplicate)', () => {
  const stored = '+919845012345';
  const matches = (query: string) => {
    const s = phoneSearchDigits(query, 'IN');
    const digits = stored.slice(1);
    return (
      s !== null && (s.from === 'start' ? digits.startsWith(s.digits) : digits.endsWith(s.digits))
    );
  };

  it('every way of typing the number normalises to the one stored form', () => {
    for (const typed of ['+91 98450 12345', '9845012345', '09845012345', '0091 98450 12345'])
      expect(normalisePhone(typed, 'IN')).toEqual({ e164: stored });
  });

  it.each([
    '9845012345',
    '09845012345',
    '98450 12345',
    '12345',
    '+91 98450',
    '0091 98450 12345',
    '91 98450 12345',
  ])('search %s finds it', (query) => expect(matches(query)).toBe(true));

  it.each(['+44 98450', '98450 12346', '0091 98451'])('search %s does not', (query) =>
    expect(matches(query)).toBe(false),
  );
});
