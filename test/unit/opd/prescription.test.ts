import { describe, it, expect } from 'vitest';
import { Conflict } from '../../../shared/http/errors';
import {
  MEDICATION_REQUEST_STATUSES,
  MedicationRequestStatusSchema,
  NEW_PRESCRIPTION_STATUS,
  PrescriptionInputSchema,
  checkPrescribable,
} from '../../../shared/domain/opd/prescription';
import { ENCOUNTER_STATUSES } from '../../../shared/domain/opd/encounter-status';
import { thrownBy } from '../../support/thrown';

const VALID = {
  drugName: 'Amoxicillin',
  drugCode: 'J01CA04',
  strength: '500 mg',
  dose: '1 capsule',
  route: 'oral',
  frequency: 'TDS',
  durationDays: 5,
  quantity: 15,
  instructions: 'After food',
};

function messages(input: unknown): string[] {
  const result = PrescriptionInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('PrescriptionInputSchema', () => {
  it('accepts a complete prescription and trims text', () => {
    expect(PrescriptionInputSchema.parse({ ...VALID, drugName: '  Amoxicillin ' })).toEqual(VALID);
  });

  it('accepts the optional fields being absent', () => {
    const { drugCode: _code, instructions: _instructions, ...minimal } = VALID;
    expect(PrescriptionInputSchema.parse(minimal)).toEqual(minimal);
  });

  it('accepts every route', () => {
    for (const route of ['oral', 'iv', 'im', 'sc', 'topical', 'inhaled', 'sublingual', 'rectal', 'ophthalmic', 'otic', 'nasal', 'transdermal']) {
      expect(messages({ ...VALID, route })).toEqual([]);
    }
    expect(messages({ ...VALID, route: 'by mouth' })[0]).toMatch(/^route must be one of: oral, iv, im/);
  });

  it('requires the mandatory fields, naming them', () => {
    expect(messages({})).toEqual([
      'drugName is required',
      'strength is required',
      'dose is required',
      'route must be one of: oral, iv, im, sc, topical, inhaled, sublingual, rectal, ophthalmic, otic, nasal, transdermal',
      'frequency is required',
      'durationDays is required',
      'quantity is required',
    ]);
  });

  it('enforces text lengths', () => {
    expect(messages({ ...VALID, drugName: '   ' })).toEqual(['drugName must not be empty']);
    expect(messages({ ...VALID, drugName: 'x'.repeat(200) })).toEqual([]);
    expect(messages({ ...VALID, drugName: 'x'.repeat(201) })).toEqual(['drugName must be at most 200 characters']);
    expect(messages({ ...VALID, strength: 'x'.repeat(51) })).toEqual(['strength must be at most 50 characters']);
    expect(messages({ ...VALID, dose: '' })).toEqual(['dose must not be empty']);
    expect(messages({ ...VALID, frequency: 'x'.repeat(51) })).toEqual(['frequency must be at most 50 characters']);
    expect(messages({ ...VALID, instructions: 'x'.repeat(501) })).toEqual(['instructions must be at most 500 characters']);
    expect(messages({ ...VALID, allergyOverrideReason: '' })).toEqual(['allergyOverrideReason must not be empty']);
    expect(messages({ ...VALID, allergyOverrideReason: 'x'.repeat(501) })).toEqual(['allergyOverrideReason must be at most 500 characters']);
  });

  it('enforces whole-number duration and quantity ranges', () => {
    expect(messages({ ...VALID, durationDays: 1, quantity: 1 })).toEqual([]);
    expect(messages({ ...VALID, durationDays: 365, quantity: 10000 })).toEqual([]);
    expect(messages({ ...VALID, durationDays: 0 })).toEqual(['durationDays must be between 1 and 365']);
    expect(messages({ ...VALID, durationDays: 366 })).toEqual(['durationDays must be between 1 and 365']);
    expect(messages({ ...VALID, durationDays: 2.5 })).toEqual(['durationDays must be a whole number between 1 and 365']);
    expect(messages({ ...VALID, quantity: 0 })).toEqual(['quantity must be between 1 and 10000']);
    expect(messages({ ...VALID, quantity: 10001 })).toEqual(['quantity must be between 1 and 10000']);
  });
});

describe('MedicationRequest status', () => {
  it('uses the FHIR R5 vocabulary and starts active', () => {
    expect([...MEDICATION_REQUEST_STATUSES].sort()).toEqual(
      ['active', 'on-hold', 'ended', 'stopped', 'completed', 'cancelled', 'draft', 'entered-in-error', 'unknown'].sort(),
    );
    expect(MedicationRequestStatusSchema.safeParse('ordered').success).toBe(false);
    expect(NEW_PRESCRIPTION_STATUS).toBe('active');
  });
});

describe('checkPrescribable', () => {
  const amoxicillin = { name: 'Amoxicillin', code: 'J01CA04' };

  it.each(['completed', 'cancelled', 'entered-in-error', 'discontinued'] as const)('refuses a %s encounter', (encounterStatus) => {
    const error = thrownBy(() =>
      checkPrescribable({ encounterStatus, encounterId: 'enc-1', allergies: [], drug: amoxicillin }),
    ) as Conflict;
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(
      `Encounter enc-1 is finished (status '${encounterStatus}'); prescriptions can only be added to an open encounter`,
    );
    expect(error.details).toEqual({ encounterStatus });
  });

  it('allows the open states', () => {
    const open = ENCOUNTER_STATUSES.filter((s) => !['completed', 'cancelled', 'entered-in-error', 'discontinued'].includes(s));
    for (const encounterStatus of open) {
      expect(checkPrescribable({ encounterStatus, allergies: [], drug: amoxicillin })).toEqual({ allergyConflicts: [] });
    }
  });

  it('checks the encounter before allergies, even with an override', () => {
    const error = thrownBy(() =>
      checkPrescribable({ encounterStatus: 'completed', allergies: ['Penicillin'], drug: amoxicillin, overrideReason: 'benefit outweighs risk' }),
    ) as Conflict;
    expect(error.message).toMatch(/^Encounter is finished/);
  });

  it('refuses an allergy conflict without an override reason, naming the allergies', () => {
    for (const overrideReason of [undefined, null, '', '   ']) {
      const error = thrownBy(() =>
        checkPrescribable({ encounterStatus: 'in-progress', allergies: ['Penicillin', 'Latex', 'amoxicillin'], drug: amoxicillin, overrideReason }),
      ) as Conflict;
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(
        'Amoxicillin conflicts with recorded allergies: Penicillin, amoxicillin; give allergyOverrideReason to prescribe it anyway',
      );
      expect(error.details).toEqual({ allergies: ['Penicillin', 'amoxicillin'] });
    }
  });

  it('allows an allergy conflict with an override reason and reports it', () => {
    expect(
      checkPrescribable({
        encounterStatus: 'in-progress',
        allergies: ['Penicillin'],
        drug: amoxicillin,
        overrideReason: '  Mild rash only in childhood; tolerated since  ',
      }),
    ).toEqual({ allergyConflicts: ['Penicillin'], overrideReason: 'Mild rash only in childhood; tolerated since' });
  });

  it('drops an override reason when there is nothing to override', () => {
    expect(
      checkPrescribable({ encounterStatus: 'in-progress', allergies: ['Latex'], drug: amoxicillin, overrideReason: 'just in case' }),
    ).toEqual({ allergyConflicts: [] });
  });
});
