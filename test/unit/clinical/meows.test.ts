import { describe, expect, it } from 'vitest';
import { MEOWS_PARAMETERS, type MeowsColour, meows } from '../../../shared/clinical/meows';

// Table 1 of Singh et al., Anaesthesia 2012 (the CEMACH MEOWS chart), written out by hand at
// every boundary: the value just inside and just outside each band.

const table: [keyof typeof MEOWS_PARAMETERS, number, MeowsColour][] = [
  ['temperatureC', 34.9, 'red'],
  ['temperatureC', 35, 'yellow'],
  ['temperatureC', 36, 'yellow'],
  ['temperatureC', 36.1, 'normal'],
  ['temperatureC', 38, 'normal'],
  ['temperatureC', 38.1, 'red'],
  ['systolic', 89, 'red'],
  ['systolic', 90, 'yellow'],
  ['systolic', 100, 'yellow'],
  ['systolic', 101, 'normal'],
  ['systolic', 149, 'normal'],
  ['systolic', 150, 'yellow'],
  ['systolic', 160, 'yellow'],
  ['systolic', 161, 'red'],
  ['diastolic', 89, 'normal'],
  ['diastolic', 90, 'yellow'],
  ['diastolic', 100, 'yellow'],
  ['diastolic', 101, 'red'],
  ['pulse', 39, 'red'],
  ['pulse', 40, 'yellow'],
  ['pulse', 50, 'yellow'],
  ['pulse', 51, 'normal'],
  ['pulse', 99, 'normal'],
  ['pulse', 100, 'yellow'],
  ['pulse', 120, 'yellow'],
  ['pulse', 121, 'red'],
  ['respiratoryRate', 9, 'red'],
  ['respiratoryRate', 10, 'normal'],
  ['respiratoryRate', 20, 'normal'],
  ['respiratoryRate', 21, 'yellow'],
  ['respiratoryRate', 30, 'yellow'],
  ['respiratoryRate', 31, 'red'],
  ['spo2', 94, 'red'],
  ['spo2', 95, 'normal'],
];

describe('MEOWS parameter bands (CEMACH chart, Singh et al. 2012)', () => {
  for (const [name, value, colour] of table) {
    it(`${name} ${value} → ${colour}`, () => {
      expect(MEOWS_PARAMETERS[name](value)).toBe(colour);
    });
  }
});

describe('MEOWS trigger: one red or two yellows', () => {
  const normal = {
    temperatureC: 37,
    systolic: 120,
    diastolic: 70,
    pulse: 80,
    respiratoryRate: 16,
    spo2: 98,
    consciousness: 'A' as const,
  };
  it('all normal: no trigger', () => {
    expect(meows(normal)).toMatchObject({ red: [], yellow: [], trigger: false });
  });
  it('one yellow: no trigger; two yellows: trigger', () => {
    expect(meows({ ...normal, pulse: 105 })).toMatchObject({ yellow: ['pulse'], trigger: false });
    expect(meows({ ...normal, pulse: 105, diastolic: 95 })).toMatchObject({
      yellow: ['diastolic', 'pulse'],
      trigger: true,
    });
  });
  it('one red: trigger, with the escalation', () => {
    const r = meows({ ...normal, spo2: 94 });
    expect(r).toMatchObject({ red: ['spo2'], trigger: true });
    expect(r.escalation).toMatch(/^Urgent review/);
  });
  it('consciousness: voice and new confusion yellow, pain and unresponsive red', () => {
    expect(meows({ consciousness: 'V' }).yellow).toEqual(['consciousness']);
    expect(meows({ consciousness: 'C' }).yellow).toEqual(['consciousness']);
    expect(meows({ consciousness: 'P' })).toMatchObject({ red: ['consciousness'], trigger: true });
    expect(meows({ consciousness: 'U' }).red).toEqual(['consciousness']);
  });
  it('missing observations are not scored', () => {
    expect(meows({})).toMatchObject({ red: [], yellow: [], trigger: false });
  });
});
