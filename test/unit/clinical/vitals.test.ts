import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  assessReading,
  bmi,
  bmiCategory,
  SPO2_SCALE_NOT_A_READING,
  VitalsInputSchema,
} from '../../../shared/clinical/vitals';

function messages(input: unknown): string[] {
  const result = VitalsInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

function paths(input: unknown): string[] {
  const result = VitalsInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
}

const FULL = {
  temperatureC: 37.2,
  pulse: 88,
  respiratoryRate: 18,
  systolic: 128,
  diastolic: 82,
  spo2: 97,
  consciousness: 'A',
  supplementalOxygen: false,
  weightKg: 70,
  heightCm: 175,
  note: 'Seated, after 5 minutes rest',
};

describe('VitalsInputSchema', () => {
  it('accepts a full reading as given', () => {
    expect(VitalsInputSchema.parse(FULL)).toEqual(FULL);
  });

  it('accepts a single measurement', () => {
    expect(VitalsInputSchema.parse({ pulse: 72 })).toEqual({ pulse: 72 });
    expect(VitalsInputSchema.parse({ weightKg: 3.2 })).toEqual({ weightKg: 3.2 });
    expect(VitalsInputSchema.parse({ consciousness: 'C' }).consciousness).toBe('C');
  });

  it('requires at least one vital sign', () => {
    for (const input of [
      {},
      { note: 'patient refused' },
      { supplementalOxygen: true },
      { oxygenFlowLpm: 2 },
    ]) {
      expect(messages(input)).toEqual(['at least one vital sign is required']);
    }
  });

  it.each([
    // Lower bounds a live patient can reach (issue 16): survived hypothermia of 13.7 °C, a pulse
    // or respiration of a few a minute, an unrecordable-to-barely-recordable systolic.
    ['temperatureC', 12.9, 45.1, 'temperatureC must be between 13 and 45'],
    ['pulse', 0, 301, 'pulse must be between 1 and 300'],
    ['respiratoryRate', 0, 81, 'respiratoryRate must be between 1 and 80'],
    ['systolic', 9, 301, 'systolic must be between 10 and 300'],
    ['diastolic', 4, 201, 'diastolic must be between 5 and 200'],
    ['spo2', 19, 101, 'spo2 must be between 20 and 100'],
    ['oxygenFlowLpm', -1, 61, 'oxygenFlowLpm must be between 0 and 60'],
    ['weightKg', 0.29, 700.1, 'weightKg must be between 0.3 and 700'],
    ['heightCm', 29.9, 272.1, 'heightCm must be between 30 and 272'],
  ] as const)('names %s and its range when out of range', (field, below, above, message) => {
    const base = field === 'diastolic' ? { systolic: 300 } : { pulse: 70 };
    expect(messages({ ...base, [field]: below })).toEqual([message]);
    expect(messages({ ...base, [field]: above })).toEqual([message]);
    expect(paths({ ...base, [field]: below })).toEqual([field]);
  });

  it.each([
    ['temperatureC', 13, 45],
    ['pulse', 1, 300],
    ['respiratoryRate', 1, 80],
    ['systolic', 10, 300],
    ['diastolic', 5, 200],
    ['spo2', 20, 100],
    ['oxygenFlowLpm', 0, 60],
    ['weightKg', 0.3, 700],
    ['heightCm', 30, 272],
  ] as const)('accepts %s at its limits', (field, min, max) => {
    const base = field === 'diastolic' ? { systolic: 300 } : { pulse: 70 };
    expect(messages({ ...base, [field]: min })).toEqual([]);
    expect(messages({ ...base, [field]: max })).toEqual([]);
  });

  it('accepts the readings of a live patient in extremis (the bounds issue 16 found too narrow)', () => {
    expect(messages({ temperatureC: 23.5, pulse: 20, respiratoryRate: 3, systolic: 40 })).toEqual(
      [],
    );
    expect(messages({ temperatureC: 13.7, pulse: 8, respiratoryRate: 2, systolic: 30 })).toEqual(
      [],
    );
    expect(messages({ systolic: 30, diastolic: 15 })).toEqual([]);
  });

  it('accepts severe hypoxaemia and extreme body sizes that real patients have', () => {
    expect(messages({ spo2: 35, supplementalOxygen: true })).toEqual([]);
    expect(messages({ weightKg: 450, heightCm: 190 })).toEqual([]);
    expect(messages({ weightKg: 0.45, heightCm: 31 })).toEqual([]);
  });

  it('requires whole numbers for counts and pressures', () => {
    expect(messages({ pulse: 72.5 })).toEqual(['pulse must be a whole number between 1 and 300']);
    expect(messages({ respiratoryRate: 16.2 })).toEqual([
      'respiratoryRate must be a whole number between 1 and 80',
    ]);
    expect(messages({ systolic: 120.5 })).toEqual([
      'systolic must be a whole number between 10 and 300',
    ]);
    expect(messages({ spo2: 96.5 })).toEqual(['spo2 must be a whole number between 20 and 100']);
    expect(
      messages({
        temperatureC: 36.65,
        weightKg: 70.25,
        heightCm: 172.5,
        oxygenFlowLpm: 0.5,
        supplementalOxygen: true,
      }),
    ).toEqual([]);
  });

  it('rejects non-numbers with the field name', () => {
    expect(messages({ pulse: '72' })).toEqual(['pulse must be a number (1–300)']);
    expect(messages({ pulse: null })).toEqual(['pulse must be a number (1–300)']);
  });

  it('requires diastolic below systolic, naming diastolic', () => {
    const result = VitalsInputSchema.safeParse({ systolic: 120, diastolic: 120 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(['diastolic']);
    expect(result.error?.issues[0]?.message).toBe(
      'diastolic (120) must be lower than systolic (120)',
    );
    expect(messages({ systolic: 120, diastolic: 119 })).toEqual([]);
    expect(messages({ diastolic: 80 })).toEqual([]);
  });

  it('refuses spo2Scale on a reading, pointing to the encounter', () => {
    for (const spo2Scale of [1, 2, 3]) {
      expect(messages({ spo2: 88, supplementalOxygen: false, spo2Scale })).toEqual([
        SPO2_SCALE_NOT_A_READING,
      ]);
    }
    expect(SPO2_SCALE_NOT_A_READING).toMatch(/encounters\.update/);
    expect(messages({ pulse: 70, colour: 'red' })).toEqual(['Unrecognized key: "colour"']);
  });

  it('validates consciousness, supplementalOxygen and note', () => {
    expect(messages({ consciousness: 'a' })[0]).toMatch(
      /^consciousness must be one of: A, C, V, P, U/,
    );
    expect(messages({ pulse: 70, supplementalOxygen: 'yes' })).toEqual([
      'supplementalOxygen must be true or false',
    ]);
    expect(messages({ pulse: 70, note: 'x'.repeat(500) })).toEqual([]);
    expect(messages({ pulse: 70, note: 'x'.repeat(501) })).toEqual([
      'note must be at most 500 characters',
    ]);
  });

  it('rejects an oxygen flow recorded as being on air', () => {
    expect(paths({ spo2: 95, supplementalOxygen: false, oxygenFlowLpm: 2 })).toEqual([
      'oxygenFlowLpm',
    ]);
    expect(messages({ spo2: 95, supplementalOxygen: true, oxygenFlowLpm: 2 })).toEqual([]);
    expect(messages({ spo2: 95, supplementalOxygen: false, oxygenFlowLpm: 0 })).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(paths({ pulse: 500, systolic: 100, diastolic: 110, spo2: 19 }).sort()).toEqual([
      'diastolic',
      'pulse',
      'spo2',
    ]);
  });

  it('rejects a non-object', () => {
    expect(messages(null)).toEqual(['vitals must be an object']);
  });
});

describe('bmi', () => {
  it('is kg/m² rounded to one decimal', () => {
    expect(bmi(70, 175)).toBe(22.9); // 22.857…
    expect(bmi(80, 180)).toBe(24.7); // 24.691…
    expect(bmi(100, 200)).toBe(25);
    expect(bmi(24.95, 100)).toBe(25); // half rounds up
  });

  it('is null without two positive measurements', () => {
    expect(bmi(undefined, 175)).toBeNull();
    expect(bmi(70, undefined)).toBeNull();
    expect(bmi(null, null)).toBeNull();
    expect(bmi(0, 175)).toBeNull();
    expect(bmi(70, 0)).toBeNull();
    expect(bmi(Number.NaN, 175)).toBeNull();
  });
});

describe('bmiCategory (WHO adult)', () => {
  it.each([
    [16, 'underweight'],
    [18.4, 'underweight'],
    [18.5, 'normal-weight'],
    [24.9, 'normal-weight'],
    [25, 'pre-obesity'],
    [29.9, 'pre-obesity'],
    [30, 'obesity-class-1'],
    [34.9, 'obesity-class-1'],
    [35, 'obesity-class-2'],
    [39.9, 'obesity-class-2'],
    [40, 'obesity-class-3'],
    [55, 'obesity-class-3'],
  ] as const)('%s is %s', (value, category) => {
    expect(bmiCategory(value)).toBe(category);
  });

  it('is null without a BMI', () => {
    expect(bmiCategory(null)).toBeNull();
    expect(bmiCategory(undefined)).toBeNull();
    expect(bmiCategory(0)).toBeNull();
  });
});

describe('assessReading', () => {
  const ADULT = { ageYears: 40, spo2Scale: 1 } as const;

  it('computes BMI and a complete NEWS2 for a full reading', () => {
    const assessment = assessReading(VitalsInputSchema.parse(FULL), ADULT);
    expect(assessment.bmi).toBe(22.9);
    expect(assessment.bmiCategory).toBe('normal-weight');
    expect(assessment.bmiCategoryNotApplicable).toBeNull();
    expect(assessment.news2).toMatchObject({ score: 0, risk: 'low', missing: [], spo2Scale: 1 });
    expect(assessment.news2NotApplicable).toBeNull();
  });

  it('scores SpO2 on the scale recorded for the patient, and says which', () => {
    const reading = VitalsInputSchema.parse({ ...FULL, spo2: 88 });
    expect(assessReading(reading, ADULT).news2).toMatchObject({
      score: 3,
      spo2Scale: 1,
      parameters: { spo2: 3 },
    });
    expect(assessReading(reading, { ageYears: 70, spo2Scale: 2 }).news2).toMatchObject({
      score: 0,
      spo2Scale: 2,
      parameters: { spo2: 0 },
    });
  });

  it('scores an unwell patient', () => {
    const reading = VitalsInputSchema.parse({
      temperatureC: 39.4,
      pulse: 124,
      respiratoryRate: 26,
      systolic: 98,
      diastolic: 60,
      spo2: 93,
      consciousness: 'A',
      supplementalOxygen: true,
      oxygenFlowLpm: 2,
    });
    // temp 2 + pulse 2 + RR 3 + SBP 2 + SpO2 2 + oxygen 2 = 13
    expect(assessReading(reading, ADULT).news2).toMatchObject({
      score: 13,
      risk: 'high',
      anyParameterScoredThree: true,
    });
    expect(assessReading(reading, ADULT).bmi).toBeNull();
    expect(assessReading(reading, ADULT).bmiCategoryNotApplicable).toBeNull();
  });

  it('names missing NEWS2 inputs with the vitals field names', () => {
    const assessment = assessReading(
      VitalsInputSchema.parse({ pulse: 72, systolic: 120, weightKg: 90, heightCm: 170 }),
      ADULT,
    );
    expect(assessment.bmi).toBe(31.1);
    expect(assessment.bmiCategory).toBe('obesity-class-1');
    expect(assessment.news2?.score).toBeNull();
    expect(assessment.news2?.missing).toEqual([
      'respiratoryRate',
      'spo2',
      'supplementalOxygen',
      'consciousness',
      'temperatureC',
    ]);
  });

  it('gives no NEWS2 under 16, saying why, whatever the readings', () => {
    const child = { ...FULL, pulse: 140, respiratoryRate: 30, weightKg: 21, heightCm: 116 };
    for (const ageYears of [0, 6, 15]) {
      const assessment = assessReading(VitalsInputSchema.parse(child), { ageYears, spo2Scale: 1 });
      expect(assessment.news2).toBeNull();
      expect(assessment.news2NotApplicable).toMatch(
        /^NEWS2 is validated for patients aged 16 and over .*paediatric early warning score/,
      );
    }
    expect(
      assessReading(VitalsInputSchema.parse(child), { ageYears: 16, spo2Scale: 1 }).news2,
    ).toMatchObject({ score: 6 });
  });

  it('gives the BMI to everyone but the WHO adult category only from 18', () => {
    const reading = VitalsInputSchema.parse({ weightKg: 21, heightCm: 116 }); // 15.6
    for (const ageYears of [6, 16, 17]) {
      const assessment = assessReading(reading, { ageYears, spo2Scale: 1 });
      expect(assessment.bmi).toBe(15.6);
      expect(assessment.bmiCategory).toBeNull();
      expect(assessment.bmiCategoryNotApplicable).toMatch(/BMI-for-age/);
    }
    const adult = assessReading(reading, { ageYears: 18, spo2Scale: 1 });
    expect(adult).toMatchObject({
      bmi: 15.6,
      bmiCategory: 'underweight',
      bmiCategoryNotApplicable: null,
    });
    // No BMI, nothing to explain.
    expect(
      assessReading(VitalsInputSchema.parse({ pulse: 90 }), { ageYears: 6, spo2Scale: 1 })
        .bmiCategoryNotApplicable,
    ).toBeNull();
  });

  it('treats an unknown age as not adult: no NEWS2, no adult BMI category', () => {
    const assessment = assessReading(VitalsInputSchema.parse(FULL), {
      ageYears: Number.NaN,
      spo2Scale: 1,
    });
    expect(assessment).toMatchObject({ bmi: 22.9, bmiCategory: null, news2: null });
    expect(assessment.news2NotApplicable).toMatch(/age is unknown/);
  });
});

describe('ageInYears', () => {
  it.each([
    ['1980-05-17', '2026-05-16', 45],
    ['1980-05-17', '2026-05-17', 46],
    ['2020-01-01', '2026-01-01', 6],
    ['2010-06-30', '2026-06-29', 15],
    ['2010-06-30', '2026-06-30', 16],
    ['2026-03-01', '2026-03-01', 0],
    ['2008-02-29', '2026-02-28', 17], // common year: the birthday counts from 1 March
    ['2008-02-29', '2026-03-01', 18],
    ['2008-02-29', '2028-02-29', 20],
  ])('born %s, on %s is %s', (dateOfBirth, onDate, age) => {
    expect(ageInYears(dateOfBirth, onDate)).toBe(age);
  });

  it('is NaN for a malformed date', () => {
    expect(ageInYears('17/05/1980', '2026-05-17')).toBeNaN();
    expect(ageInYears('1980-05-17', '')).toBeNaN();
  });
});
