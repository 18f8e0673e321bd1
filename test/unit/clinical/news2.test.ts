import { describe, expect, it } from 'vitest';
import {
  calculateNews2,
  NEWS2_MIN_AGE_YEARS,
  type News2Complete,
  type News2Input,
  type News2ParameterScores,
  news2NotApplicableReason,
  news2Risk,
  type Spo2Scale,
  spo2SubScore,
} from '../../../shared/clinical/news2';

/** A reading that scores 0 on every parameter. */
const NORMAL: Required<News2Input> = {
  respiratoryRate: 16,
  spo2: 97,
  supplementalOxygen: false,
  systolic: 120,
  pulse: 70,
  consciousness: 'A',
  temperatureC: 37.0,
};

function complete(input: News2Input, scale?: Spo2Scale): News2Complete {
  const result = calculateNews2(input, scale);
  if (result.score === null) throw new Error(`incomplete: ${result.missing.join(', ')}`);
  return result;
}

// Chart 1 values as published (RCP 2017), both sides of every boundary plus extremes.
const BOUNDARIES: {
  field: keyof News2Input;
  parameter: keyof News2ParameterScores;
  cases: [number, number][];
}[] = [
  {
    field: 'respiratoryRate',
    parameter: 'respirationRate',
    cases: [
      [3, 3],
      [8, 3],
      [9, 1],
      [11, 1],
      [12, 0],
      [20, 0],
      [21, 2],
      [24, 2],
      [25, 3],
      [60, 3],
    ],
  },
  {
    field: 'spo2',
    parameter: 'spo2',
    cases: [
      [70, 3],
      [91, 3],
      [92, 2],
      [93, 2],
      [94, 1],
      [95, 1],
      [96, 0],
      [100, 0],
    ],
  },
  {
    field: 'systolic',
    parameter: 'systolicBp',
    cases: [
      [60, 3],
      [90, 3],
      [91, 2],
      [100, 2],
      [101, 1],
      [110, 1],
      [111, 0],
      [219, 0],
      [220, 3],
      [280, 3],
    ],
  },
  {
    field: 'pulse',
    parameter: 'pulse',
    cases: [
      [30, 3],
      [40, 3],
      [41, 1],
      [50, 1],
      [51, 0],
      [90, 0],
      [91, 1],
      [110, 1],
      [111, 2],
      [130, 2],
      [131, 3],
      [180, 3],
    ],
  },
  {
    field: 'temperatureC',
    parameter: 'temperature',
    cases: [
      [33.0, 3],
      [35.0, 3],
      [35.1, 1],
      [36.0, 1],
      [36.1, 0],
      [38.0, 0],
      [38.1, 1],
      [39.0, 1],
      [39.1, 2],
      [41.0, 2],
    ],
  },
];

describe('NEWS2 parameter bands (Scale 1, air)', () => {
  for (const { field, parameter, cases } of BOUNDARIES) {
    it.each(cases)(`${field} %s scores %s`, (value, expected) => {
      const result = complete({ ...NORMAL, [field]: value });
      expect(result.parameters[parameter]).toBe(expected);
      expect(result.score).toBe(expected);
    });
  }

  it('scores air 0 and oxygen 2', () => {
    expect(complete({ ...NORMAL, supplementalOxygen: false }).parameters.airOrOxygen).toBe(0);
    const onOxygen = complete({ ...NORMAL, supplementalOxygen: true });
    expect(onOxygen.parameters.airOrOxygen).toBe(2);
    expect(onOxygen.score).toBe(2);
  });

  it.each([
    ['A', 0],
    ['C', 3],
    ['V', 3],
    ['P', 3],
    ['U', 3],
  ] as const)('consciousness %s scores %s', (level, expected) => {
    expect(complete({ ...NORMAL, consciousness: level }).parameters.consciousness).toBe(expected);
  });

  it('does not penalise high SpO2 on oxygen on Scale 1', () => {
    const result = complete({ ...NORMAL, spo2: 99, supplementalOxygen: true });
    expect(result.parameters.spo2).toBe(0);
    expect(result.score).toBe(2);
  });
});

describe('NEWS2 SpO2 Scale 2 (hypercapnic respiratory failure)', () => {
  const onAir: [number, number][] = [
    [80, 3],
    [83, 3],
    [84, 2],
    [85, 2],
    [86, 1],
    [87, 1],
    [88, 0],
    [92, 0],
    [93, 0],
    [96, 0],
    [97, 0],
    [100, 0],
  ];
  const onOxygen: [number, number][] = [
    [80, 3],
    [83, 3],
    [84, 2],
    [85, 2],
    [86, 1],
    [87, 1],
    [88, 0],
    [92, 0],
    [93, 1],
    [94, 1],
    [95, 2],
    [96, 2],
    [97, 3],
    [100, 3],
  ];

  it.each(onAir)('SpO2 %s on air scores %s', (spo2, expected) => {
    const result = complete({ ...NORMAL, spo2, supplementalOxygen: false }, 2);
    expect(result.parameters.spo2).toBe(expected);
    expect(result.parameters.airOrOxygen).toBe(0);
    expect(result.spo2Scale).toBe(2);
  });

  it.each(onOxygen)('SpO2 %s on oxygen scores %s (plus 2 for oxygen)', (spo2, expected) => {
    const result = complete({ ...NORMAL, spo2, supplementalOxygen: true }, 2);
    expect(result.parameters.spo2).toBe(expected);
    expect(result.parameters.airOrOxygen).toBe(2);
    expect(result.score).toBe(expected + 2);
  });

  it('uses Scale 1 unless Scale 2 is passed by the caller', () => {
    expect(complete({ ...NORMAL, spo2: 89 }).parameters.spo2).toBe(3);
    expect(complete({ ...NORMAL, spo2: 89 }).spo2Scale).toBe(1);
    expect(complete({ ...NORMAL, spo2: 89 }, 1).parameters.spo2).toBe(3);
    expect(complete({ ...NORMAL, spo2: 89 }, 2).parameters.spo2).toBe(0);
    expect(complete({ ...NORMAL, spo2: 89 }, 2).spo2Scale).toBe(2);
  });

  it('ignores a scale smuggled in with the reading', () => {
    const reading = { ...NORMAL, spo2: 88, spo2Scale: 2 } as News2Input;
    expect(complete(reading)).toMatchObject({ spo2Scale: 1, parameters: { spo2: 3 } });
  });

  it('falls back to Scale 1 for anything but an explicit 2', () => {
    for (const scale of [0, 3, '2', null] as unknown as Spo2Scale[]) {
      expect(complete({ ...NORMAL, spo2: 88 }, scale)).toMatchObject({
        spo2Scale: 1,
        parameters: { spo2: 3 },
      });
      expect(spo2SubScore(88, scale, false)).toBe(3);
    }
  });

  it('exposes the SpO2 sub-score directly', () => {
    expect(spo2SubScore(95, 1, false)).toBe(1);
    expect(spo2SubScore(95, 2, false)).toBe(0);
    expect(spo2SubScore(95, 2, true)).toBe(2);
  });
});

describe('NEWS2 rounding of readings between bands', () => {
  it.each([
    ['temperatureC', 35.04, 'temperature', 3], // 35.0
    ['temperatureC', 35.05, 'temperature', 1], // 35.1
    ['temperatureC', 36.04, 'temperature', 1], // 36.0
    ['temperatureC', 36.05, 'temperature', 0], // 36.1
    ['temperatureC', 38.04, 'temperature', 0], // 38.0
    ['temperatureC', 38.05, 'temperature', 1], // 38.1
    ['temperatureC', 39.05, 'temperature', 2], // 39.1
    ['respiratoryRate', 20.49, 'respirationRate', 0],
    ['respiratoryRate', 20.5, 'respirationRate', 2], // 21
    ['respiratoryRate', 8.5, 'respirationRate', 1], // 9
    ['spo2', 91.5, 'spo2', 2], // 92
    ['spo2', 95.5, 'spo2', 0], // 96
    ['systolic', 110.5, 'systolicBp', 0], // 111
    ['systolic', 90.4, 'systolicBp', 3], // 90
    ['pulse', 90.5, 'pulse', 1], // 91
    ['pulse', 50.5, 'pulse', 0], // 51
  ] as const)('%s %s scores %s → %s', (field, value, parameter, expected) => {
    expect(complete({ ...NORMAL, [field]: value }).parameters[parameter]).toBe(expected);
  });
});

describe('NEWS2 aggregate score, risk and response', () => {
  it('scores 0 as low risk with routine monitoring', () => {
    const result = complete(NORMAL);
    expect(result).toMatchObject({
      score: 0,
      missing: [],
      anyParameterScoredThree: false,
      risk: 'low',
      response: 'Continue routine NEWS monitoring',
      monitoringFrequency: 'Minimum 12-hourly',
    });
    expect(result.parameters).toEqual({
      respirationRate: 0,
      spo2: 0,
      airOrOxygen: 0,
      systolicBp: 0,
      pulse: 0,
      consciousness: 0,
      temperature: 0,
    });
  });

  it('scores 1–4 without a 3 as low risk, nurse assessment', () => {
    const one = complete({ ...NORMAL, temperatureC: 38.5 });
    expect(one).toMatchObject({
      score: 1,
      risk: 'low',
      responseType: 'Ward-based response',
      monitoringFrequency: 'Minimum 4–6-hourly',
    });
    expect(one.response).toMatch(/^Inform registered nurse, who must assess the patient/);
    // 2 (RR 21) + 2 (pulse 111) = 4
    const four = complete({ ...NORMAL, respiratoryRate: 21, pulse: 111 });
    expect(four).toMatchObject({ score: 4, risk: 'low', anyParameterScoredThree: false });
  });

  it('moves from low to medium between 4 and 5', () => {
    // 2 + 2 + 1 (temperature 38.5) = 5
    const five = complete({ ...NORMAL, respiratoryRate: 21, pulse: 111, temperatureC: 38.5 });
    expect(five).toMatchObject({
      score: 5,
      risk: 'medium',
      responseType: 'Key threshold for urgent response',
      monitoringFrequency: 'Minimum 1-hourly',
    });
    expect(five.response).toMatch(/^Registered nurse to immediately inform the medical team/);
  });

  it('moves from medium to high between 6 and 7', () => {
    const six = complete({
      ...NORMAL,
      respiratoryRate: 21,
      pulse: 111,
      temperatureC: 38.5,
      systolic: 105,
    });
    expect(six).toMatchObject({ score: 6, risk: 'medium' });
    const seven = complete({
      ...NORMAL,
      respiratoryRate: 21,
      pulse: 111,
      temperatureC: 38.5,
      systolic: 105,
      spo2: 95,
    });
    expect(seven).toMatchObject({
      score: 7,
      risk: 'high',
      responseType: 'Urgent or emergency response',
      monitoringFrequency: 'Continuous monitoring of vital signs',
    });
    expect(seven.response).toMatch(/critical care competencies/);
  });

  it('rates a single parameter scoring 3 as low-medium while the total is 4 or less', () => {
    const three = complete({ ...NORMAL, consciousness: 'V' });
    expect(three).toMatchObject({
      score: 3,
      anyParameterScoredThree: true,
      risk: 'low-medium',
      responseType: 'Urgent ward-based response',
      monitoringFrequency: 'Minimum 1-hourly',
    });
    expect(three.response).toMatch(
      /^Registered nurse to inform the medical team caring for the patient/,
    );
    expect(complete({ ...NORMAL, pulse: 35, temperatureC: 38.5 })).toMatchObject({
      score: 4,
      risk: 'low-medium',
    });
  });

  it('lets the aggregate bands override the single-3 rule from 5 upwards', () => {
    expect(complete({ ...NORMAL, consciousness: 'C', respiratoryRate: 21 })).toMatchObject({
      score: 5,
      risk: 'medium',
      anyParameterScoredThree: true,
    });
    expect(complete({ ...NORMAL, systolic: 85, pulse: 135, temperatureC: 38.5 })).toMatchObject({
      score: 7,
      risk: 'high',
    });
  });

  it('does not treat oxygen (2) as a red score', () => {
    expect(complete({ ...NORMAL, supplementalOxygen: true })).toMatchObject({
      score: 2,
      anyParameterScoredThree: false,
      risk: 'low',
    });
  });

  it('adds up a worked example', () => {
    // RR 24 (2), SpO2 95 (1), air (0), SBP 105 (1), pulse 105 (1), alert (0), 38.3 °C (1) = 6
    const result = complete({
      respiratoryRate: 24,
      spo2: 95,
      supplementalOxygen: false,
      systolic: 105,
      pulse: 105,
      consciousness: 'A',
      temperatureC: 38.3,
    });
    expect(result.parameters).toEqual({
      respirationRate: 2,
      spo2: 1,
      airOrOxygen: 0,
      systolicBp: 1,
      pulse: 1,
      consciousness: 0,
      temperature: 1,
    });
    expect(result).toMatchObject({ score: 6, risk: 'medium' });
  });

  it('reaches the maximum of 20', () => {
    const worst = complete({
      respiratoryRate: 30,
      spo2: 85,
      supplementalOxygen: true,
      systolic: 80,
      pulse: 140,
      consciousness: 'U',
      temperatureC: 34.0,
    });
    expect(worst.score).toBe(20);
    expect(worst.risk).toBe('high');
  });

  it('maps scores to risk bands', () => {
    expect([0, 1, 4].map((s) => news2Risk(s, false))).toEqual(['low', 'low', 'low']);
    expect([3, 4].map((s) => news2Risk(s, true))).toEqual(['low-medium', 'low-medium']);
    expect([5, 6].map((s) => news2Risk(s, false))).toEqual(['medium', 'medium']);
    expect([7, 12, 20].map((s) => news2Risk(s, true))).toEqual(['high', 'high', 'high']);
  });
});

describe('NEWS2 with missing parameters', () => {
  const fields = Object.keys(NORMAL) as (keyof typeof NORMAL)[];

  it.each(fields)('returns no score when %s is missing', (field) => {
    const input: News2Input = { ...NORMAL };
    delete input[field];
    expect(calculateNews2(input)).toEqual({
      score: null,
      missing: [field],
      parameters: null,
      anyParameterScoredThree: null,
      risk: null,
      responseType: null,
      response: null,
      monitoringFrequency: null,
      spo2Scale: 1,
    });
  });

  it('lists every missing parameter in chart order', () => {
    expect(calculateNews2({}).missing).toEqual([
      'respiratoryRate',
      'spo2',
      'supplementalOxygen',
      'systolic',
      'pulse',
      'consciousness',
      'temperatureC',
    ]);
    expect(calculateNews2({ pulse: 80 }, 2)).toMatchObject({ score: null, spo2Scale: 2 });
  });

  it('treats null, NaN and unknown consciousness codes as missing, never as normal', () => {
    const result = calculateNews2({
      ...NORMAL,
      pulse: null,
      temperatureC: Number.NaN,
      supplementalOxygen: null,
      consciousness: 'X' as never,
    });
    expect(result.score).toBeNull();
    expect(result.missing).toEqual([
      'supplementalOxygen',
      'pulse',
      'consciousness',
      'temperatureC',
    ]);
  });
});

describe('NEWS2 age limit (RCP 2017: not validated under 16)', () => {
  it('applies from the 16th birthday', () => {
    expect(NEWS2_MIN_AGE_YEARS).toBe(16);
    for (const age of [16, 17, 40, 101]) expect(news2NotApplicableReason(age)).toBeNull();
  });

  it.each([0, 1, 6, 15])('does not apply at %s, pointing to a paediatric score', (age) => {
    expect(news2NotApplicableReason(age)).toBe(
      `NEWS2 is validated for patients aged 16 and over (patient is ${age}); use a paediatric early warning score (PEWS)`,
    );
  });

  it('does not assume an unknown age is adult', () => {
    for (const age of [Number.NaN, -1, 15.5, Infinity])
      expect(news2NotApplicableReason(age)).toMatch(/age is unknown/);
  });
});
