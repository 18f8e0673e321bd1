/**
 * Countries as far as phone numbers and defaults need them: ISO 3166-1 alpha-2 codes, each with
 * its ITU-T E.164 country calling code and how numbers are dialled inside the country (trunk
 * prefix), plus the country of an IANA time zone. Pure data and lookups, no I/O.
 *
 * Sources: ISO 3166-1 (the 249 officially assigned codes, as in tzdb's iso3166.tab) plus XK;
 * the ITU-T E.164 list of assigned country codes. Calling codes and trunk prefixes were checked
 * against Google's libphonenumber metadata (resources/PhoneNumberMetadata.xml, July 2026; read,
 * not bundled) and agree with it except where a comment in DIALLING says otherwise. The
 * time-zone table is generated from tzdb, see time-zone-countries.ts.
 */
import { ALIAS_COUNTRIES, ZONE_COUNTRIES } from './time-zone-countries';
import * as z from './zod';

/**
 * Country → E.164 calling code (digits, no `+`). Several countries share a code: +1 (the North
 * American Numbering Plan, NANP), +7 RU/KZ, +44 GB/GG/JE/IM, +47 NO/SJ/BV, +61 AU/CX/CC,
 * +64 NZ/PN, +262 RE/YT/TF, +290 SH, +358 FI/AX, +39 IT/VA, +500 FK/GS, +590 GP/BL/MF,
 * +599 CW/BQ, +672 NF/AQ/HM, +212 MA/EH. Uninhabited territories (AQ, BV, HM, GS, TF, UM) get the
 * code their stations or administering country use.
 */
const CALLING_CODES = {
  AD: '376',
  AE: '971',
  AF: '93',
  AG: '1',
  AI: '1',
  AL: '355',
  AM: '374',
  AO: '244',
  AQ: '672', // Australian Antarctic Territory (+672 1); other bases use their own country's code
  AR: '54',
  AS: '1',
  AT: '43',
  AU: '61',
  AW: '297',
  AX: '358',
  AZ: '994',
  BA: '387',
  BB: '1',
  BD: '880',
  BE: '32',
  BF: '226',
  BG: '359',
  BH: '973',
  BI: '257',
  BJ: '229',
  BL: '590',
  BM: '1',
  BN: '673',
  BO: '591',
  BQ: '599',
  BR: '55',
  BS: '1',
  BT: '975',
  BV: '47', // uninhabited, Norwegian
  BW: '267',
  BY: '375',
  BZ: '501',
  CA: '1',
  CC: '61',
  CD: '243',
  CF: '236',
  CG: '242',
  CH: '41',
  CI: '225',
  CK: '682',
  CL: '56',
  CM: '237',
  CN: '86',
  CO: '57',
  CR: '506',
  CU: '53',
  CV: '238',
  CW: '599',
  CX: '61',
  CY: '357',
  CZ: '420',
  DE: '49',
  DJ: '253',
  DK: '45',
  DM: '1',
  DO: '1',
  DZ: '213',
  EC: '593',
  EE: '372',
  EG: '20',
  EH: '212',
  ER: '291',
  ES: '34',
  ET: '251',
  FI: '358',
  FJ: '679',
  FK: '500',
  FM: '691',
  FO: '298',
  FR: '33',
  GA: '241',
  GB: '44',
  GD: '1',
  GE: '995',
  GF: '594',
  GG: '44',
  GH: '233',
  GI: '350',
  GL: '299',
  GM: '220',
  GN: '224',
  GP: '590',
  GQ: '240',
  GR: '30',
  GS: '500', // uninhabited but for research stations, served from the Falklands
  GT: '502',
  GU: '1',
  GW: '245',
  GY: '592',
  HK: '852',
  HM: '672', // uninhabited, Australian external territory
  HN: '504',
  HR: '385',
  HT: '509',
  HU: '36',
  ID: '62',
  IE: '353',
  IL: '972',
  IM: '44',
  IN: '91',
  IO: '246',
  IQ: '964',
  IR: '98',
  IS: '354',
  IT: '39',
  JE: '44',
  JM: '1',
  JO: '962',
  JP: '81',
  KE: '254',
  KG: '996',
  KH: '855',
  KI: '686',
  KM: '269',
  KN: '1',
  KP: '850',
  KR: '82',
  KW: '965',
  KY: '1',
  KZ: '7',
  LA: '856',
  LB: '961',
  LC: '1',
  LI: '423',
  LK: '94',
  LR: '231',
  LS: '266',
  LT: '370',
  LU: '352',
  LV: '371',
  LY: '218',
  MA: '212',
  MC: '377',
  MD: '373',
  ME: '382',
  MF: '590',
  MG: '261',
  MH: '692',
  MK: '389',
  ML: '223',
  MM: '95',
  MN: '976',
  MO: '853',
  MP: '1',
  MQ: '596',
  MR: '222',
  MS: '1',
  MT: '356',
  MU: '230',
  MV: '960',
  MW: '265',
  MX: '52',
  MY: '60',
  MZ: '258',
  NA: '264',
  NC: '687',
  NE: '227',
  NF: '672',
  NG: '234',
  NI: '505',
  NL: '31',
  NO: '47',
  NP: '977',
  NR: '674',
  NU: '683',
  NZ: '64',
  OM: '968',
  PA: '507',
  PE: '51',
  PF: '689',
  PG: '675',
  PH: '63',
  PK: '92',
  PL: '48',
  PM: '508',
  PN: '64',
  PR: '1',
  PS: '970',
  PT: '351',
  PW: '680',
  PY: '595',
  QA: '974',
  RE: '262',
  RO: '40',
  RS: '381',
  RU: '7',
  RW: '250',
  SA: '966',
  SB: '677',
  SC: '248',
  SD: '249',
  SE: '46',
  SG: '65',
  SH: '290', // Ascension Island has its own code +247, accepted in international numbers
  SI: '386',
  SJ: '47',
  SK: '421',
  SL: '232',
  SM: '378',
  SN: '221',
  SO: '252',
  SR: '597',
  SS: '211',
  ST: '239',
  SV: '503',
  SX: '1',
  SY: '963',
  SZ: '268',
  TC: '1',
  TD: '235',
  TF: '262', // French Southern Territories: research stations, served via Réunion
  TG: '228',
  TH: '66',
  TJ: '992',
  TK: '690',
  TL: '670',
  TM: '993',
  TN: '216',
  TO: '676',
  TR: '90',
  TT: '1',
  TV: '688',
  TW: '886',
  TZ: '255',
  UA: '380',
  UG: '256',
  UM: '1',
  US: '1',
  UY: '598',
  UZ: '998',
  VA: '39', // +379 is reserved for the Vatican but unused; it uses Rome's +39 06 698…
  VC: '1',
  VE: '58',
  VG: '1',
  VI: '1',
  VN: '84',
  VU: '678',
  WF: '681',
  WS: '685',
  XK: '383', // Kosovo: user-assigned, not ISO 3166-1, but used by the EU, CLDR and libphonenumber
  YE: '967',
  YT: '262',
  ZA: '27',
  ZM: '260',
  ZW: '263',
} as const;

export type CountryCode = keyof typeof CALLING_CODES;

/** Every known country code, sorted. */
export const COUNTRY_CODES = Object.keys(CALLING_CODES) as readonly CountryCode[];

/** True for a known code in upper case (`IN`, `GB`); `in`, `UK` and `IND` are not. */
export function isCountryCode(s: unknown): s is CountryCode {
  return typeof s === 'string' && /^[A-Z]{2}$/.test(s) && Object.hasOwn(CALLING_CODES, s);
}

const COUNTRY_CODE_MESSAGE = 'must be an ISO 3166-1 alpha-2 country code, e.g. IN or GB';

export const CountryCodeSchema = z.pipe(
  z.string({ message: COUNTRY_CODE_MESSAGE }).check(z.refine(isCountryCode, COUNTRY_CODE_MESSAGE)),
  z.transform((s: string) => s as CountryCode),
);

/** The E.164 country calling code of a country, digits only: `IN` → `91`, `CA` → `1`. */
export function callingCodeOf(country: CountryCode): string {
  return CALLING_CODES[country];
}

/** The countries sharing a calling code, in code order: `7` → `['KZ', 'RU']`. */
export function countriesOfCallingCode(code: string): CountryCode[] {
  return COUNTRY_CODES.filter((c) => CALLING_CODES[c] === code);
}

/**
 * E.164 codes that are valid at the start of an international number but belong to no country
 * of the table: Ascension Island (+247, part of SH) and the global services (freephone +800,
 * shared-cost +808, Inmarsat +870, satellite and international networks +881/+882/+883, +888,
 * international premium rate +979).
 */
const OTHER_CALLING_CODES = ['247', '800', '808', '870', '881', '882', '883', '888', '979'];

const ALL_CALLING_CODES: ReadonlySet<string> = new Set([
  ...Object.values(CALLING_CODES),
  ...OTHER_CALLING_CODES,
]);

/**
 * The calling code an international number (digits after the `+`) starts with, or undefined.
 * E.164 codes are a prefix code (no code is the start of another), so at most one matches.
 */
export function callingCodeAtStart(digits: string): string | undefined {
  for (let n = 1; n <= 3; n++) {
    const code = digits.slice(0, n);
    if (code.length === n && ALL_CALLING_CODES.has(code)) return code;
  }
  return undefined;
}

/**
 * Calling codes whose countries all have one national-number length, so an E.164 number with
 * that code has exactly this many digits after it: the NANP (+1) and Russia/Kazakhstan (+7).
 */
export const FIXED_NATIONAL_LENGTH: Readonly<Record<string, number>> = { '1': 10, '7': 10 };

/** How numbers are written inside a country. */
export interface NationalDialling {
  /**
   * Trunk (national) prefixes a number may start with when dialled inside the country, tried in
   * this order; the national significant number follows. Empty: the country has none, and a
   * leading 0 is part of the number (Italy) or a typing error left for the length checks.
   */
  trunk: readonly string[];
  /**
   * Set where every national significant number has this many digits. A trunk prefix is then
   * stripped only when exactly this many digits remain (in RU `812…` is a St Petersburg number,
   * not trunk 8 + `12…`), and a national entry of calling code + this many digits is read as an
   * international number typed without `+` (`91 98450 12345` in IN).
   */
  nationalLength?: number;
  /** The country's international prefix besides `00`, which is accepted everywhere. */
  internationalPrefix?: string;
}

const TRUNK_0: NationalDialling = { trunk: ['0'] };
const NO_TRUNK: NationalDialling = { trunk: [] };
const NANP: NationalDialling = { trunk: ['1'], nationalLength: 10, internationalPrefix: '011' };

/**
 * Countries whose national dialling differs from "trunk prefix 0". Where the sources disagree or
 * the plan is changing, the entry is chosen so a correctly written number is never altered: no
 * prefix at all, or prefixes guarded by `nationalLength`.
 */
const DIALLING: Partial<Record<CountryCode, NationalDialling>> = {
  // Former Soviet trunk prefix 8: RU, KZ and TM still use it; Belarus writes "8 0XX …" (and
  // "0XX …"). LT replaced 8 by 0; both are still typed. TJ and UZ have no trunk prefix according
  // to libphonenumber, but the old 8 (or a 0) is still typed in front of the 9-digit numbers, so
  // it is removed when exactly 9 digits follow: a number typed correctly is never changed. The
  // length guard also keeps an 8 that starts a national number (RU 812… St Petersburg).
  RU: { trunk: ['8'], nationalLength: 10 },
  KZ: { trunk: ['8'], nationalLength: 10 },
  BY: { trunk: ['80', '8', '0'], nationalLength: 9 },
  TM: { trunk: ['8'], nationalLength: 8 },
  TJ: { trunk: ['8', '0'], nationalLength: 9 },
  UZ: { trunk: ['8', '0'], nationalLength: 9 },
  LT: { trunk: ['8', '0'], nationalLength: 8 },
  HU: { trunk: ['06'] },
  // Marshall Islands: trunk 1 (a NANP legacy); 7-digit numbers, so guarded.
  MH: { trunk: ['1'], nationalLength: 7 },
  // India: trunk 0, and every subscriber number has 10 digits (landlines: area code + number).
  IN: { trunk: ['0'], nationalLength: 10 },
  // Mexico: no trunk prefix since August 2019, when every number became 10 digits (as in
  // libphonenumber); the abolished 01 (landline) and 044/045 (mobile) prefixes are still removed
  // when exactly 10 digits follow.
  MX: { trunk: ['044', '045', '01'], nationalLength: 10 },
  // International prefix 0011 (00 alone would read "0011 91…" as +11…).
  AU: { trunk: ['0'], internationalPrefix: '0011' },
  CX: { trunk: ['0'], internationalPrefix: '0011' },
  CC: { trunk: ['0'], internationalPrefix: '0011' },

  // No trunk prefix, and a leading 0 belongs to the number: Italian and Vatican landlines
  // (+39 06…), San Marino (+378 0549…), Côte d'Ivoire (10 digits since 2021, +225 07…),
  // Congo-Brazzaville (+242 06…), Benin (10 digits since 2024, +229 01…). Gabon: numbers have 8
  // digits and may start with 0 (+241 06…); libphonenumber has no trunk prefix but drops a 0
  // before some older numbers. Unsure which typed 0 is a prefix, so nothing is stripped.
  IT: NO_TRUNK,
  VA: NO_TRUNK,
  SM: NO_TRUNK,
  CI: NO_TRUNK,
  CG: NO_TRUNK,
  BJ: NO_TRUNK,
  GA: NO_TRUNK,
  // No trunk prefix (closed numbering plans); numbers do not start with 0.
  AD: NO_TRUNK,
  AO: NO_TRUNK,
  AQ: NO_TRUNK,
  AW: NO_TRUNK,
  BF: NO_TRUNK,
  BH: NO_TRUNK,
  BI: NO_TRUNK,
  BN: NO_TRUNK,
  BQ: NO_TRUNK,
  BT: NO_TRUNK,
  BV: NO_TRUNK,
  BW: NO_TRUNK,
  BZ: NO_TRUNK,
  CF: NO_TRUNK,
  CK: NO_TRUNK,
  CL: NO_TRUNK,
  CM: NO_TRUNK,
  CR: NO_TRUNK,
  CV: NO_TRUNK,
  CW: NO_TRUNK,
  CY: NO_TRUNK,
  CZ: NO_TRUNK,
  DJ: NO_TRUNK,
  DK: NO_TRUNK,
  EE: NO_TRUNK,
  ES: NO_TRUNK,
  FJ: NO_TRUNK,
  FK: NO_TRUNK,
  FM: NO_TRUNK,
  FO: NO_TRUNK,
  GI: NO_TRUNK,
  GL: NO_TRUNK,
  GM: NO_TRUNK,
  GN: NO_TRUNK,
  GQ: NO_TRUNK,
  GR: NO_TRUNK,
  GS: NO_TRUNK,
  GT: NO_TRUNK,
  GW: NO_TRUNK,
  GY: NO_TRUNK,
  HK: NO_TRUNK,
  HM: NO_TRUNK,
  HN: NO_TRUNK,
  HT: NO_TRUNK,
  IO: NO_TRUNK,
  IS: NO_TRUNK,
  KM: NO_TRUNK,
  KW: NO_TRUNK,
  LS: NO_TRUNK,
  LU: NO_TRUNK,
  LV: NO_TRUNK,
  ML: NO_TRUNK,
  MO: NO_TRUNK,
  MR: NO_TRUNK,
  MT: NO_TRUNK,
  MU: NO_TRUNK,
  MV: NO_TRUNK,
  MZ: NO_TRUNK,
  NC: NO_TRUNK,
  NE: NO_TRUNK,
  NF: NO_TRUNK,
  NI: NO_TRUNK,
  NO: NO_TRUNK,
  NR: NO_TRUNK,
  NU: NO_TRUNK,
  OM: NO_TRUNK,
  PA: NO_TRUNK,
  PF: NO_TRUNK,
  PG: NO_TRUNK,
  PL: NO_TRUNK,
  PN: NO_TRUNK,
  PT: NO_TRUNK,
  PW: NO_TRUNK,
  QA: NO_TRUNK,
  SB: NO_TRUNK,
  SC: NO_TRUNK,
  SG: NO_TRUNK,
  SH: NO_TRUNK,
  SJ: NO_TRUNK,
  SN: NO_TRUNK,
  SR: NO_TRUNK,
  ST: NO_TRUNK,
  SV: NO_TRUNK,
  SZ: NO_TRUNK,
  TD: NO_TRUNK,
  TF: NO_TRUNK,
  TG: NO_TRUNK,
  TK: NO_TRUNK,
  TL: NO_TRUNK,
  TN: NO_TRUNK,
  TO: NO_TRUNK,
  TV: NO_TRUNK,
  VU: NO_TRUNK,
  WF: NO_TRUNK,
  WS: NO_TRUNK,
};

/** How numbers are written inside `country`: NANP members share trunk 1, most others use 0. */
export function nationalDialling(country: CountryCode): NationalDialling {
  return DIALLING[country] ?? (CALLING_CODES[country] === '1' ? NANP : TRUNK_0);
}

let lowerCaseZones: Map<string, string> | undefined;

/**
 * The country of an IANA time zone: `Asia/Kolkata` → `IN`, `Europe/London` → `GB`. Canonical
 * zones come from tzdb's zone.tab; backward-compatible aliases resolve too (`Asia/Calcutta`,
 * `US/Eastern`, `Europe/Kiev`: browsers and Node's Intl still report some of these), as do
 * names in another letter case, which IANA names ignore. Zones without a country (`UTC`,
 * `Etc/GMT+5`, `EST5EDT`) and unknown names give undefined.
 */
export function countryOfTimeZone(tz: string): CountryCode | undefined {
  const exact = Object.hasOwn(ZONE_COUNTRIES, tz)
    ? ZONE_COUNTRIES[tz]
    : Object.hasOwn(ALIAS_COUNTRIES, tz)
      ? ALIAS_COUNTRIES[tz]
      : undefined;
  if (exact !== undefined) return isCountryCode(exact) ? exact : undefined;
  lowerCaseZones ??= new Map(
    [...Object.entries(ZONE_COUNTRIES), ...Object.entries(ALIAS_COUNTRIES)].map(([zone, c]) => [
      zone.toLowerCase(),
      c,
    ]),
  );
  const c = lowerCaseZones.get(tz.toLowerCase());
  return isCountryCode(c) ? c : undefined;
}
