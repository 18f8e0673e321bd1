/**
 * Critical limits apart from reference bands (issue 16, item 10): inclusive, chosen by age and sex
 * (the wider ones for a patient of unknown sex), applied where no reference band fits, covering
 * every age and sex for every numeric starter test; plausibility limits and unit conversions.
 */
import { describe, expect, it } from 'vitest';
import {
  type CriticalBand,
  criticalCoverageProblem,
  flagNumeric,
  sameUnit,
  selectCriticalLimits,
} from '../../../shared/modules/lab/ranges';
import { PutLabTestInput } from '../../../shared/modules/lab/schemas';
import { STARTER_TESTS } from '../../../shared/modules/lab/starter-catalogue';

const ON = '2026-06-01';
const bornYearsAgo = (years: number, days = 0) => {
  const d = new Date(Date.UTC(2026 - years, 5, 1) - days * 86_400_000);
  return d.toISOString().slice(0, 10);
};

describe('flagging against critical limits', () => {
  it('flags critical at the limits, with or without a reference band', () => {
    const critical = { low: 2.5, high: 6.5 };
    expect(flagNumeric(6.5, undefined, critical)).toBe('HH');
    expect(flagNumeric(2.5, undefined, critical)).toBe('LL');
    expect(flagNumeric(4, undefined, critical)).toBeUndefined();
    expect(flagNumeric(6.5, { sex: 'any', low: 3.6, high: 5.2 }, critical)).toBe('HH');
    // A critical band wins over a reference band's own limits.
    expect(flagNumeric(6.5, { sex: 'any', low: 3.6, high: 5.2, criticalHigh: 7 }, critical)).toBe(
      'HH',
    );
  });
});

describe('selecting critical limits', () => {
  const bands: CriticalBand[] = [
    { sex: 'male', low: 7, high: 20 },
    { sex: 'female', low: 6, high: 18 },
    { sex: 'any', ageTo: { value: 16, unit: 'years' }, high: 2.26 },
  ];
  it('by sex and age; the wider limits for a patient of unknown or other sex', () => {
    const adult = bornYearsAgo(40);
    expect(selectCriticalLimits(bands, { sex: 'male', dateOfBirth: adult }, ON)).toMatchObject({
      low: 7,
      high: 20,
    });
    expect(selectCriticalLimits(bands, { sex: 'female', dateOfBirth: adult }, ON)).toMatchObject({
      low: 6,
      high: 18,
    });
    for (const sex of ['unknown', 'other'])
      expect(selectCriticalLimits(bands, { sex, dateOfBirth: adult }, ON)).toMatchObject({
        low: 6,
        high: 20,
      });
    expect(
      selectCriticalLimits(bands, { sex: 'female', dateOfBirth: bornYearsAgo(10) }, ON),
    ).toMatchObject({ high: 18 });
  });
});

describe('coverage of every age and sex', () => {
  it('finds the gaps', () => {
    expect(criticalCoverageProblem([])).toBeNull();
    expect(criticalCoverageProblem([{ sex: 'any', low: 1 }])).toBeNull();
    expect(
      criticalCoverageProblem([{ sex: 'any', ageFrom: { value: 18, unit: 'years' }, low: 1 }]),
    ).toMatch(/at 0 days/);
    expect(criticalCoverageProblem([{ sex: 'male', low: 1 }])).toMatch(/nothing for female/);
    expect(
      criticalCoverageProblem([
        { sex: 'any', ageTo: { value: 16, unit: 'years' }, high: 2 },
        { sex: 'any', ageFrom: { value: 16, unit: 'years' }, high: 4 },
      ]),
    ).toBeNull();
  });

  it('a pathologist cannot save critical limits that leave a patient without them', () => {
    const parsed = PutLabTestInput.safeParse({
      code: 'K-LOCAL',
      codeSystem: 'local',
      name: 'Potassium (local)',
      specimenType: 'serum',
      container: 'SST',
      resultType: 'numeric',
      unit: 'mmol/L',
      turnaroundHours: 4,
      priceMinor: 100,
      critical: [{ sex: 'any', ageFrom: { value: 18, unit: 'years' }, low: 2.5, high: 6.5 }],
    });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(['critical']);
  });

  const NUMERIC = STARTER_TESTS.filter((t) => t.resultType === 'numeric');
  it.each(NUMERIC.map((t) => [t.code, t.name, t] as const))(
    'starter %s (%s): critical limits from birth to adulthood for every sex, plausible limits',
    (_code, _name, test) => {
      expect(criticalCoverageProblem(test.critical)).toBeNull();
      for (const sex of ['male', 'female', 'other', 'unknown'])
        for (const dateOfBirth of [
          bornYearsAgo(0, 1),
          bornYearsAgo(0, 60),
          bornYearsAgo(1),
          bornYearsAgo(8),
          bornYearsAgo(15),
          bornYearsAgo(17),
          bornYearsAgo(40),
          bornYearsAgo(95),
        ]) {
          const limits = selectCriticalLimits(test.critical, { sex, dateOfBirth }, ON);
          expect(limits?.low ?? limits?.high, `${sex} born ${dateOfBirth}`).toBeDefined();
        }
      expect(test.plausible).toBeDefined();
      expect(PutLabTestInput.safeParse(test).success).toBe(true);
    },
  );

  it('each starter conversion turns a typical value into the test unit (published factors)', () => {
    const convert = (code: string, unit: string, value: number) => {
      const test = STARTER_TESTS.find((t) => t.code === code)!;
      const c = test.unitConversions.find((u) => sameUnit(u.unit, unit))!;
      return Math.round(value * c.factor * 100) / 100;
    };
    expect(convert('2160-0', 'µmol/L', 88.42)).toBe(1); // creatinine
    expect(convert('2160-0', 'umol/L', 354)).toBe(4);
    expect(convert('2345-7', 'mmol/L', 2.5)).toBe(45.04); // glucose
    expect(convert('17861-6', 'mmol/L', 2.5)).toBe(10.02); // calcium
    expect(convert('718-7', 'g/L', 135)).toBe(13.5); // haemoglobin
    expect(convert('3094-0', 'mmol/L', 5)).toBe(14.01); // urea → urea nitrogen
  });
});
