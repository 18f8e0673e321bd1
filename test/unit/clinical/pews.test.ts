import { describe, expect, it } from 'vitest';
import {
  earlyWarningOf,
  type LatestEarlyWarning,
  nextEarlyWarning,
} from '../../../shared/clinical/early-warning';
import {
  normaliseRespiratoryEffort,
  type PewsAgeBand,
  pews,
  pewsAgeBand,
} from '../../../shared/clinical/pews';
import { ageInMonths, assessReading, VitalsInputSchema } from '../../../shared/clinical/vitals';

// Table 1 of Parshuram et al., Critical Care 2009;13:R135 (Bedside PEWS), written out by hand:
// for each age band, each threshold at its value and the value just inside the band below it.
// [value, sub-score]
type Row = [number, 0 | 1 | 2 | 4];

const HEART_RATE: Record<PewsAgeBand, Row[]> = {
  'under-3-months': [
    [190, 4],
    [189, 2],
    [180, 2],
    [179, 1],
    [150, 1],
    [149, 0],
    [111, 0],
    [110, 1],
    [91, 1],
    [90, 2],
    [81, 2],
    [80, 4],
  ],
  '3-11-months': [
    [180, 4],
    [179, 2],
    [170, 2],
    [169, 1],
    [150, 1],
    [149, 0],
    [101, 0],
    [100, 1],
    [81, 1],
    [80, 2],
    [71, 2],
    [70, 4],
  ],
  '1-4-years': [
    [170, 4],
    [169, 2],
    [150, 2],
    [149, 1],
    [120, 1],
    [119, 0],
    [91, 0],
    [90, 1],
    [71, 1],
    [70, 2],
    [61, 2],
    [60, 4],
  ],
  // "> 150" (not ≥) for 4 in this band, as the source writes it.
  '5-12-years': [
    [151, 4],
    [150, 2],
    [130, 2],
    [129, 1],
    [110, 1],
    [109, 0],
    [71, 0],
    [70, 1],
    [61, 1],
    [60, 2],
    [51, 2],
    [50, 4],
  ],
  // "< 50" (not ≤) for 2 in this band, as the source writes it.
  '13-15-years': [
    [140, 4],
    [139, 2],
    [120, 2],
    [119, 1],
    [100, 1],
    [99, 0],
    [61, 0],
    [60, 1],
    [50, 1],
    [49, 2],
    [41, 2],
    [40, 4],
  ],
};

const SYSTOLIC: Record<PewsAgeBand, Row[]> = {
  'under-3-months': [
    [130, 4],
    [129, 2],
    [100, 2],
    [99, 1],
    [80, 1],
    [79, 0],
    [61, 0],
    [60, 1],
    [51, 1],
    [50, 2],
    [46, 2],
    [45, 4],
  ],
  '3-11-months': [
    [150, 4],
    [149, 2],
    [120, 2],
    [119, 1],
    [100, 1],
    [99, 0],
    [81, 0],
    [80, 1],
    [71, 1],
    [70, 2],
    [61, 2],
    [60, 4],
  ],
  '1-4-years': [
    [160, 4],
    [159, 2],
    [125, 2],
    [124, 1],
    [110, 1],
    [109, 0],
    [91, 0],
    [90, 1],
    [76, 1],
    [75, 2],
    [66, 2],
    [65, 4],
  ],
  '5-12-years': [
    [170, 4],
    [169, 2],
    [140, 2],
    [139, 1],
    [120, 1],
    [119, 0],
    [91, 0],
    [90, 1],
    [81, 1],
    [80, 2],
    [71, 2],
    [70, 4],
  ],
  '13-15-years': [
    [190, 4],
    [189, 2],
    [150, 2],
    [149, 1],
    [130, 1],
    [129, 0],
    [101, 0],
    [100, 1],
    [86, 1],
    [85, 2],
    [76, 2],
    [75, 4],
  ],
};

const RESPIRATORY_RATE: Record<PewsAgeBand, Row[]> = {
  'under-3-months': [
    [91, 4],
    [90, 2],
    [81, 2],
    [80, 1],
    [61, 1],
    [60, 0],
    [30, 0],
    [29, 1],
    [20, 1],
    [19, 2],
    [16, 2],
    [15, 4],
  ],
  '3-11-months': [
    [81, 4],
    [80, 2],
    [71, 2],
    [70, 1],
    [51, 1],
    [50, 0],
    [25, 0],
    [24, 1],
    [20, 1],
    [19, 2],
    [16, 2],
    [15, 4],
  ],
  '1-4-years': [
    [71, 4],
    [70, 2],
    [61, 2],
    [60, 1],
    [41, 1],
    [40, 0],
    [20, 0],
    [19, 1],
    [16, 1],
    [15, 2],
    [13, 2],
    [12, 4],
  ],
  '5-12-years': [
    [51, 4],
    [50, 2],
    [41, 2],
    [40, 1],
    [31, 1],
    [30, 0],
    [20, 0],
    [19, 1],
    [15, 1],
    [14, 2],
    [11, 2],
    [10, 4],
  ],
  '13-15-years': [
    [30, 4],
    [29, 2],
    [23, 2],
    [22, 1],
    [17, 1],
    [16, 0],
    [12, 0],
    [11, 1],
    [10, 2],
    [9, 4],
  ],
};

describe('Bedside PEWS bands by age (Parshuram et al. 2009, Table 1)', () => {
  for (const [band, rows] of Object.entries(HEART_RATE) as [PewsAgeBand, Row[]][])
    for (const [value, score] of rows)
      it(`${band}: heart rate ${value} → ${score}`, () => {
        expect(pews({ pulse: value }, band).items.heartRate).toBe(score);
      });
  for (const [band, rows] of Object.entries(SYSTOLIC) as [PewsAgeBand, Row[]][])
    for (const [value, score] of rows)
      it(`${band}: systolic ${value} → ${score}`, () => {
        expect(pews({ systolic: value }, band).items.systolic).toBe(score);
      });
  for (const [band, rows] of Object.entries(RESPIRATORY_RATE) as [PewsAgeBand, Row[]][])
    for (const [value, score] of rows)
      it(`${band}: respiratory rate ${value} → ${score}`, () => {
        expect(pews({ respiratoryRate: value }, band).items.respiratoryRate).toBe(score);
      });

  it('SpO2 > 94 → 0, 91–94 → 1, ≤ 90 → 2 (every age)', () => {
    const s = (spo2: number) => pews({ spo2 }, '1-4-years').items.spo2;
    expect([s(95), s(94), s(91), s(90), s(85)]).toEqual([0, 1, 1, 2, 2]);
  });

  it('capillary refill < 3 s → 0, ≥ 3 s → 4', () => {
    const s = (capillaryRefillSeconds: number) =>
      pews({ capillaryRefillSeconds }, '5-12-years').items.capillaryRefill;
    expect([s(2), s(2.9), s(3), s(5)]).toEqual([0, 0, 4, 4]);
  });

  it('oxygen therapy: room air 0, under 4 L/min 2, 4 L/min or more 4; no flow recorded scores 2 and says so', () => {
    const o = (supplementalOxygen: boolean, oxygenFlowLpm?: number) =>
      pews({ supplementalOxygen, oxygenFlowLpm }, 'under-3-months');
    expect(o(false).items.oxygenTherapy).toBe(0);
    expect(o(true, 3.9).items.oxygenTherapy).toBe(2);
    expect(o(true, 4).items.oxygenTherapy).toBe(4);
    expect(o(true, 4).notes).toEqual([]);
    expect(o(true).items.oxygenTherapy).toBe(2);
    expect(o(true).notes).toEqual([
      'oxygen given without a recorded flow: scored as under 4 L/min',
    ]);
  });

  it('respiratory effort: normal 0, mild 1, moderate 2, severe or apnoea 4, after normalising the text', () => {
    const e = (respiratoryEffort: string) =>
      pews({ respiratoryEffort }, '3-11-months').items.respiratoryEffort;
    expect([e('normal'), e(' Mild '), e('MODERATE'), e('severe'), e('Apnoea'), e('apnea')]).toEqual(
      [0, 1, 2, 4, 4, 4],
    );
    expect(pews({ respiratoryEffort: 'wheezy' }, '3-11-months').missing).toContain(
      'respiratoryEffort',
    );
    expect(normaliseRespiratoryEffort(null)).toBeUndefined();
  });

  it('rounds half up before banding: 149.5 is 150 (a 1 under 3 months), 149.4 is 149 (0)', () => {
    expect(pews({ pulse: 149.5 }, 'under-3-months').items.heartRate).toBe(1);
    expect(pews({ pulse: 149.4 }, 'under-3-months').items.heartRate).toBe(0);
  });
});

describe('Bedside PEWS total and trigger (8 or more: the source’s threshold)', () => {
  // A 5–12-year-old with every item recorded and normal.
  const normal = {
    pulse: 90,
    systolic: 105,
    capillaryRefillSeconds: 2,
    respiratoryRate: 22,
    respiratoryEffort: 'normal',
    spo2: 98,
    supplementalOxygen: false,
  };

  it('all seven items normal: 0, complete, no trigger', () => {
    expect(pews(normal, '5-12-years')).toMatchObject({
      score: 0,
      missing: [],
      complete: true,
      trigger: false,
      escalation: 'Continue routine observations',
    });
  });

  it('7 does not trigger; 8 does', () => {
    // heart rate 130 → 2, respiratory rate 41 → 2, capillary refill 3 s → 4: 8.
    const seven = pews(
      {
        ...normal,
        pulse: 130,
        respiratoryRate: 41,
        spo2: 94,
        capillaryRefillSeconds: 2,
        respiratoryEffort: 'moderate',
      },
      '5-12-years',
    );
    expect(seven.score).toBe(7);
    expect(seven.trigger).toBe(false);
    const eight = pews(
      { ...normal, pulse: 130, respiratoryRate: 41, capillaryRefillSeconds: 3 },
      '5-12-years',
    );
    expect(eight.score).toBe(8);
    expect(eight.trigger).toBe(true);
    expect(eight.escalation).toBe(
      'Urgent medical review; consider critical care consultation (Bedside PEWS 8 ≥ 8)',
    );
  });

  it('a partial set is a lower bound: 8 from three items triggers; a low partial lists what is missing', () => {
    const partial = pews({ pulse: 151, respiratoryRate: 51 }, '5-12-years');
    expect(partial).toMatchObject({ score: 8, trigger: true, complete: false });
    expect(partial.missing).toEqual([
      'systolic',
      'capillaryRefill',
      'respiratoryEffort',
      'spo2',
      'oxygenTherapy',
    ]);
    expect(pews({ pulse: 90 }, '5-12-years').escalation).toBe(
      'Bedside PEWS 0 from the recorded items; record systolic, capillaryRefill, respiratoryRate, respiratoryEffort, spo2, oxygenTherapy for a complete score',
    );
  });
});

describe('PEWS age bands in completed months', () => {
  const table: [number, PewsAgeBand | null][] = [
    [0, 'under-3-months'],
    [2, 'under-3-months'],
    [3, '3-11-months'],
    [11, '3-11-months'],
    [12, '1-4-years'],
    [59, '1-4-years'], // 4 years 11 months
    [60, '5-12-years'],
    [155, '5-12-years'], // 12 years 11 months
    [156, '13-15-years'],
    [191, '13-15-years'], // 15 years 11 months
    [192, null], // 16: NEWS2
    [-1, null],
    [Number.NaN, null],
  ];
  for (const [months, band] of table)
    it(`${months} months → ${band}`, () => expect(pewsAgeBand(months)).toBe(band));

  it('ageInMonths counts completed months', () => {
    expect(ageInMonths('2026-01-31', '2026-02-28')).toBe(0);
    expect(ageInMonths('2026-01-31', '2026-03-31')).toBe(2);
    expect(ageInMonths('2020-06-15', '2026-06-14')).toBe(71);
    expect(ageInMonths('2020-06-15', '2026-06-15')).toBe(72);
    expect(ageInMonths('bad', '2026-06-15')).toBeNaN();
  });
});

describe('The early warning score where NEWS2 is withheld', () => {
  it('a child gets PEWS with its source; an adult gets none; an unknown age gets none', () => {
    const child = earlyWarningOf({ pulse: 190 }, { ageMonths: 1, pregnancy: null });
    expect(child).toMatchObject({
      system: 'pews',
      ageBand: 'under-3-months',
      score: 4,
      source: { url: 'https://doi.org/10.1186/cc7998' },
    });
    expect(earlyWarningOf({ pulse: 190 }, { ageMonths: 240, pregnancy: null })).toBeNull();
    expect(earlyWarningOf({ pulse: 190 }, { ageMonths: null, pregnancy: null })).toBeNull();
  });

  it('a pregnant or postpartum patient gets MEOWS (also under 16), complete only with all seven parameters', () => {
    const m = earlyWarningOf({ spo2: 94 }, { ageMonths: 180, pregnancy: 'pregnant' });
    expect(m).toMatchObject({
      system: 'meows',
      score: null,
      red: ['spo2'],
      trigger: true,
      complete: false,
    });
    const full = earlyWarningOf(
      {
        temperatureC: 37,
        systolic: 120,
        diastolic: 70,
        pulse: 80,
        respiratoryRate: 16,
        spo2: 98,
        consciousness: 'A',
      },
      { ageMonths: 360, pregnancy: 'postpartum' },
    );
    expect(full).toMatchObject({ system: 'meows', complete: true, trigger: false, missing: [] });
  });

  it('assessReading answers it only where NEWS2 is withheld', () => {
    const reading = { pulse: 110, respiratoryRate: 25 };
    expect(assessReading(reading, { ageYears: 30, spo2Scale: 1 }).earlyWarning).toBeNull();
    expect(
      assessReading(reading, { ageYears: 6, ageMonths: 75, spo2Scale: 1 }).earlyWarning,
    ).toMatchObject({ system: 'pews', ageBand: '5-12-years', score: 1 });
    expect(
      assessReading(reading, { ageYears: 30, spo2Scale: 1, pregnancy: 'pregnant' }).earlyWarning,
    ).toMatchObject({ system: 'meows', yellow: ['pulse', 'respiratoryRate'], trigger: true });
  });

  it('vitals take capillary refill and respiratory effort, the effort normalised', () => {
    expect(VitalsInputSchema.parse({ respiratoryEffort: ' Moderate ' }).respiratoryEffort).toBe(
      'moderate',
    );
    expect(VitalsInputSchema.parse({ capillaryRefillSeconds: 3 }).capillaryRefillSeconds).toBe(3);
    expect(VitalsInputSchema.safeParse({ respiratoryEffort: 'wheezy' }).success).toBe(false);
    expect(VitalsInputSchema.safeParse({ capillaryRefillSeconds: 21 }).success).toBe(false);
  });
});

describe('The standing trigger (stands down only on a complete set without one)', () => {
  const at = '2026-11-25T08:00:00.000Z';
  const trigger: LatestEarlyWarning = {
    system: 'pews',
    score: 9,
    trigger: true,
    escalation: 'Urgent medical review; consider critical care consultation (Bedside PEWS 9 ≥ 8)',
    recordedAt: '2026-11-25T07:00:00.000Z',
  };
  const childSet = (reading: Parameters<typeof earlyWarningOf>[0]) =>
    earlyWarningOf(reading, { ageMonths: 80, pregnancy: null });

  it('an incomplete set without a trigger keeps the standing trigger', () => {
    expect(nextEarlyWarning(trigger, childSet({ pulse: 90 }), at)).toEqual(trigger);
  });
  it('a complete set without a trigger stands it down', () => {
    const complete = childSet({
      pulse: 90,
      systolic: 105,
      capillaryRefillSeconds: 2,
      respiratoryRate: 22,
      respiratoryEffort: 'normal',
      spo2: 98,
      supplementalOxygen: false,
    });
    expect(nextEarlyWarning(trigger, complete, at)).toMatchObject({
      trigger: false,
      score: 0,
      recordedAt: at,
    });
  });
  it('a triggering set raises it; no score (NEWS2 applies) clears it; another system does not inherit it', () => {
    expect(nextEarlyWarning(null, childSet({ pulse: 151, respiratoryRate: 51 }), at)).toMatchObject(
      {
        trigger: true,
        score: 8,
      },
    );
    expect(nextEarlyWarning(trigger, null, at)).toBeNull();
    const meowsSet = earlyWarningOf({ pulse: 80 }, { ageMonths: 180, pregnancy: 'pregnant' });
    expect(nextEarlyWarning(trigger, meowsSet, at)).toMatchObject({
      system: 'meows',
      trigger: false,
    });
  });
});
