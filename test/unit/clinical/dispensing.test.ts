import { describe, expect, it } from 'vitest';
import {
  dispensingMismatch,
  parseStrength,
  sameStrength,
} from '../../../shared/clinical/dispensing';

describe('strengths', () => {
  it.each([
    ['500 mg', { value: 500, unit: 'mg' }],
    ['0.5 g', { value: 500, unit: 'mg' }],
    ['100 micrograms', { value: 0.1, unit: 'mg' }],
    ['120 mg/5 mL', { value: 24, unit: 'mg/mL' }],
    ['250mg/5ml', { value: 50, unit: 'mg/mL' }],
    ['100 micrograms/dose', { value: 0.1, unit: 'mg/dose' }],
    ['0.9%', { value: 0.9, unit: '%' }],
    ['1,000 units/mL', { value: 1000, unit: 'unit/mL' }],
  ])('%s', (text, amount) => {
    expect(parseStrength(text)).toEqual(amount);
  });

  it('compares amounts, and unparsed strengths as written', () => {
    expect(sameStrength('500 mg', '0.5 g')).toBe(true);
    expect(sameStrength('500 mg', '500 mcg')).toBe(false);
    expect(sameStrength('500 mg', '120 mg/5 mL')).toBe(false);
    expect(sameStrength('250 mg/125 mg', '250mg/125mg')).toBe(true);
    expect(sameStrength('250 mg/125 mg', '500 mg/125 mg')).toBe(false);
  });
});

describe('what an item must match', () => {
  const tablet = { strength: '500 mg', form: 'tablet', unit: 'tablet', name: 'Paracetamol' };
  it.each([
    [{ strength: '500 mg', dose: '1 tablet' }, tablet, null],
    [{ strength: '500 mg', dose: '2 tabs' }, tablet, null],
    [{ strength: '500 mg', dose: 'one to be taken' }, tablet, null],
    [
      { strength: '500 mg', dose: '1 tablet' },
      { ...tablet, strength: '120 mg/5 mL', form: 'oral suspension', unit: 'bottle' },
      /120 mg\/5 mL.*500 mg/,
    ],
    [
      { strength: '500 mg', dose: '1 tablet' },
      { ...tablet, form: 'capsule', unit: 'capsule' },
      /capsule.*tablet/,
    ],
    [
      { strength: '500 mg', dose: '1 tablet' },
      { ...tablet, unit: 'strip of 10' },
      /strip of 10.*tablets/,
    ],
    [
      { strength: '120 mg/5 mL', dose: '5 mL' },
      { ...tablet, strength: '120 mg/5 mL', form: 'oral suspension', unit: 'bottle' },
      null,
    ],
    [
      { strength: '120 mg/5 mL', dose: '5 mL' },
      { ...tablet, strength: '120 mg/5 mL' },
      /tablet.*oral solution/,
    ],
    [
      { strength: '500 mg', dose: '1', form: 'capsule' },
      tablet,
      /tablet; the prescription is for a capsule/,
    ],
  ] as const)('%j from %j', (rx, item, problem) => {
    const found = dispensingMismatch(rx, item);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});
