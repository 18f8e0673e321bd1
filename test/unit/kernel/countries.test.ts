import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  CountryCodeSchema,
  callingCodeAtStart,
  callingCodeOf,
  countriesOfCallingCode,
  countryOfTimeZone,
  isCountryCode,
  nationalDialling,
} from '../../../shared/kernel/countries';

/** ISO 3166-1 alpha-2 as listed in tzdb's iso3166.tab (2025b), 249 codes. */
const ISO_3166 =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO
BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ
EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK
HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC
NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB
SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV
TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

const MESSAGE = 'must be an ISO 3166-1 alpha-2 country code, e.g. IN or GB';

describe('country codes', () => {
  it('are the 249 ISO 3166-1 codes plus XK (Kosovo)', () => {
    expect(ISO_3166).toHaveLength(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...ISO_3166, 'XK'].sort());
  });

  it.each(['IN', 'GB', 'US', 'XK', 'AX', 'SX'])('%s is a country code', (c) =>
    expect(isCountryCode(c)).toBe(true),
  );
  it.each(['in', 'Gb', 'UK', 'IND', 'EU', 'AN', 'YU', 'ZZ', '', ' IN', 'constructor', 42, null])(
    '%s is not',
    (c) => expect(isCountryCode(c)).toBe(false),
  );

  it('CountryCodeSchema accepts known upper-case codes and refuses the rest with one message', () => {
    expect(CountryCodeSchema.parse('IN')).toBe('IN');
    for (const bad of ['in', 'UK', 'IND', '', 7, undefined]) {
      const r = CountryCodeSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
    }
  });
});

describe('calling codes', () => {
  it.each([
    ['IN', '91'],
    ['GB', '44'],
    ['US', '1'],
    ['CA', '1'],
    ['IT', '39'],
    ['VA', '39'],
    ['SM', '378'],
    ['RU', '7'],
    ['KZ', '7'],
    ['DE', '49'],
    ['FR', '33'],
    ['ES', '34'],
    ['PT', '351'],
    ['IE', '353'],
    ['HU', '36'],
    ['MX', '52'],
    ['BR', '55'],
    ['AR', '54'],
    ['CN', '86'],
    ['JP', '81'],
    ['KR', '82'],
    ['AU', '61'],
    ['NZ', '64'],
    ['ZA', '27'],
    ['EG', '20'],
    ['NG', '234'],
    ['KE', '254'],
    ['AE', '971'],
    ['SA', '966'],
    ['PK', '92'],
    ['BD', '880'],
    ['LK', '94'],
    ['NP', '977'],
    ['SG', '65'],
    ['HK', '852'],
    ['TW', '886'],
    ['CI', '225'],
    ['XK', '383'],
    ['TL', '670'],
    ['SS', '211'],
    ['SH', '290'],
    ['GL', '299'],
    ['FO', '298'],
    ['AW', '297'],
    ['PS', '970'],
    ['MH', '692'],
  ] as const)('%s → +%s', (country, code) => expect(callingCodeOf(country)).toBe(code));

  it('the NANP members share +1', () => {
    expect(countriesOfCallingCode('1')).toEqual(
      'AG AI AS BB BM BS CA DM DO GD GU JM KN KY LC MP MS PR SX TC TT UM US VC VG VI'.split(' '),
    );
  });

  it.each([
    ['7', 'KZ RU'],
    ['44', 'GB GG IM JE'],
    ['47', 'BV NO SJ'],
    ['61', 'AU CC CX'],
    ['64', 'NZ PN'],
    ['212', 'EH MA'],
    ['262', 'RE TF YT'],
    ['358', 'AX FI'],
    ['39', 'IT VA'],
    ['500', 'FK GS'],
    ['590', 'BL GP MF'],
    ['599', 'BQ CW'],
    ['672', 'AQ HM NF'],
    ['91', 'IN'],
    ['999', ''],
  ])('+%s is shared by %s', (code, countries) =>
    expect(countriesOfCallingCode(code)).toEqual(countries ? countries.split(' ') : []),
  );

  it.each([
    ['919845012345', '91'],
    ['14155552671', '1'],
    ['79123456789', '7'],
    ['447700900123', '44'],
    ['35312345678', '353'],
    ['420212345678', '420'],
    ['24761234', '247'],
    ['80012345678', '800'],
    ['88212345678', '882'],
    ['2079460958', '20'],
    ['2111234567', '211'],
  ])('%s starts with +%s', (digits, code) => expect(callingCodeAtStart(digits)).toBe(code));

  it.each(['9991234567', '281234567', '4221234567', '0919845012345', '', '8'])(
    '%s starts with no calling code',
    (digits) => expect(callingCodeAtStart(digits)).toBeUndefined(),
  );

  it('no calling code is the start of another (E.164 codes are a prefix code)', () => {
    const others = ['247', '800', '808', '870', '881', '882', '883', '888', '979'];
    const codes = [...new Set([...COUNTRY_CODES.map(callingCodeOf), ...others])];
    for (const code of others) expect(callingCodeAtStart(`${code}12345678`)).toBe(code);
    const clashes = codes.flatMap((a) => codes.filter((b) => a !== b && b.startsWith(a)));
    expect(clashes).toEqual([]);
  });
});

describe('national dialling', () => {
  it.each([
    ['US', { trunk: ['1'], nationalLength: 10, internationalPrefix: '011' }],
    ['CA', { trunk: ['1'], nationalLength: 10, internationalPrefix: '011' }],
    ['JM', { trunk: ['1'], nationalLength: 10, internationalPrefix: '011' }],
    ['IN', { trunk: ['0'], nationalLength: 10 }],
    ['GB', { trunk: ['0'] }],
    ['DE', { trunk: ['0'] }],
    ['FR', { trunk: ['0'] }],
    ['AU', { trunk: ['0'], internationalPrefix: '0011' }],
    ['RU', { trunk: ['8'], nationalLength: 10 }],
    ['KZ', { trunk: ['8'], nationalLength: 10 }],
    ['BY', { trunk: ['80', '8', '0'], nationalLength: 9 }],
    ['HU', { trunk: ['06'] }],
    ['LT', { trunk: ['8', '0'], nationalLength: 8 }],
    ['TJ', { trunk: ['8', '0'], nationalLength: 9 }],
    ['MH', { trunk: ['1'], nationalLength: 7 }],
    ['CL', { trunk: [] }],
    ['MX', { trunk: ['044', '045', '01'], nationalLength: 10 }],
    ['IT', { trunk: [] }],
    ['VA', { trunk: [] }],
    ['SM', { trunk: [] }],
    ['CI', { trunk: [] }],
    ['ES', { trunk: [] }],
    ['PT', { trunk: [] }],
    ['GR', { trunk: [] }],
    ['PL', { trunk: [] }],
    ['DK', { trunk: [] }],
    ['SG', { trunk: [] }],
  ] as const)('%s: %o', (country, dialling) => expect(nationalDialling(country)).toEqual(dialling));

  it('every fixed national length leaves room for an E.164 number', () => {
    for (const c of COUNTRY_CODES) {
      const n = nationalDialling(c).nationalLength;
      if (n !== undefined) expect(callingCodeOf(c).length + n).toBeLessThanOrEqual(15);
    }
  });
});

describe('countryOfTimeZone', () => {
  it.each([
    ['Asia/Kolkata', 'IN'],
    ['Europe/London', 'GB'],
    ['America/New_York', 'US'],
    ['America/Toronto', 'CA'],
    ['Europe/Rome', 'IT'],
    ['Europe/Vatican', 'VA'],
    ['Europe/Zurich', 'CH'],
    ['Europe/Busingen', 'DE'],
    ['Europe/Kyiv', 'UA'],
    ['Europe/Moscow', 'RU'],
    ['Asia/Almaty', 'KZ'],
    ['Asia/Dubai', 'AE'],
    ['Australia/Sydney', 'AU'],
    ['Antarctica/Macquarie', 'AU'],
    ['Antarctica/Troll', 'AQ'],
    ['Arctic/Longyearbyen', 'SJ'],
    ['Atlantic/Reykjavik', 'IS'],
    ['Africa/Abidjan', 'CI'],
    ['Pacific/Honolulu', 'US'],
    ['Indian/Christmas', 'CX'],
    // backward-compatible aliases, not in zone.tab
    ['Asia/Calcutta', 'IN'],
    ['Asia/Saigon', 'VN'],
    ['Asia/Katmandu', 'NP'],
    ['Asia/Rangoon', 'MM'],
    ['America/Buenos_Aires', 'AR'],
    ['America/Indianapolis', 'US'],
    ['US/Eastern', 'US'],
    ['Europe/Kiev', 'UA'],
    ['Europe/Belfast', 'GB'],
    ['GB', 'GB'],
    ['Eire', 'IE'],
    ['Japan', 'JP'],
    ['PRC', 'CN'],
    ['ROC', 'TW'],
    ['W-SU', 'RU'],
    // aliases tzdb links to a zone of another country
    ['Iceland', 'IS'],
    ['Africa/Asmera', 'ER'],
    ['America/Virgin', 'VI'],
    ['Pacific/Truk', 'FM'],
    ['Atlantic/Jan_Mayen', 'SJ'],
    // IANA names ignore letter case
    ['asia/kolkata', 'IN'],
    ['ASIA/CALCUTTA', 'IN'],
  ])('%s → %s', (tz, country) => expect(countryOfTimeZone(tz)).toBe(country));

  it.each([
    'UTC',
    'Etc/UTC',
    'GMT',
    'Etc/GMT+5',
    'EST5EDT',
    'CET',
    'Mars/Olympus_Mons',
    '',
    'constructor',
    '__proto__',
  ])('%s → undefined', (tz) => expect(countryOfTimeZone(tz)).toBeUndefined());

  it("knows the country of every zone Node's Intl offers (ICU's list, an independent source)", () => {
    const missing = Intl.supportedValuesOf('timeZone').filter(
      (tz) => !/^(Etc\/|UTC$|GMT$)/.test(tz) && countryOfTimeZone(tz) === undefined,
    );
    expect(missing, 'regenerate with npx tsx bin/gen-time-zone-countries.ts').toEqual([]);
  });

  it("agrees with ICU's country of every zone (CLDR data in Node's Intl, an independent source)", () => {
    const disagreements: string[] = [];
    for (const country of COUNTRY_CODES) {
      const locale = new Intl.Locale(`und-${country}`) as unknown as {
        timeZones?: string[];
        getTimeZones?: () => string[];
      };
      for (const tz of locale.getTimeZones?.() ?? locale.timeZones ?? [])
        if (countryOfTimeZone(tz) !== country)
          disagreements.push(`${tz}: ICU ${country}, ours ${countryOfTimeZone(tz)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
