import { describe, expect, it } from 'vitest';
import { type ClinicalFacts, evaluateRules } from '../../../shared/clinical/cds-rules';
import { checkSupply, unitsPerDose } from '../../../shared/clinical/supply-quantity';

// Quantity against dose × frequency × duration (BNF, Prescription writing), written out by hand:
// [strength, dose, frequency, days, quantity] → expected finding (null when it matches).
const RX = { strength: '500 mg', dose: '1 tablet', frequency: 'twice daily', durationDays: 5 };

describe('units per dose', () => {
  const table: [string, string, number | null][] = [
    ['500 mg', '1 tablet', 1],
    ['500 mg', '2 Tablets', 2],
    ['500 mg', 'two capsules', 2],
    ['500 mg', 'half tablet', 0.5],
    ['500 mg', '1 g', 2],
    ['500 mg', '1,000 mg', 2],
    ['500 mg', '250 mg', 0.5],
    ['500 mg', '750 mg', 1.5], // a halved tablet
    ['500 mg', '600 mg', null], // 1.2 tablets is not a countable dose: not read
    ['120 mg/5 mL', '5 mL', null], // a liquid: not checked
    ['500 mg', '5 mL', null],
    ['1 g', '1 g', 1],
    ['500 mg', 'as directed', null],
  ];
  for (const [strength, dose, units] of table)
    it(`${dose} of ${strength} → ${units}`, () =>
      expect(unitsPerDose({ strength, dose })).toBe(units));
});

describe('quantity against the course', () => {
  it('matches exactly: no finding (1 × 2 a day × 5 days = 10)', () => {
    expect(checkSupply({ ...RX, quantity: 10 })).toBeNull();
  });
  it('one short is a short supply lasting 4 days', () => {
    expect(checkSupply({ ...RX, quantity: 9 })).toEqual({
      kind: 'short',
      unitsPerDose: 1,
      perDay: 2,
      needed: 10,
      quantity: 9,
      daysSupplied: 4,
    });
  });
  it('one over and exactly twice are over; one more than twice is over-twice', () => {
    expect(checkSupply({ ...RX, quantity: 11 })?.kind).toBe('over');
    expect(checkSupply({ ...RX, quantity: 20 })?.kind).toBe('over');
    expect(checkSupply({ ...RX, quantity: 21 })?.kind).toBe('over-twice');
  });
  it('reads the frequency as the dose check does (every 6 hours = 4 a day; "TDS")', () => {
    expect(
      checkSupply({
        ...RX,
        frequency: 'every 6 hours when required',
        durationDays: 3,
        quantity: 12,
      }),
    ).toBeNull();
    expect(
      checkSupply({ ...RX, dose: '2 tablets', frequency: 'T.D.S.', durationDays: 7, quantity: 42 }),
    ).toBeNull();
    expect(
      checkSupply({
        ...RX,
        dose: 'half tablet',
        frequency: 'once daily',
        durationDays: 5,
        quantity: 3,
      }),
    ).toBeNull();
  });
  it('an unreadable frequency or a liquid is not checked', () => {
    expect(checkSupply({ ...RX, frequency: 'as the doctor says', quantity: 500 })).toBeNull();
    expect(checkSupply({ ...RX, strength: '120 mg/5 mL', dose: '5 mL', quantity: 1 })).toBeNull();
  });
});

describe('the supply-quantity rule', () => {
  const facts = (quantity: number): ClinicalFacts => ({
    ageYears: 40,
    sex: 'female',
    allergies: [],
    news2: null,
    suspectedInfection: false,
    creatinine: [],
    iodinatedContrast: false,
    medications: [
      { name: 'Cetirizine', code: null, status: 'draft', dosing: { ...RX, quantity } },
      // An active prescription carries no supply check: only the order being placed.
      { name: 'Amlodipine', code: null, status: 'active', dosing: { ...RX, quantity: 500 } },
    ],
  });
  const cards = (q: number) =>
    evaluateRules(facts(q), 'order-sign').filter((c) => c.source.topic?.code === 'supply-quantity');

  it('no card at the course; a warning short or up to twice; critical above twice, with override reasons', () => {
    expect(cards(10)).toEqual([]);
    expect(cards(9).map((c) => [c.indicator, c.summary])).toEqual([
      ['warning', 'Cetirizine: quantity 9 lasts 4 of 5 days'],
    ]);
    expect(cards(20).map((c) => [c.indicator, c.summary])).toEqual([
      ['warning', 'Cetirizine: quantity 20 is more than the 10 the course needs'],
    ]);
    const critical = cards(100);
    expect(critical.map((c) => [c.indicator, c.summary])).toEqual([
      ['critical', 'Cetirizine: quantity 100 is more than twice the 10 the course needs'],
    ]);
    expect(critical[0]!.overrideReasons?.length).toBeGreaterThan(0);
    expect(critical[0]!.links?.[0]?.url).toBe(
      'https://bnf.nice.org.uk/medicines-guidance/prescription-writing/',
    );
  });
  it('is not on the patient-view hook (no order is being placed)', () => {
    expect(
      evaluateRules(facts(100), 'patient-view').some(
        (c) => c.source.topic?.code === 'supply-quantity',
      ),
    ).toBe(false);
  });
});
