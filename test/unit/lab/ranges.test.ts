import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../shared/clinical/age';
import {
  flagCoded,
  flagNumeric,
  type ReferenceRange,
  selectRange,
} from '../../../shared/modules/lab/ranges';
import { STARTER_TESTS } from '../../../shared/modules/lab/starter-catalogue';

const haemoglobin = STARTER_TESTS.find((t) => t.code === '718-7')!.ranges;

describe('age at a date', () => {
  it.each([
    ['1990-06-15', '2026-06-14', { days: 13148, months: 431, years: 35 }],
    ['1990-06-15', '2026-06-15', { days: 13149, months: 432, years: 36 }],
    ['2026-01-31', '2026-02-28', { days: 28, months: 0, years: 0 }],
    ['2026-01-31', '2026-03-01', { days: 29, months: 1, years: 0 }],
    ['2024-02-29', '2025-02-28', { days: 365, months: 11, years: 0 }],
  ])('born %s, on %s', (dob, on, expected) => {
    expect(ageOn(dob, on)).toEqual(expected);
  });
});

describe('reference range selection (haemoglobin, starter catalogue)', () => {
  const pick = (sex: string, dateOfBirth: string, on = '2026-11-23') => {
    const r = selectRange(haemoglobin, { sex, dateOfBirth }, on);
    return r ? [r.sex, r.low, r.high] : undefined;
  };
  it.each([
    ['male adult', 'male', '1980-05-17', ['male', 13.2, 16.6]],
    ['female adult', 'female', '1980-05-17', ['female', 11.6, 15]],
    ['man on his 18th birthday', 'male', '2008-11-23', ['male', 13.2, 16.6]],
    ['boy the day before', 'male', '2008-11-24', ['male', 13, 16]],
    ['girl of 14', 'female', '2012-03-01', ['female', 12, 16]],
    ['child of 8 (any sex)', 'male', '2018-01-10', ['any', 11.5, 15.5]],
    ['child of 4', 'female', '2022-06-01', ['any', 11.5, 13.5]],
  ])('%s', (_label, sex, dob, expected) => {
    expect(pick(sex, dob)).toEqual(expected);
  });

  it('no band for an infant or an adult of other sex: no flag rather than a wrong one', () => {
    expect(pick('female', '2026-05-01')).toBeUndefined();
    expect(pick('other', '1980-05-17')).toBeUndefined();
  });

  it('a sex-specific band beats one for any sex; a pregnancy band only for a pregnant patient', () => {
    const ranges: ReferenceRange[] = [
      { sex: 'any', low: 1, high: 2 },
      { sex: 'female', low: 3, high: 4 },
      { sex: 'female', pregnant: true, low: 5, high: 6 },
    ];
    const facts = { sex: 'female', dateOfBirth: '1990-01-01' };
    expect(selectRange(ranges, facts, '2026-01-01')?.low).toBe(3);
    expect(selectRange(ranges, { ...facts, pregnant: true }, '2026-01-01')?.low).toBe(5);
    expect(selectRange(ranges, { ...facts, sex: 'male' }, '2026-01-01')?.low).toBe(1);
  });
});

describe('flags', () => {
  const range: ReferenceRange = {
    sex: 'any',
    low: 3.6,
    high: 5.2,
    criticalLow: 2.5,
    criticalHigh: 6.5,
  };
  // Critical limits are inclusive, as the published lists are (RCPath: ≤ 2.5, ≥ 6.5; issue 16).
  it.each([
    [2.4, 'LL'],
    [2.5, 'LL'],
    [2.6, 'L'],
    [3.5, 'L'],
    [3.6, 'N'],
    [5.2, 'N'],
    [5.3, 'H'],
    [6.4, 'H'],
    [6.5, 'HH'],
    [6.6, 'HH'],
  ])('potassium %s → %s', (value, flag) => {
    expect(flagNumeric(value, range)).toBe(flag);
  });

  it('a range without critical limits never flags critical', () => {
    expect(flagNumeric(100, { sex: 'any', low: 1, high: 2 })).toBe('H');
    expect(flagNumeric(-5, { sex: 'any', low: 1, high: 2 })).toBe('L');
  });

  it('no range, no flag', () => {
    expect(flagNumeric(4, undefined)).toBeUndefined();
  });

  it('coded answers carry their interpretation', () => {
    const answers = STARTER_TESTS.find((t) => t.code === '32700-7')!.answers;
    expect(flagCoded('NEG', answers)).toBe('N');
    expect(flagCoded('PV', answers)).toBe('A');
    expect(flagCoded('PF', answers)).toBe('AA');
    expect(flagCoded('XX', answers)).toBeUndefined();
  });
});
