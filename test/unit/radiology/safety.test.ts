import { describe, expect, it } from 'vitest';
import { blockingChecks, safetyChecks } from '../../../shared/modules/radiology/safety';

const ON = '2026-11-23';
const woman = { sex: 'female', dateOfBirth: '1994-04-01' };
const man = { sex: 'male', dateOfBirth: '1960-04-01' };
const states = (checks: { question: string; state: string }[]) =>
  Object.fromEntries(checks.map((c) => [c.question, c.state]));

describe('radiology safety screen', () => {
  it.each([
    [
      'chest X-ray, woman of 32, nothing answered',
      { modality: 'DX', contrast: false },
      woman,
      {},
      { pregnant: 'unanswered' },
    ],
    [
      'chest X-ray, woman, pregnant',
      { modality: 'DX', contrast: false },
      woman,
      { pregnant: 'yes' },
      { pregnant: 'positive' },
    ],
    [
      'chest X-ray, woman, unknown',
      { modality: 'DX', contrast: false },
      woman,
      { pregnant: 'unknown' },
      { pregnant: 'unanswered' },
    ],
    ['chest X-ray, man', { modality: 'DX', contrast: false }, man, {}, {}],
    [
      'ultrasound, woman: no ionising radiation',
      { modality: 'US', contrast: false },
      woman,
      {},
      {},
    ],
    [
      'X-ray, woman of 70',
      { modality: 'DX', contrast: false },
      { sex: 'female', dateOfBirth: '1956-01-01' },
      {},
      {},
    ],
    [
      'contrast CT, man, eGFR 25',
      { modality: 'CT', contrast: true },
      man,
      { contrastAllergy: 'no', egfr: 25 },
      { contrastAllergy: 'clear', egfr: 'positive' },
    ],
    [
      'contrast CT, man, eGFR 30',
      { modality: 'CT', contrast: true },
      man,
      { contrastAllergy: 'no', egfr: 30 },
      { contrastAllergy: 'clear', egfr: 'clear' },
    ],
    [
      'MRI, man',
      { modality: 'MR', contrast: false },
      man,
      { implant: 'yes' },
      { implant: 'positive' },
    ],
    [
      'contrast MRI, woman',
      { modality: 'MR', contrast: true },
      woman,
      { implant: 'no' },
      { contrastAllergy: 'unanswered', egfr: 'unanswered', implant: 'clear' },
    ],
  ] as const)('%s', (_label, procedure, patient, answers, expected) => {
    expect(states(safetyChecks(procedure, patient, answers, ON))).toEqual(expected);
  });

  it('an override clears every block; otherwise only clear checks pass', () => {
    const checks = safetyChecks(
      { modality: 'CT', contrast: true },
      woman,
      { pregnant: 'no', contrastAllergy: 'yes' },
      ON,
    );
    expect(blockingChecks(checks, false).map((c) => c.question)).toEqual([
      'contrastAllergy',
      'egfr',
    ]);
    expect(blockingChecks(checks, true)).toEqual([]);
  });
});
