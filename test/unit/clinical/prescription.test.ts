import { describe, expect, it } from 'vitest';
import { identifyDrug } from '../../../shared/clinical/drug-catalogue';
import {
  MEDICATION_REQUEST_STATUSES,
  MedicationRequestStatusSchema,
  NEW_PRESCRIPTION_STATUS,
  PrescriptionInputSchema,
} from '../../../shared/clinical/prescribing';
import { Conflict, Invalid } from '../../../shared/kernel/errors';
import { checkPrescribable } from '../../../shared/modules/encounters/rules';
import { ENCOUNTER_STATUSES } from '../../../shared/modules/encounters/status';
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
    for (const route of [
      'oral',
      'iv',
      'im',
      'sc',
      'topical',
      'inhaled',
      'sublingual',
      'rectal',
      'ophthalmic',
      'otic',
      'nasal',
      'transdermal',
    ]) {
      expect(messages({ ...VALID, route })).toEqual([]);
    }
    expect(messages({ ...VALID, route: 'by mouth' })[0]).toMatch(
      /^route must be one of: oral, iv, im/,
    );
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
    expect(messages({ ...VALID, drugName: 'x'.repeat(201) })).toEqual([
      'drugName must be at most 200 characters',
    ]);
    expect(messages({ ...VALID, strength: 'x'.repeat(51) })).toEqual([
      'strength must be at most 50 characters',
    ]);
    expect(messages({ ...VALID, dose: '' })).toEqual(['dose must not be empty']);
    expect(messages({ ...VALID, frequency: 'x'.repeat(51) })).toEqual([
      'frequency must be at most 50 characters',
    ]);
    expect(messages({ ...VALID, instructions: 'x'.repeat(501) })).toEqual([
      'instructions must be at most 500 characters',
    ]);
    expect(messages({ ...VALID, allergyOverrideReason: '' })).toEqual([
      'allergyOverrideReason must not be empty',
    ]);
    expect(messages({ ...VALID, allergyOverrideReason: 'x'.repeat(501) })).toEqual([
      'allergyOverrideReason must be at most 500 characters',
    ]);
  });

  it('enforces whole-number duration and quantity ranges', () => {
    expect(messages({ ...VALID, durationDays: 1, quantity: 1 })).toEqual([]);
    expect(messages({ ...VALID, durationDays: 365, quantity: 10000 })).toEqual([]);
    expect(messages({ ...VALID, durationDays: 0 })).toEqual([
      'durationDays must be between 1 and 365',
    ]);
    expect(messages({ ...VALID, durationDays: 366 })).toEqual([
      'durationDays must be between 1 and 365',
    ]);
    expect(messages({ ...VALID, durationDays: 2.5 })).toEqual([
      'durationDays must be a whole number between 1 and 365',
    ]);
    expect(messages({ ...VALID, quantity: 0 })).toEqual(['quantity must be between 1 and 10000']);
    expect(messages({ ...VALID, quantity: 10001 })).toEqual([
      'quantity must be between 1 and 10000',
    ]);
  });
});

describe('MedicationRequest status', () => {
  it('uses the FHIR R5 vocabulary and starts active', () => {
    expect([...MEDICATION_REQUEST_STATUSES].sort()).toEqual(
      [
        'active',
        'on-hold',
        'ended',
        'stopped',
        'completed',
        'cancelled',
        'draft',
        'entered-in-error',
        'unknown',
      ].sort(),
    );
    expect(MedicationRequestStatusSchema.safeParse('ordered').success).toBe(false);
    expect(NEW_PRESCRIPTION_STATUS).toBe('active');
  });
});

describe('checkPrescribable', () => {
  const amoxicillin = { name: 'Amoxicillin', code: 'J01CA04' };

  it.each(['completed', 'cancelled', 'entered-in-error', 'discontinued'] as const)(
    'refuses a %s encounter',
    (encounterStatus) => {
      const error = thrownBy(() =>
        checkPrescribable({
          encounterStatus,
          encounterId: 'enc-1',
          allergies: [],
          drug: amoxicillin,
        }),
      ) as Conflict;
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(
        `Encounter enc-1 is finished (status '${encounterStatus}'); prescriptions can only be added to an open encounter`,
      );
      expect(error.details).toEqual({ encounterStatus });
    },
  );

  it('allows the open states', () => {
    const open = ENCOUNTER_STATUSES.filter(
      (s) => !['completed', 'cancelled', 'entered-in-error', 'discontinued'].includes(s),
    );
    for (const encounterStatus of open) {
      expect(checkPrescribable({ encounterStatus, allergies: [], drug: amoxicillin })).toEqual({
        drugCode: 'J01CA04',
        allergyConflicts: [],
      });
    }
  });

  it('checks the encounter before allergies, even with an override', () => {
    const error = thrownBy(() =>
      checkPrescribable({
        encounterStatus: 'completed',
        allergies: ['Penicillin'],
        drug: amoxicillin,
        overrideReason: 'benefit outweighs risk',
      }),
    ) as Conflict;
    expect(error.message).toMatch(/^Encounter is finished/);
  });

  it('refuses an allergy conflict without an override reason, naming the allergies', () => {
    for (const overrideReason of [undefined, null, '', '   ']) {
      const error = thrownBy(() =>
        checkPrescribable({
          encounterStatus: 'in-progress',
          allergies: ['Penicillin', 'Latex', 'amoxicillin'],
          drug: amoxicillin,
          overrideReason,
        }),
      ) as Conflict;
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(
        'Amoxicillin conflicts with recorded allergies: Penicillin, amoxicillin; give allergyOverrideReason to prescribe it anyway',
      );
      expect(error.details).toEqual({
        allergies: ['Penicillin', 'amoxicillin'],
        conflicts: [
          { allergy: 'Penicillin', kind: 'direct' },
          { allergy: 'amoxicillin', kind: 'direct' },
        ],
      });
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
    ).toEqual({
      drugCode: 'J01CA04',
      allergyConflicts: ['Penicillin'],
      overrideReason: 'Mild rash only in childhood; tolerated since',
    });
  });

  it('drops an override reason when there is nothing to override', () => {
    expect(
      checkPrescribable({
        encounterStatus: 'in-progress',
        allergies: ['Latex'],
        drug: amoxicillin,
        overrideReason: 'just in case',
      }),
    ).toEqual({ drugCode: 'J01CA04', allergyConflicts: [] });
  });

  it('refuses a cross-sensitivity without an override reason, saying so and naming the allergy and drug', () => {
    const error = thrownBy(() =>
      checkPrescribable({
        encounterStatus: 'in-progress',
        allergies: ['Penicillin - anaphylaxis'],
        drug: { name: 'Ceftriaxone' },
      }),
    ) as Conflict;
    expect(error).toBeInstanceOf(Conflict);
    expect(error.message).toBe(
      'Ceftriaxone conflicts with recorded allergies: Penicillin - anaphylaxis (cross-sensitivity: cephalosporin); give allergyOverrideReason to prescribe it anyway',
    );
    expect(error.details).toEqual({
      allergies: ['Penicillin - anaphylaxis (cross-sensitivity: cephalosporin)'],
      conflicts: [
        {
          allergy: 'Penicillin - anaphylaxis',
          kind: 'cross-sensitivity',
          drugClass: 'cephalosporin',
        },
      ],
    });
    expect(
      checkPrescribable({
        encounterStatus: 'in-progress',
        allergies: ['Penicillin - anaphylaxis'],
        drug: { name: 'Ceftriaxone' },
        overrideReason: 'Non-urticarial rash only; no alternative',
      }),
    ).toEqual({
      drugCode: 'J01DD04',
      allergyConflicts: ['Penicillin - anaphylaxis (cross-sensitivity: cephalosporin)'],
      overrideReason: 'Non-urticarial rash only; no alternative',
    });
  });

  it('screens a brand by its generic through the code', () => {
    const error = thrownBy(() =>
      checkPrescribable({
        encounterStatus: 'in-progress',
        allergies: ['Penicillin - anaphylaxis'],
        drug: { name: 'Augmentin', code: 'J01CR02' },
      }),
    ) as Conflict;
    expect(error.message).toMatch(
      /^Augmentin conflicts with recorded allergies: Penicillin - anaphylaxis;/,
    );
  });

  it('checks the drug code before anything else (400 beats 409)', () => {
    const error = thrownBy(() =>
      checkPrescribable({
        encounterStatus: 'completed',
        allergies: ['Penicillin'],
        drug: { name: 'Paracetamol', code: 'J01CA04' },
      }),
    );
    expect(error).toBeInstanceOf(Invalid);
  });
});

describe('identifyDrug: drugCode must agree with drugName', () => {
  it('takes the catalogue code when none is given', () => {
    expect(identifyDrug('Paracetamol')).toMatchObject({
      name: 'Paracetamol',
      code: 'N02BE01',
      entry: { name: 'Paracetamol' },
    });
    expect(identifyDrug('Augmentin', null)).toMatchObject({
      name: 'Augmentin',
      code: 'J01CR02',
      entry: { name: 'Co-amoxiclav' },
    });
    expect(identifyDrug('Unobtainium')).toEqual({ name: 'Unobtainium', code: null, entry: null });
  });

  it('accepts a known code with its drug’s name, a synonym or a brand, in any case', () => {
    expect(identifyDrug('Amoxicillin', 'J01CA04').code).toBe('J01CA04');
    expect(identifyDrug('augmentin', 'j01cr02')).toMatchObject({
      name: 'augmentin',
      code: 'J01CR02',
      entry: { name: 'Co-amoxiclav' },
    });
    expect(identifyDrug('Acetaminophen', ' N02BE01 ').code).toBe('N02BE01');
    expect(identifyDrug('Rocephin', 'J01DD04').entry?.name).toBe('Ceftriaxone');
  });

  it('refuses a known code with another drug’s name: 400 naming drugCode and the expected drug', () => {
    const error = thrownBy(() => identifyDrug('Paracetamol', 'J01CA04')) as Invalid;
    expect(error).toBeInstanceOf(Invalid);
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(
      "drugCode: J01CA04 is Amoxicillin (or amoxycillin, Amoxil), not 'Paracetamol'; correct drugName or drugCode",
    );
    expect(error.details).toEqual({
      issues: [{ field: 'drugCode', message: expect.stringContaining('J01CA04 is Amoxicillin') }],
    });
    // A brand of another drug, or a name with a strength, is not the code's drug either.
    expect(thrownBy(() => identifyDrug('Augmentin', 'J01CA04'))).toBeInstanceOf(Invalid);
    expect(thrownBy(() => identifyDrug('Amoxicillin 500 mg', 'J01CA04'))).toBeInstanceOf(Invalid);
  });

  it('keeps an unknown code only when it is shaped like an ATC code', () => {
    expect(identifyDrug('Aspirin', 'N02BA01')).toMatchObject({
      code: 'N02BA01',
      entry: { name: 'Aspirin' },
    });
    expect(identifyDrug('Meropenem', 'j01dh02')).toEqual({
      name: 'Meropenem',
      code: 'J01DH02',
      entry: null,
    });
    for (const code of [
      'J01CA4',
      'J01CA044',
      '01CA04J',
      'J0ICA04',
      'paracetamol',
      'N02-BE01',
      '',
    ]) {
      const error = thrownBy(() => identifyDrug('Meropenem', code)) as Invalid;
      expect(error, code).toBeInstanceOf(Invalid);
      expect(error.message).toMatch(/^drugCode: '.*' is not a WHO ATC code/);
    }
  });
});
