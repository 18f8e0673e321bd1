import { describe, expect, it } from 'vitest';
import {
  type ClinicalFacts,
  type CriticalResult,
  evaluateRules,
  type Hook,
} from '../../../shared/clinical/cds-rules';
import { earlyWarningOf, nextEarlyWarning } from '../../../shared/clinical/early-warning';

// The rules a discharge and the patient's view answer to beyond NEWS2: a critical result nobody
// has acknowledged (The Joint Commission NPSG.02.03.01), and the standing MEOWS or Bedside PEWS
// trigger where NEWS2 does not apply. Tables written by hand.

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
const cards = (facts: Partial<ClinicalFacts>, hook: Hook, rule: string) =>
  evaluateRules({ ...base, ...facts }, hook).filter((c) => c.source.topic?.code === rule);

const potassium: CriticalResult = {
  id: 'alert-1',
  orderId: 'order-1',
  testName: 'Potassium',
  value: 6.5,
  unit: 'mmol/L',
  flag: 'HH',
  raisedAt: '2026-03-01T08:00:00.000Z',
};

describe('a critical result nobody has acknowledged (NPSG.02.03.01)', () => {
  const rule = 'critical-result-unacknowledged';
  it('is a critical card with the result, when it was reported and what to do', () => {
    const [card, ...rest] = cards({ criticalResults: [potassium] }, 'encounter-discharge', rule);
    expect(rest).toEqual([]);
    expect(card).toMatchObject({
      indicator: 'critical',
      summary:
        'Unacknowledged critical result: Potassium 6.5 mmol/L (HH), reported 2026-03-01T08:00:00.000Z',
      source: { topic: { code: rule, display: `${rule} v1.0.0` } },
    });
    expect(card?.detail).toContain('POST /lab/orders/order-1/alerts/alert-1/acknowledge');
    expect(card?.detail).toContain('cdsOverrideReason');
    expect(card?.suggestions?.map((s) => s.label)).toEqual([
      'Review the result and acknowledge it with the action taken',
      'Repeat the test or treat before discharge',
      'Record why the discharge goes ahead regardless (cdsOverrideReason)',
    ]);
    expect(card?.overrideReasons?.length).toBeGreaterThan(0);
    expect(card?.links?.[0]?.url).toBe(
      'https://www.jointcommission.org/standards/national-patient-safety-goals/hospital-national-patient-safety-goals/',
    );
  });

  const table: [string, CriticalResult[], string[]][] = [
    ['none', [], []],
    ['acknowledged', [{ ...potassium, acknowledgedAt: '2026-03-01T08:20:00.000Z' }], []],
    [
      'two open, oldest first; a coded result shows its code',
      [
        { ...potassium, id: 'a2', raisedAt: '2026-03-01T09:00:00.000Z' },
        {
          id: 'a3',
          orderId: 'o3',
          testName: 'Blood culture',
          valueCode: 'POS',
          flag: 'AA',
          raisedAt: '2026-03-01T07:00:00.000Z',
        },
      ],
      [
        'Unacknowledged critical result: Blood culture POS (AA), reported 2026-03-01T07:00:00.000Z',
        'Unacknowledged critical result: Potassium 6.5 mmol/L (HH), reported 2026-03-01T09:00:00.000Z',
      ],
    ],
    [
      'a value without a unit, and one with neither value nor code',
      [
        { ...potassium, id: 'a4', unit: undefined, value: 7 },
        {
          ...potassium,
          id: 'a5',
          value: undefined,
          unit: undefined,
          raisedAt: '2026-03-01T09:30:00.000Z',
        },
      ],
      [
        'Unacknowledged critical result: Potassium 7 (HH), reported 2026-03-01T08:00:00.000Z',
        'Unacknowledged critical result: Potassium (HH), reported 2026-03-01T09:30:00.000Z',
      ],
    ],
  ];
  for (const [what, results, expected] of table)
    it(`${what} → ${expected.length} card(s)`, () => {
      expect(
        cards({ criticalResults: results }, 'encounter-discharge', rule).map((c) => c.summary),
      ).toEqual(expected);
    });

  it('answers the patient view and the discharge hook, not an order', () => {
    expect(cards({ criticalResults: [potassium] }, 'patient-view', rule)).toHaveLength(1);
    expect(cards({ criticalResults: [potassium] }, 'order-sign', rule)).toHaveLength(0);
  });
});

describe('MEOWS and Bedside PEWS triggers in the alerts (NEWS2 does not apply)', () => {
  const rule = 'early-warning-meows-pews';
  const at = '2026-03-01T10:00:00.000Z';
  const child = {
    pulse: 90,
    systolic: 105,
    capillaryRefillSeconds: 2,
    respiratoryRate: 22,
    respiratoryEffort: 'normal' as const,
    spo2: 98,
    supplementalOxygen: false,
  };
  // A child of 8 (5-12 years): heart rate 130 → 2, respiratory rate 41 → 2, SpO2 94 → 1,
  // moderate effort → 2: 7; capillary refill 3 s → 4 instead of SpO2 and effort: 8.
  const seven = {
    ...child,
    pulse: 130,
    respiratoryRate: 41,
    spo2: 94,
    respiratoryEffort: 'moderate' as const,
  };
  const eight = { ...child, pulse: 130, respiratoryRate: 41, capillaryRefillSeconds: 3 };
  const standing = (reading: Record<string, unknown>, pregnancy: 'pregnant' | null = null) =>
    nextEarlyWarning(
      null,
      earlyWarningOf(reading, { ageMonths: pregnancy ? 300 : 8 * 12, pregnancy }),
      at,
    );
  const mother = {
    temperatureC: 37,
    systolic: 120,
    diastolic: 70,
    pulse: 80,
    respiratoryRate: 16,
    spo2: 98,
    consciousness: 'A' as const,
  };
  const table: [string, ReturnType<typeof standing>, string[]][] = [
    ['PEWS 7', standing(seven), []],
    ['PEWS 8', standing(eight), ['warning: Bedside PEWS 8 (≥ 8): urgent review']],
    ['MEOWS one yellow (pulse 105)', standing({ ...mother, pulse: 105 }, 'pregnant'), []],
    [
      'MEOWS two yellows (pulse 105, diastolic 95)',
      standing({ ...mother, pulse: 105, diastolic: 95 }, 'pregnant'),
      ['warning: MEOWS triggered (one red or two yellow parameters): urgent review'],
    ],
    [
      'MEOWS one red (systolic 165)',
      standing({ ...mother, systolic: 165 }, 'pregnant'),
      ['warning: MEOWS triggered (one red or two yellow parameters): urgent review'],
    ],
    ['no score (NEWS2 applies)', null, []],
  ];
  for (const [what, earlyWarning, expected] of table)
    it(`${what} → ${expected.join() || 'no card'}`, () => {
      expect(
        cards({ earlyWarning }, 'patient-view', rule).map((c) => `${c.indicator}: ${c.summary}`),
      ).toEqual(expected);
    });

  it('the card carries the escalation and links its own score’s source', () => {
    const [pewsCard] = cards({ earlyWarning: standing(eight) }, 'encounter-discharge', rule);
    expect(pewsCard?.detail).toContain(
      'Urgent medical review; consider critical care consultation (Bedside PEWS 8 ≥ 8)',
    );
    expect(pewsCard?.links?.[0]?.url).toBe('https://doi.org/10.1186/cc7998');
    const [meowsCard] = cards(
      { earlyWarning: standing({ ...mother, systolic: 165 }, 'pregnant') },
      'patient-view',
      rule,
    );
    expect(meowsCard?.links?.[0]?.url).toBe('https://doi.org/10.1111/j.1365-2044.2011.06896.x');
    expect(cards({ earlyWarning: standing(eight) }, 'order-sign', rule)).toEqual([]);
  });
});
