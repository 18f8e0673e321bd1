import { describe, expect, it } from 'vitest';
import { type ClinicalFacts, evaluateRules } from '../../../shared/clinical/cds-rules';
import { checkDose, dosesPerDay, singleDoseMg } from '../../../shared/clinical/dose-limits';
import {
  PREGNANCY_CAUTIONS,
  pregnancyCautionsOf,
} from '../../../shared/clinical/pregnancy-cautions';

// Limits written by hand from the sources (BNF, BNF for Children, WHO Model Formulary for Children):
// paracetamol adult 1 g per dose, 4 g a day; child 15 mg/kg per dose, 60 mg/kg a day.

describe('the dose of one administration, read from the dose and the strength', () => {
  const table: [string, string, number | null][] = [
    ['500 mg', '1 g', 1000],
    ['500 mg', '1000 mg', 1000],
    ['500 mg', '0.5 g', 500],
    ['500 mg', '2 tablets', 1000],
    ['500 mg', '1 tablet', 500],
    ['500 mg', 'two tablets', 1000],
    ['500 mg', '1,000 mg', 1000],
    ['250 mg', '1 capsule', 250],
    ['120 mg/5 mL', '10 mL', 240],
    ['120 mg/5 mL', '7.5 mL', 180],
    ['100 micrograms', '500 micrograms', 0.5],
    ['500 mg', 'as directed', null],
    ['120 mg/5 mL', '2 tablets', null], // a count of a liquid cannot be read
    ['500 mg', '10 mL', null], // mL of a solid strength is refused, not guessed
    ['250 mg/125 mg', '1 tablet', null],
  ];
  for (const [strength, dose, mg] of table) {
    it(`${dose} of ${strength} → ${mg ?? 'unreadable'}`, () => {
      expect(singleDoseMg({ strength, dose })).toBe(mg);
    });
  }
});

describe('doses a day, read from the frequency (normalised first)', () => {
  const table: [string, number | null][] = [
    ['once daily', 1],
    ['OD', 1],
    ['at night', 1],
    ['twice daily', 2],
    ['B.D.', 2],
    ['every 12 hours', 2],
    ['three times a day', 3],
    ['TDS', 3],
    ['8 hourly', 3],
    ['four times daily', 4],
    ['q.d.s.', 4],
    ['every 6 hours', 4],
    ['every 4-6 hours', 6],
    ['every 4 to 6 hours as needed', 6],
    ['PRN every 4 hours', 6],
    ['5 times a day', 5],
    ['every  6  hours', 4],
    ['4-6 hourly', 6],
    ['when pain is bad', null],
    ['every 0 hours', null],
  ];
  for (const [text, n] of table) {
    it(`"${text}" → ${n ?? 'unreadable'}`, () => {
      expect(dosesPerDay(text)).toBe(n);
    });
  }
});

describe('paracetamol maxima at the thresholds (BNF: 1 g per dose, 4 g a day)', () => {
  const adult = { ageYears: 40, weightKg: null };
  const kinds = (strength: string, dose: string, frequency: string) =>
    checkDose({ name: 'Paracetamol', strength, dose, frequency }, adult).map(
      (f) => `${f.kind}:${f.doseMg}>${f.limitMg}`,
    );
  const table: [string, string, string, string[]][] = [
    ['500 mg', '1 g', 'every 6 hours', []], // 4 g a day: at the limit
    ['500 mg', '2 tablets', 'four times daily', []],
    ['500 mg', '1 g', 'every 4 hours', ['daily:6000>4000']],
    ['500 mg', '1 g', '5 times a day', ['daily:5000>4000']], // just over the daily limit
    ['500 mg', '950 mg', 'four times daily', []], // just under
    ['500 mg', '1000 mg', 'once daily', []], // the single limit
    ['500 mg', '1001 mg', 'once daily', ['single:1001>1000']], // just over
    ['500 mg', '3 tablets', 'four times daily', ['single:1500>1000', 'daily:6000>4000']],
  ];
  for (const [strength, dose, frequency, expected] of table) {
    it(`${dose} of ${strength} ${frequency} → ${expected.join() || 'within limits'}`, () => {
      expect(kinds(strength, dose, frequency)).toEqual(expected);
    });
  }
});

describe("children's mg/kg maxima (WHO Model Formulary for Children: paracetamol 15 mg/kg, 60 mg/kg/day)", () => {
  const child = (weightKg: number | null) => ({ ageYears: 6, weightKg });
  const kinds = (dose: string, frequency: string, weightKg: number | null) =>
    checkDose({ name: 'Calpol', strength: '120 mg/5 mL', dose, frequency }, child(weightKg)).map(
      (f) => `${f.kind}${f.limitMg === undefined ? '' : `:${f.doseMg}>${f.limitMg}`}`,
    );
  // 20 kg: 300 mg per dose (12.5 mL), 1200 mg a day.
  const table: [string, string, number | null, string[]][] = [
    ['12.5 mL', 'four times daily', 20, []], // 300 mg × 4 = 1200 mg: at both limits
    ['12 mL', 'four times daily', 20, []], // just under
    ['12.5 mL', 'every 4 hours', 20, ['daily:1800>1200']],
    ['13 mL', 'four times daily', 20, ['single:312>300', 'daily:1248>1200']], // just over
    ['10 mL', 'four times daily', null, ['weight-needed']],
    ['10 mL', 'as the parent likes', 20, ['unreadable']],
    // 80 kg at 16: the mg/kg limit (1200 mg) is above the adult limit, which caps it.
    ['50 mL', 'once daily', 80, ['single:1200>1000']],
  ];
  for (const [dose, frequency, weight, expected] of table) {
    it(`${dose} ${frequency}, ${weight ?? 'no'} kg → ${expected.join() || 'within limits'}`, () => {
      expect(kinds(dose, frequency, weight)).toEqual(expected);
    });
  }
  it('the adult limits apply from 18 (BNF for Children covers to 17)', () => {
    const rx = {
      name: 'Paracetamol',
      strength: '500 mg',
      dose: '1 g',
      frequency: 'four times daily',
    };
    expect(checkDose(rx, { ageYears: 18, weightKg: null })).toEqual([]);
    expect(checkDose(rx, { ageYears: 17, weightKg: null }).map((f) => f.kind)).toEqual([
      'weight-needed',
    ]);
  });
  it('a drug without a limit in the table is not checked', () => {
    expect(
      checkDose(
        { name: 'Cetirizine', strength: '10 mg', dose: '10 tablets', frequency: 'daily' },
        child(20),
      ),
    ).toEqual([]);
  });
  it('ibuprofen for a child: 10 mg/kg per dose, 30 mg/kg a day (BNF for Children)', () => {
    const rx = (dose: string, frequency: string) =>
      checkDose({ name: 'Nurofen', strength: '100 mg/5 mL', dose, frequency }, child(10)).map(
        (f) => `${f.kind}:${f.doseMg}>${f.limitMg}`,
      );
    expect(rx('5 mL', 'three times daily')).toEqual([]); // 100 mg, 300 mg a day: at both
    expect(rx('5 mL', 'four times daily')).toEqual(['daily:400>300']);
    expect(rx('6 mL', 'three times daily')).toEqual(['single:120>100', 'daily:360>300']);
  });
});

const base: ClinicalFacts = {
  ageYears: 40,
  sex: 'female',
  allergies: [],
  news2: null,
  suspectedInfection: false,
  creatinine: [],
  medications: [],
  iodinatedContrast: false,
};

describe('the dose-range rule: cards on the order hooks', () => {
  const dosing = (dose: string, frequency: string) => ({ strength: '500 mg', dose, frequency });
  it('a dose above a maximum is a critical card citing the limit and its source', () => {
    const cards = evaluateRules(
      {
        ...base,
        medications: [
          { name: 'Paracetamol', status: 'draft', dosing: dosing('1 g', 'every 4 hours') },
        ],
      },
      'order-sign',
    );
    expect(cards.map((c) => [c.source.topic?.code, c.indicator, c.summary])).toEqual([
      ['dose-range', 'critical', 'Paracetamol: 6000 mg a day is above the maximum 4000 mg a day'],
    ]);
    expect(cards[0]?.links?.[0]?.url).toBe('https://bnf.nice.org.uk/drugs/paracetamol/');
    expect(cards[0]?.overrideReasons?.length).toBeGreaterThan(0);
  });
  it('at the limit: no card; unreadable: a warning; no dose fields: no card', () => {
    const at = (d: string, f: string) =>
      evaluateRules(
        { ...base, medications: [{ name: 'Paracetamol', status: 'draft', dosing: dosing(d, f) }] },
        'order-sign',
      ).map((c) => c.indicator);
    expect(at('1 g', 'four times daily')).toEqual([]);
    expect(at('some', 'four times daily')).toEqual(['warning']);
    expect(
      evaluateRules(
        { ...base, medications: [{ name: 'Paracetamol', status: 'draft' }] },
        'order-sign',
      ),
    ).toEqual([]);
  });
});

describe('pregnancy cautions (each drug with its source)', () => {
  const kinds = (name: string, pregnancy: ClinicalFacts['pregnancy']) =>
    evaluateRules({ ...base, pregnancy, medications: [{ name, status: 'draft' }] }, 'order-select')
      .filter((c) => c.source.topic?.code === 'pregnancy-caution')
      .map((c) => c.indicator);
  const table: [string, ClinicalFacts['pregnancy'], string[]][] = [
    ['Warfarin', 'pregnant', ['critical']],
    ['Roaccutane', 'pregnant', ['critical']],
    ['Sodium valproate', 'pregnant', ['critical']],
    ['Ramipril', 'pregnant', ['critical']],
    ['Losartan 50 mg', 'pregnant', ['critical']],
    ['Methotrexate', 'pregnant', ['critical']],
    ['Doxycycline', 'pregnant', ['warning']],
    ['Nurofen', 'pregnant', ['warning']],
    ['Paracetamol', 'pregnant', []],
    ['Warfarin', 'postpartum', []],
    ['Warfarin', null, []],
    ['Warfarin', undefined, []],
  ];
  for (const [name, status, expected] of table) {
    it(`${name}, ${status ?? 'no status'} → ${expected.join() || 'no card'}`, () => {
      expect(kinds(name, status)).toEqual(expected);
    });
  }
  it('every caution cites an https source and a card links it', () => {
    for (const c of PREGNANCY_CAUTIONS) expect(c.source.url).toMatch(/^https:\/\//);
    expect(pregnancyCautionsOf({ name: 'Coumadin' }).map((c) => c.id)).toEqual(['warfarin']);
    const card = evaluateRules(
      { ...base, pregnancy: 'pregnant', medications: [{ name: 'Warfarin', status: 'draft' }] },
      'order-sign',
    )[0];
    expect(card?.links?.[0]?.url).toContain('warfarin');
  });
});
