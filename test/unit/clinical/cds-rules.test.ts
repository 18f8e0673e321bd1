import { describe, expect, it } from 'vitest';
import { Card } from '../../../shared/clinical/cds-card';
import {
  CDS_RULES,
  type ClinicalFacts,
  evaluateRules,
  type Hook,
  type Medication,
} from '../../../shared/clinical/cds-rules';
import * as z from '../../../shared/kernel/zod';

// Each rule at its source's thresholds and just below them, tables written by hand.

const base: ClinicalFacts = {
  ageYears: 70,
  sex: 'male',
  allergies: [],
  news2: null,
  suspectedInfection: false,
  creatinine: [],
  medications: [],
  iodinatedContrast: false,
};
const at = (h: number) => new Date(Date.UTC(2026, 0, 10) + h * 3_600_000).toISOString();
const rx = (name: string, status: Medication['status'] = 'active'): Medication => ({
  name,
  status,
});
const ids = (facts: Partial<ClinicalFacts>, hook: Hook = 'patient-view') =>
  evaluateRules({ ...base, ...facts }, hook).map((c) => `${c.source.topic?.code}:${c.indicator}`);

describe('every rule is declared with an id, a version and its source', () => {
  it('has a unique id, a semantic version, a source with title, year and https URL', () => {
    expect(new Set(CDS_RULES.map((r) => r.id)).size).toBe(CDS_RULES.length);
    for (const r of CDS_RULES) {
      expect(r.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(r.source.url).toMatch(/^https:\/\//);
      expect(r.source.year).toBeGreaterThan(2000);
      expect(r.source.title.length).toBeGreaterThan(10);
    }
  });
});

describe('sepsis screening (NICE NG51): NEWS2 ≥ 5 or a single 3, with suspected infection', () => {
  const news2 = (score: number, three = false) => ({
    score,
    anyParameterScoredThree: three,
    at: at(0),
  });
  const table: [number, boolean, boolean, string[]][] = [
    [5, false, true, ['sepsis-screen:critical']],
    [4, false, true, []],
    [4, true, true, ['sepsis-screen:critical']],
    [3, true, true, ['sepsis-screen:critical']],
    [7, false, false, []], // no suspected infection
    [0, false, true, []],
  ];
  for (const [score, three, infection, expected] of table) {
    it(`NEWS2 ${score}${three ? ' (a single 3)' : ''}, infection ${infection} → ${expected.join() || 'no card'}`, () => {
      expect(ids({ news2: news2(score, three), suspectedInfection: infection })).toEqual(expected);
    });
  }
  it('lists the Sepsis Six actions as suggestions with override reasons', () => {
    const [card] = evaluateRules(
      { ...base, news2: news2(6), suspectedInfection: true },
      'patient-view',
    );
    expect(card?.suggestions?.map((s) => s.label)).toContain(
      'Take blood cultures before antibiotics',
    );
    expect(card?.overrideReasons?.length).toBeGreaterThan(0);
    expect(card?.source.url).toBe('https://www.nice.org.uk/guidance/ng51');
  });
});

describe('deteriorating NEWS2 on an admitted patient (RCP 2017 Chart 4)', () => {
  const table: [number, number | null, string[]][] = [
    [5, 3, ['news2-deterioration:warning']],
    [6, 5, ['news2-deterioration:warning']],
    [7, 4, ['news2-deterioration:critical']],
    [4, 1, []], // rising, below the urgent threshold
    [6, 6, []], // not rising
    [8, 9, []], // falling
    [7, null, []], // no earlier score: no trend
  ];
  for (const [score, previousScore, expected] of table) {
    it(`${previousScore} → ${score}: ${expected.join() || 'no card'}`, () => {
      expect(ids({ news2Trend: { score, previousScore, trend: null } })).toEqual(expected);
    });
  }
});

describe('AKI (KDIGO) cards', () => {
  it('stage 1 is a warning at a 26.5 µmol/L rise in 48 h; 26.4 gives none; stage 2 is critical', () => {
    expect(
      ids({
        creatinine: [
          { umolPerL: 100, at: at(0) },
          { umolPerL: 126.5, at: at(24) },
        ],
      }),
    ).toEqual(['aki-kdigo:warning']);
    expect(
      ids({
        creatinine: [
          { umolPerL: 100, at: at(0) },
          { umolPerL: 126.4, at: at(24) },
        ],
      }),
    ).toEqual([]);
    expect(
      ids({
        creatinine: [
          { umolPerL: 100, at: at(0) },
          { umolPerL: 200, at: at(24) },
        ],
      }),
    ).toEqual(['aki-kdigo:critical']);
  });
});

describe('renal dose alerts from eGFR (CKD-EPI 2021), male aged 70', () => {
  // Creatinine → eGFR for a man of 70 (worked out by hand): 200 → 30, 206 → 29, 143 → 45, 146 → 44.
  const table: [number, string, string[]][] = [
    [206, 'Metformin', ['renal-dose:critical']],
    [200, 'Metformin', ['renal-dose:warning']],
    [146, 'Metformin', ['renal-dose:warning']],
    [143, 'Metformin', []],
    [206, 'Nitrofurantoin', ['renal-dose:critical']],
    [146, 'Macrobid', ['renal-dose:warning']],
    [143, 'Nitrofurantoin', []],
    [206, 'Paracetamol', []],
  ];
  for (const [scr, drug, expected] of table) {
    it(`${drug} with creatinine ${scr} → ${expected.join() || 'no card'}`, () => {
      expect(
        ids(
          { creatinine: [{ umolPerL: scr, at: at(0) }], medications: [rx(drug, 'draft')] },
          'order-select',
        ),
      ).toEqual(expected);
    });
  }
});

describe('drug allergy (the existing screen)', () => {
  it('direct is critical, cross-sensitivity a warning, none without a match', () => {
    expect(
      ids({ allergies: ['penicillin'], medications: [rx('Amoxicillin', 'draft')] }, 'order-sign'),
    ).toEqual(['drug-allergy:critical']);
    expect(
      ids({ allergies: ['penicillin'], medications: [rx('Cefalexin', 'draft')] }, 'order-sign'),
    ).toEqual(['drug-allergy:warning']);
    expect(
      ids({ allergies: ['penicillin'], medications: [rx('Paracetamol', 'draft')] }, 'order-sign'),
    ).toEqual([]);
  });
  it('matches normalised text: a zero-width space or a Cyrillic letter does not hide the drug', () => {
    expect(
      ids(
        { allergies: ['penicillin'], medications: [rx('Amoxi\u200bcillin', 'draft')] },
        'order-sign',
      ),
    ).toEqual(['drug-allergy:critical']);
    expect(
      ids(
        { allergies: ['penicillin'], medications: [rx('\u0410moxicillin', 'draft')] },
        'order-sign',
      ),
    ).toEqual(['drug-allergy:critical']);
  });
});

describe('drug-drug interactions (curated pairs)', () => {
  const table: [string, string, string[]][] = [
    ['Clarithromycin', 'Simvastatin', ['drug-interaction:critical']],
    ['Clarithromycin', 'Atorvastatin', ['drug-interaction:warning']],
    ['Omeprazole', 'Clopidogrel', ['drug-interaction:warning']],
    ['Pantoprazole', 'Clopidogrel', []],
    ['Augmentin', 'Atorvastatin', []],
    ['Naproxen', 'Plavix', ['drug-interaction:warning']],
    ['Losartan', 'Ramipril', ['drug-interaction:warning']],
    // Order texts from another system carry the strength.
    ['Clarithromycin 500 mg tablets', 'Simvastatin 40 mg', ['drug-interaction:critical']],
  ];
  for (const [draft, active, expected] of table) {
    it(`${draft} ordered with ${active} active → ${expected.join() || 'no card'}`, () => {
      expect(ids({ medications: [rx(active), rx(draft, 'draft')] }, 'order-select')).toEqual(
        expected,
      );
    });
  }
});

describe('duplicate therapy', () => {
  it('the same drug twice (brand and generic) and the same ATC class warn; different classes do not', () => {
    expect(
      ids({ medications: [rx('Lipitor'), rx('Atorvastatin', 'draft')] }, 'order-select'),
    ).toEqual(['duplicate-therapy:warning']);
    expect(
      ids({ medications: [rx('Ibuprofen'), rx('Naproxen', 'draft')] }, 'order-select'),
    ).toEqual(['duplicate-therapy:warning']);
    expect(
      ids({ medications: [rx('Ibuprofen'), rx('Paracetamol', 'draft')] }, 'order-select'),
    ).toEqual([]);
    expect(
      ids({ medications: [rx('Atorvastatin 20 mg'), rx('Lipitor', 'draft')] }, 'order-select'),
    ).toEqual(['duplicate-therapy:warning']);
  });
});

describe('metformin and iodinated contrast (ACR)', () => {
  const onMetformin = [rx('Metformin')];
  it('holds metformin at eGFR 29, not at 30; with AKI whatever the eGFR; never without contrast', () => {
    const scr = (u: number) => [{ umolPerL: u, at: at(0) }];
    expect(
      ids(
        { medications: onMetformin, iodinatedContrast: true, creatinine: scr(206) },
        'order-sign',
      ),
    ).toContain('metformin-contrast:warning');
    expect(
      ids(
        { medications: onMetformin, iodinatedContrast: true, creatinine: scr(200) },
        'order-sign',
      ),
    ).not.toContain('metformin-contrast:warning');
    const aki = [
      { umolPerL: 60, at: at(0) },
      { umolPerL: 90, at: at(24) },
    ];
    expect(
      ids({ medications: onMetformin, iodinatedContrast: true, creatinine: aki }, 'order-sign'),
    ).toContain('metformin-contrast:warning');
    expect(
      ids(
        { medications: onMetformin, iodinatedContrast: false, creatinine: scr(206) },
        'order-sign',
      ),
    ).not.toContain('metformin-contrast:warning');
  });
});

describe('cards conform to the CDS Hooks 2.0 card shape', () => {
  it('every card of a busy patient parses, critical first', () => {
    const cards = evaluateRules(
      {
        ...base,
        allergies: ['penicillin'],
        news2: { score: 7, anyParameterScoredThree: true, at: at(0) },
        suspectedInfection: true,
        creatinine: [
          { umolPerL: 100, at: at(0) },
          { umolPerL: 210, at: at(24) },
        ],
        medications: [
          rx('Metformin'),
          rx('Clarithromycin'),
          rx('Simvastatin'),
          rx('Amoxicillin', 'draft'),
        ],
        iodinatedContrast: true,
      },
      'order-sign',
    );
    expect(cards.length).toBeGreaterThanOrEqual(4);
    for (const c of cards) {
      expect(() => z.parse(Card, c)).not.toThrow();
      expect(c.summary.length).toBeLessThanOrEqual(140);
    }
    const ranks = cards.map((c) => ({ critical: 0, warning: 1, info: 2 })[c.indicator]);
    expect(ranks).toEqual([...ranks].sort());
  });
});
