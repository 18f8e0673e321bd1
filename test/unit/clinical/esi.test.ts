import { describe, expect, it } from 'vitest';
import {
  countResources,
  dangerZoneFindings,
  type EsiAnswers,
  esiLevel,
} from '../../../shared/clinical/esi';

// The ESI v4 Implementation Handbook (AHRQ 2012 edition), written out by hand: the algorithm's
// decision points A-D, the resource table (chapter 4) and the danger-zone vital signs by age.

const none: EsiAnswers = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
  resources: [],
};
const adult = { months: 40 * 12, days: 40 * 365 };
const normal = { pulse: 80, respiratoryRate: 16, spo2: 98, temperatureC: 37 };

describe('ESI v4 decision points, as in the Handbook', () => {
  const cases: [string, Partial<EsiAnswers>, Record<string, number>, number, string][] = [
    // A: immediate life-saving intervention (cardiac arrest, intubation, apnoeic).
    [
      'cardiac arrest: intubation needed (A)',
      { lifeSavingIntervention: true, resources: ['labs', 'ecg'] },
      {},
      1,
      'A',
    ],
    // B: high risk (chest pain suggestive of ACS), new confusion, severe pain.
    [
      'chest pain, possible ACS (B high risk)',
      { highRiskSituation: true, resources: ['labs', 'ecg'] },
      {},
      2,
      'B',
    ],
    [
      'new confusion in an older patient (B)',
      { newConfusionLethargyOrDisorientation: true },
      {},
      2,
      'B',
    ],
    [
      'renal colic, pain 9/10 (B severe pain)',
      { severePainOrDistress: true, resources: ['labs'] },
      {},
      2,
      'B',
    ],
    // C: resources.
    ['sore throat, no resources (C → 5)', {}, {}, 5, 'C'],
    ['ankle injury needing an X-ray (C → 4)', { resources: ['xray'] }, {}, 4, 'C'],
    ['simple laceration needing sutures (C → 4)', { resources: ['simple-procedure'] }, {}, 4, 'C'],
    [
      'abdominal pain: labs, CT, IV fluids (C many → D → 3)',
      { resources: ['labs', 'ct-mri-ultrasound', 'iv-fluids'] },
      {},
      3,
      'D',
    ],
    // D: danger-zone vital signs move a 3 to 2.
    [
      'abdominal pain with pulse 110 (D → 2)',
      { resources: ['labs', 'ct-mri-ultrasound'] },
      { pulse: 110 },
      2,
      'D',
    ],
    // Danger zone does not apply with fewer than two resources.
    ['pulse 110 and one resource stays 4', { resources: ['xray'] }, { pulse: 110 }, 4, 'C'],
  ];
  for (const [name, answers, vitals, level, at] of cases) {
    it(name, () => {
      const r = esiLevel({ ...none, ...answers }, { ...normal, ...vitals }, adult);
      expect(r.level).toBe(level);
      expect(r.decidedAt).toBe(at);
    });
  }

  it('the nurse may keep level 3 despite danger-zone vital signs', () => {
    const r = esiLevel(
      { ...none, resources: ['labs', 'xray'], keepLevel3DespiteDangerZone: true },
      { ...normal, pulse: 120 },
      adult,
    );
    expect(r.level).toBe(3);
    expect(r.dangerZone).toEqual(['heart rate 120 > 100 (> 8 years)']);
  });

  it('pain 7/10 answered "no" at B is noted, not overridden', () => {
    const r = esiLevel({ ...none, resources: ['xray'] }, normal, adult, 7);
    expect(r.level).toBe(4);
    expect(r.notes[0]).toMatch(/pain rated 7\/10/);
    expect(esiLevel({ ...none, resources: ['xray'] }, normal, adult, 6).notes).toEqual([]);
  });

  it('a neonate of 28 days above 38.0 °C is at least ESI 2; 38.0 °C or 29 days is not', () => {
    const neonate = (days: number) => ({ months: 0, days });
    expect(
      esiLevel(
        none,
        { ...normal, pulse: 150, respiratoryRate: 40, temperatureC: 38.1 },
        neonate(28),
      ).level,
    ).toBe(2);
    expect(
      esiLevel(
        none,
        { ...normal, pulse: 150, respiratoryRate: 40, temperatureC: 38.0 },
        neonate(28),
      ).level,
    ).toBe(5);
    expect(
      esiLevel(
        none,
        { ...normal, pulse: 150, respiratoryRate: 40, temperatureC: 38.1 },
        neonate(29),
      ).level,
    ).toBe(5);
  });
});

describe('ESI resources (Handbook table 4-1)', () => {
  it('counts each kind once and a complex procedure as two', () => {
    expect(countResources([])).toBe(0);
    expect(countResources(['labs', 'labs'])).toBe(1);
    expect(countResources(['labs', 'ecg'])).toBe(2);
    expect(countResources(['complex-procedure'])).toBe(2);
  });
});

describe('danger-zone vital signs by age, at their thresholds', () => {
  // [age in months, heart rate limit, respiratory rate limit]: exceeded only above the limit.
  const bands: [number, number, number][] = [
    [0, 180, 50],
    [2, 180, 50],
    [3, 160, 40],
    [35, 160, 40],
    [36, 140, 30],
    [95, 140, 30],
    [96, 100, 20],
    [600, 100, 20],
  ];
  for (const [months, hr, rr] of bands) {
    it(`${months} months: HR > ${hr}, RR > ${rr}`, () => {
      expect(dangerZoneFindings({ pulse: hr, respiratoryRate: rr, spo2: 92 }, months)).toEqual([]);
      expect(dangerZoneFindings({ pulse: hr + 1 }, months)).toHaveLength(1);
      expect(dangerZoneFindings({ respiratoryRate: rr + 1 }, months)).toHaveLength(1);
    });
  }
  it('SpO2 below 92 % at any age; 92 % is not', () => {
    expect(dangerZoneFindings({ spo2: 91 }, 600)).toEqual(['SpO2 91% < 92%']);
    expect(dangerZoneFindings({ spo2: 92 }, 600)).toEqual([]);
  });
  it('an unknown age uses the adult band', () => {
    expect(dangerZoneFindings({ pulse: 101 }, null)).toEqual(['heart rate 101 > 100 (> 8 years)']);
  });
});
