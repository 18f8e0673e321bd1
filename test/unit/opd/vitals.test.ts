import { describe, it, expect } from 'vitest';
import { VitalsInputSchema, assessReading, bmi, bmiCategory } from '../../../shared/domain/opd/vitals';

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
  it('accepts a full reading and defaults spo2Scale to 1', () => {
    expect(VitalsInputSchema.parse(FULL)).toEqual({ ...FULL, spo2Scale: 1 });
  });

  it('accepts a single measurement', () => {
    expect(VitalsInputSchema.parse({ pulse: 72 })).toEqual({ pulse: 72, spo2Scale: 1 });
    expect(VitalsInputSchema.parse({ weightKg: 3.2 })).toEqual({ weightKg: 3.2, spo2Scale: 1 });
    expect(VitalsInputSchema.parse({ consciousness: 'C' }).consciousness).toBe('C');
  });

  it('requires at least one vital sign', () => {
    for (const input of [{}, { note: 'patient refused' }, { supplementalOxygen: true }, { spo2Scale: 2 }, { oxygenFlowLpm: 2 }]) {
      expect(messages(input)).toEqual(['at least one vital sign is required']);
    }
  });

  it.each([
    ['temperatureC', 24.9, 45.1, 'temperatureC must be between 25 and 45'],
    ['pulse', 19, 301, 'pulse must be between 20 and 300'],
    ['respiratoryRate', 1, 81, 'respiratoryRate must be between 2 and 80'],
    ['systolic', 39, 301, 'systolic must be between 40 and 300'],
    ['diastolic', 19, 201, 'diastolic must be between 20 and 200'],
    ['spo2', 49, 101, 'spo2 must be between 50 and 100'],
    ['oxygenFlowLpm', -1, 61, 'oxygenFlowLpm must be between 0 and 60'],
    ['weightKg', 0.29, 401, 'weightKg must be between 0.3 and 400'],
    ['heightCm', 19, 251, 'heightCm must be between 20 and 250'],
  ] as const)('names %s and its range when out of range', (field, below, above, message) => {
    const base = field === 'diastolic' ? { systolic: 300 } : { pulse: 70 };
    expect(messages({ ...base, [field]: below })).toEqual([message]);
    expect(messages({ ...base, [field]: above })).toEqual([message]);
    expect(paths({ ...base, [field]: below })).toEqual([field]);
  });

  it.each([
    ['temperatureC', 25, 45],
    ['pulse', 20, 300],
    ['respiratoryRate', 2, 80],
    ['spo2', 50, 100],
    ['oxygenFlowLpm', 0, 60],
    ['weightKg', 0.3, 400],
    ['heightCm', 20, 250],
  ] as const)('accepts %s at its limits', (field, min, max) => {
    expect(messages({ pulse: 70, [field]: min })).toEqual([]);
    expect(messages({ pulse: 70, [field]: max })).toEqual([]);
  });

  it('requires whole numbers for counts and pressures', () => {
    expect(messages({ pulse: 72.5 })).toEqual(['pulse must be a whole number between 20 and 300']);
    expect(messages({ respiratoryRate: 16.2 })).toEqual(['respiratoryRate must be a whole number between 2 and 80']);
    expect(messages({ systolic: 120.5 })).toEqual(['systolic must be a whole number between 40 and 300']);
    expect(messages({ spo2: 96.5 })).toEqual(['spo2 must be a whole number between 50 and 100']);
    expect(messages({ temperatureC: 36.65, weightKg: 70.25, heightCm: 172.5, oxygenFlowLpm: 0.5, supplementalOxygen: true })).toEqual([]);
  });

  it('rejects non-numbers with the field name', () => {
    expect(messages({ pulse: '72' })).toEqual(['pulse must be a number (20–300)']);
    expect(messages({ pulse: null })).toEqual(['pulse must be a number (20–300)']);
  });

  it('requires diastolic below systolic, naming diastolic', () => {
    const result = VitalsInputSchema.safeParse({ systolic: 120, diastolic: 120 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual(['diastolic']);
    expect(result.error?.issues[0]?.message).toBe('diastolic (120) must be lower than systolic (120)');
    expect(messages({ systolic: 120, diastolic: 119 })).toEqual([]);
    expect(messages({ diastolic: 80 })).toEqual([]);
  });

  it('validates consciousness, spo2Scale, supplementalOxygen and note', () => {
    expect(messages({ consciousness: 'a' })[0]).toMatch(/^consciousness must be one of: A, C, V, P, U/);
    expect(messages({ pulse: 70, spo2Scale: 3 })).toEqual(['spo2Scale must be 1 or 2']);
    expect(VitalsInputSchema.parse({ spo2: 90, spo2Scale: 2 }).spo2Scale).toBe(2);
    expect(messages({ pulse: 70, supplementalOxygen: 'yes' })).toEqual(['supplementalOxygen must be true or false']);
    expect(messages({ pulse: 70, note: 'x'.repeat(500) })).toEqual([]);
    expect(messages({ pulse: 70, note: 'x'.repeat(501) })).toEqual(['note must be at most 500 characters']);
  });

  it('rejects an oxygen flow recorded as being on air', () => {
    expect(paths({ spo2: 95, supplementalOxygen: false, oxygenFlowLpm: 2 })).toEqual(['oxygenFlowLpm']);
    expect(messages({ spo2: 95, supplementalOxygen: true, oxygenFlowLpm: 2 })).toEqual([]);
    expect(messages({ spo2: 95, supplementalOxygen: false, oxygenFlowLpm: 0 })).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(paths({ pulse: 500, systolic: 100, diastolic: 110, spo2: 20 }).sort()).toEqual(['diastolic', 'pulse', 'spo2']);
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
  it('computes BMI and a complete NEWS2 for a full reading', () => {
    const assessment = assessReading(VitalsInputSchema.parse(FULL));
    expect(assessment.bmi).toBe(22.9);
    expect(assessment.bmiCategory).toBe('normal-weight');
    expect(assessment.news2).toMatchObject({ score: 0, risk: 'low', missing: [] });
  });

  it('uses spo2Scale from the reading', () => {
    const reading = VitalsInputSchema.parse({ ...FULL, spo2: 89, spo2Scale: 2 });
    expect(assessReading(reading).news2.score).toBe(0);
    expect(assessReading({ ...reading, spo2Scale: 1 }).news2.score).toBe(3);
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
    expect(assessReading(reading).news2).toMatchObject({ score: 13, risk: 'high', anyParameterScoredThree: true });
    expect(assessReading(reading).bmi).toBeNull();
  });

  it('names missing NEWS2 inputs with the vitals field names', () => {
    const assessment = assessReading(VitalsInputSchema.parse({ pulse: 72, systolic: 120, weightKg: 90, heightCm: 170 }));
    expect(assessment.bmi).toBe(31.1);
    expect(assessment.bmiCategory).toBe('obesity-class-1');
    expect(assessment.news2.score).toBeNull();
    expect(assessment.news2.missing).toEqual(['respiratoryRate', 'spo2', 'supplementalOxygen', 'consciousness', 'temperatureC']);
  });
});
