import { describe, expect, it } from 'vitest';
import {
  type ClinicalFacts,
  evaluateRules,
  type Hook,
  type Medication,
} from '../../../shared/clinical/cds-rules';
import { agentOfProcedure, agentOfText } from '../../../shared/clinical/contrast';

// The contrast-renal rule at its sources' thresholds (ESUR v10 / ACR: eGFR < 30; the ACR's risk
// factors; ESUR's 7-day and 3-month windows), tables written by hand. Creatinine values give these
// CKD-EPI 2021 eGFRs (computed by hand from the equation): a man of 70: 196 µmol/L → 31,
// 200 → 30, 206 → 29, 100 → 69; a man of 50: 216 → 31, 223 → 30, 228 → 29, 126 → 60, 127 → 59, 80 → 103.

const NOW = '2026-03-01T12:00:00.000Z';
const daysAgo = (d: number, extraMs = 0) =>
  new Date(Date.parse(NOW) - d * 86_400_000 - extraMs).toISOString();
const base: ClinicalFacts = {
  ageYears: 70,
  sex: 'male',
  allergies: [],
  news2: null,
  suspectedInfection: false,
  creatinine: [],
  medications: [],
  iodinatedContrast: true,
  asOf: NOW,
};
const scr = (umolPerL: number, at = daysAgo(1)) => [{ umolPerL, at }];
const contrastCards = (facts: Partial<ClinicalFacts>, hook: Hook = 'order-sign') =>
  evaluateRules({ ...base, ...facts }, hook)
    .filter((c) => c.source.topic?.code === 'contrast-renal')
    .map((c) => `${c.indicator}: ${c.summary}`);
const metformin: Medication = { name: 'Metformin 500 mg', status: 'active' };

describe('iodinated contrast and eGFR (ESUR v10, ACR: below 30)', () => {
  const table: [string, Partial<ClinicalFacts>, string[]][] = [
    [
      'eGFR 29',
      { creatinine: scr(206) },
      [`warning: Iodinated contrast with eGFR 29 (< 30) (creatinine of ${daysAgo(1)})`],
    ],
    ['eGFR 30', { creatinine: scr(200) }, []],
    ['eGFR 31', { creatinine: scr(196) }, []],
    [
      'eGFR 29, aged 50 (not at risk by age)',
      { ageYears: 50, creatinine: scr(228) },
      [`warning: Iodinated contrast with eGFR 29 (< 30) (creatinine of ${daysAgo(1)})`],
    ],
    ['eGFR 30, aged 50', { ageYears: 50, creatinine: scr(223) }, []],
    ['eGFR 31, aged 50', { ageYears: 50, creatinine: scr(216) }, []],
    ['eGFR 29 with no contrast ordered', { creatinine: scr(206), iodinatedContrast: false }, []],
  ];
  for (const [what, facts, expected] of table)
    it(`${what} → ${expected.length ? 'a warning' : 'no card'}`, () => {
      expect(contrastCards(facts)).toEqual(expected);
    });

  it('an acute kidney injury (KDIGO: a rise of 26.5 µmol/L in 48 h) is a risk whatever the eGFR', () => {
    expect(
      contrastCards({
        creatinine: [
          { umolPerL: 70, at: daysAgo(2) },
          { umolPerL: 97, at: daysAgo(1) },
        ],
      }),
    ).toEqual(['warning: Iodinated contrast with acute kidney injury (KDIGO)']);
    // A rise of 26 is not an AKI: eGFR 90-ish, recent, no card.
    expect(
      contrastCards({
        creatinine: [
          { umolPerL: 70, at: daysAgo(2) },
          { umolPerL: 96, at: daysAgo(1) },
        ],
      }),
    ).toEqual([]);
  });
});

describe('an eGFR is needed first for a patient at risk, and must be recent (ESUR v10)', () => {
  const missing = ['warning: Iodinated contrast: no eGFR on record for a patient at risk'];
  const staleOut = (at: string) => [
    `warning: Iodinated contrast: the latest eGFR (creatinine of ${at}) is older than 90 days`,
  ];
  const staleIn = (at: string) => [
    `warning: Iodinated contrast: the latest eGFR (creatinine of ${at}) is older than 7 days for a patient in hospital`,
  ];
  const table: [string, Partial<ClinicalFacts>, string[]][] = [
    ['aged 70, no eGFR', {}, missing],
    ['aged 61, no eGFR', { ageYears: 61 }, missing],
    ['aged 60, no eGFR (ACR: over 60)', { ageYears: 60 }, []],
    ['aged 50 on metformin, no eGFR', { ageYears: 50, medications: [metformin] }, missing],
    [
      'aged 50, eGFR 59 on record long ago',
      { ageYears: 50, creatinine: scr(127, daysAgo(400)) },
      staleOut(daysAgo(400)),
    ],
    [
      'aged 50, eGFR 60 on record long ago',
      { ageYears: 50, creatinine: scr(126, daysAgo(400)) },
      [],
    ],
    [
      'aged 70 outpatient, eGFR 69 of exactly 90 days ago',
      { creatinine: scr(100, daysAgo(90)) },
      [],
    ],
    [
      'aged 70 outpatient, eGFR 69 of 90 days and a minute ago',
      { creatinine: scr(100, daysAgo(90, 60_000)) },
      staleOut(daysAgo(90, 60_000)),
    ],
    [
      'aged 70 in hospital, eGFR 69 of exactly 7 days ago',
      { inpatient: true, creatinine: scr(100, daysAgo(7)) },
      [],
    ],
    [
      'aged 70 in hospital, eGFR 69 of 7 days and a minute ago',
      { inpatient: true, creatinine: scr(100, daysAgo(7, 60_000)) },
      staleIn(daysAgo(7, 60_000)),
    ],
    ['aged 50, no risk factor, no eGFR (ACR: none needed)', { ageYears: 50 }, []],
    // CKD-EPI 2021 has no form for a sex recorded as unknown: no eGFR can be read, so ask for one.
    [
      'aged 70, sex unknown, a creatinine but no eGFR',
      { sex: 'unknown', creatinine: scr(100) },
      missing,
    ],
    ['aged 50, eGFR 103 a year ago', { ageYears: 50, creatinine: scr(80, daysAgo(365)) }, []],
  ];
  for (const [what, facts, expected] of table)
    it(`${what} → ${expected.length ? 'a warning' : 'no card'}`, () => {
      expect(contrastCards(facts)).toEqual(expected);
    });
});

describe('gadolinium (ACR, ESUR: NSF risk below 30; group II agents need no eGFR first)', () => {
  const gad = { iodinatedContrast: false, gadoliniumContrast: true };
  const table: [string, Partial<ClinicalFacts>, string[]][] = [
    [
      'eGFR 29',
      { ...gad, creatinine: scr(206) },
      [`warning: Gadolinium contrast with eGFR 29 (< 30) (creatinine of ${daysAgo(1)})`],
    ],
    ['eGFR 30', { ...gad, creatinine: scr(200) }, []],
    ['eGFR 31', { ...gad, creatinine: scr(196) }, []],
    ['aged 70, no eGFR', gad, []],
    ['aged 70, eGFR 69 a year old', { ...gad, creatinine: scr(100, daysAgo(365)) }, []],
  ];
  for (const [what, facts, expected] of table)
    it(`${what} → ${expected.length ? 'a warning' : 'no card'}`, () => {
      expect(contrastCards(facts)).toEqual(expected);
    });

  it('the card names a group II agent at the lowest dose and links the source', () => {
    const [card] = evaluateRules({ ...base, ...gad, creatinine: scr(206) }, 'order-sign').filter(
      (c) => c.source.topic?.code === 'contrast-renal',
    );
    expect(card?.detail).toMatch(/group II \(macrocyclic\) agent at the lowest diagnostic dose/);
    expect(card?.links?.[0]?.url).toBe('https://doi.org/10.1007/s00330-017-5246-5');
    expect(card?.overrideReasons?.length).toBeGreaterThan(0);
  });
});

describe('the contrast agent of an order, from its normalised text or its procedure', () => {
  const table: [string, string | null][] = [
    ['CT abdomen with IV contrast', 'iodinated'],
    ['CT ABDOMEN WITH CONTRAST', 'iodinated'],
    ['CT pulmonary angiogram', 'iodinated'],
    ['CTPA', 'iodinated'],
    ['Coronary angiography', 'iodinated'],
    ['CT head without contrast', null],
    ['CT head non-contrast', null],
    ['CT head', null],
    ['Unenhanced CT KUB', null],
    ['CT abdomen with and without contrast', 'iodinated'],
    ['MRI brain with gadolinium', 'gadolinium'],
    ['MRI brain with contrast', 'gadolinium'],
    ['Contrast-enhanced MRA', 'gadolinium'],
    ['MRI knee', null],
    ['Contrast ultrasound of the liver', null],
    // Cyrillic "о" and "а" in "cоntrаst", and a non-breaking space: normalised first.
    ['CT chest with c\u043entr\u0430st', 'iodinated'],
    ['CT\u00a0chest with contrast', 'iodinated'],
  ];
  for (const [text, agent] of table)
    it(`"${text}" → ${agent ?? 'none'}`, () => {
      expect(agentOfText(text)).toBe(agent);
    });

  it('a procedure: MRI with contrast is gadolinium, ultrasound none, others iodinated', () => {
    expect(agentOfProcedure({ modality: 'CT', contrast: true })).toBe('iodinated');
    expect(agentOfProcedure({ modality: 'RF', contrast: true })).toBe('iodinated');
    expect(agentOfProcedure({ modality: 'MR', contrast: true })).toBe('gadolinium');
    expect(agentOfProcedure({ modality: 'US', contrast: true })).toBeNull();
    expect(agentOfProcedure({ modality: 'CT', contrast: false })).toBeNull();
  });
});
