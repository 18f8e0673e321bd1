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
    // Contrast also asks about acute kidney injury (ACR Manual on Contrast Media; issue 16).
    [
      'contrast CT, man, eGFR 25',
      { modality: 'CT', contrast: true },
      man,
      { contrastAllergy: 'no', egfr: 25, aki: 'no' },
      { contrastAllergy: 'clear', egfr: 'positive', aki: 'clear' },
    ],
    [
      'contrast CT, man, eGFR 30',
      { modality: 'CT', contrast: true },
      man,
      { contrastAllergy: 'no', egfr: 30, aki: 'no' },
      { contrastAllergy: 'clear', egfr: 'clear', aki: 'clear' },
    ],
    [
      'contrast CT, man, eGFR 75 but an acute kidney injury',
      { modality: 'CT', contrast: true },
      man,
      { contrastAllergy: 'no', egfr: 75, aki: 'yes' },
      { contrastAllergy: 'clear', egfr: 'clear', aki: 'positive' },
    ],
    [
      'chest X-ray, man of 30: pregnancy is asked whatever the recorded sex (IR(ME)R)',
      { modality: 'DX', contrast: false },
      { sex: 'male', dateOfBirth: '1996-04-01' },
      {},
      { pregnant: 'unanswered' },
    ],
    [
      'MRI, man',
      { modality: 'MR', contrast: false },
      man,
      { implant: 'yes' },
      { implant: 'positive' },
    ],
    // Gadolinium: pregnancy is asked too (issue 16).
    [
      'contrast MRI, woman',
      { modality: 'MR', contrast: true },
      woman,
      { implant: 'no' },
      {
        pregnant: 'unanswered',
        contrastAllergy: 'unanswered',
        egfr: 'unanswered',
        aki: 'unanswered',
        implant: 'clear',
      },
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
      'aki',
    ]);
    expect(blockingChecks(checks, true)).toEqual([]);
  });

  it('an override covers the answers it was given for; a different later answer blocks again', () => {
    const before = safetyChecks(
      { modality: 'MR', contrast: false },
      man,
      { implant: 'unknown' },
      ON,
    );
    const override = { covers: [{ question: 'implant', state: 'unanswered' }] };
    expect(blockingChecks(before, override)).toEqual([]);
    const atScanner = safetyChecks(
      { modality: 'MR', contrast: false },
      man,
      { implant: 'yes' },
      ON,
    );
    expect(blockingChecks(atScanner, override).map((c) => [c.question, c.state])).toEqual([
      ['implant', 'positive'],
    ]);
    // An override recorded before overrides listed what they covered covers everything.
    expect(blockingChecks(atScanner, {})).toEqual([]);
  });
});
