import { describe, expect, it } from 'vitest';
import {
  activeMedications,
  allergiesOf,
  contrastOrdered,
  creatinineOf,
  draftMedications,
  patientOf,
  resourcesOf,
} from '../../../shared/modules/decision-support/fhir';

// What a CDS Hooks request's FHIR resources become for the rules: a resource not shaped as FHIR
// says is skipped, never a failed call (docs/decision-support.md).
const ATC = 'http://www.whocc.no/atc';
const LOINC = 'http://loinc.org';
const bundle = (...resources: unknown[]) => ({
  resourceType: 'Bundle',
  entry: resources.map((resource) => ({ resource })),
});
const medRequest = (concept: unknown, status?: string) => ({
  resourceType: 'MedicationRequest',
  ...(status ? { status } : {}),
  medicationCodeableConcept: concept,
});

describe('CDS Hooks FHIR reading', () => {
  it('takes a Bundle’s entries, a plain array or one resource; skips what is not an object', () => {
    const p = { resourceType: 'Patient' };
    expect(resourcesOf(bundle(p, 'x'))).toEqual([p]);
    expect(
      resourcesOf({ resourceType: 'Bundle', entry: [null, { resource: 1 }, { resource: p }] }),
    ).toEqual([p]);
    expect(resourcesOf([p, 3, null, [p]])).toEqual([p]);
    expect(resourcesOf(p)).toEqual([p]);
    expect(resourcesOf({ resourceType: 'Bundle' })).toEqual([{ resourceType: 'Bundle' }]);
    expect(resourcesOf('Patient')).toEqual([]);
    expect(resourcesOf(null)).toEqual([]);
  });

  it('reads a drug from its text, else its first display, with the ATC code when coded so', () => {
    expect(
      activeMedications(
        bundle(
          medRequest({ text: 'Warfarin 5 mg', coding: [{ system: ATC, code: 'B01AA03' }] }),
          medRequest(
            { coding: [{ system: 'other', code: 'x' }, { display: 'Aspirin' }] },
            'active',
          ),
          medRequest({ text: 'Stopped drug' }, 'stopped'),
          medRequest({ coding: [{ system: ATC, code: 7 }] }),
          medRequest('not a concept'),
          { resourceType: 'Observation', status: 'active' },
        ),
      ),
    ).toEqual([
      { name: 'Warfarin 5 mg', code: 'B01AA03', status: 'active' },
      { name: 'Aspirin', code: null, status: 'active' },
    ]);
    expect(draftMedications([medRequest({ text: 'Ibuprofen' }, 'stopped')])).toEqual([
      { name: 'Ibuprofen', code: null, status: 'draft' },
    ]);
    expect(draftMedications([medRequest({ text: 3, coding: 'x' })])).toEqual([]);
  });

  it('sees iodinated contrast in a ServiceRequest’s text or a display, nowhere else', () => {
    const sr = (code: unknown) => ({ resourceType: 'ServiceRequest', code });
    expect(contrastOrdered([sr({ text: 'CT abdomen with contrast' })])).toBe(true);
    expect(contrastOrdered([sr({ coding: [{ display: 'Coronary angiography' }] })])).toBe(true);
    expect(contrastOrdered([sr({ text: 'CT head' })])).toBe(false);
    expect(contrastOrdered([sr(undefined)])).toBe(false);
    expect(
      contrastOrdered([{ resourceType: 'MedicationRequest', code: { text: 'contrast' } }]),
    ).toBe(false);
  });

  it('reads serum creatinine in µmol/L from LOINC 14682-9 and mg/dL (× 88.4) from 2160-0', () => {
    const obs = (code: string, q: unknown, extra: Record<string, unknown> = {}) => ({
      resourceType: 'Observation',
      code: { coding: [{ system: LOINC, code }] },
      valueQuantity: q,
      effectiveDateTime: '2026-11-20T08:00:00Z',
      ...extra,
    });
    expect(
      creatinineOf(
        bundle(
          obs('14682-9', { value: 120, unit: 'umol/L' }),
          obs('2160-0', { value: 1.5, code: 'mg/dL' }),
          // No unit: the code's own unit (mg/dL for 2160-0).
          obs(
            '2160-0',
            { value: 2 },
            { effectiveDateTime: undefined, issued: '2026-11-21T08:00:00Z' },
          ),
          obs('2160-0', { value: 9 }, { status: 'entered-in-error' }),
          obs('2160-0', { value: 9 }, { status: 'cancelled' }),
          obs('2345-7', { value: 5.5 }),
          obs('14682-9', { value: '120' }),
          obs('14682-9', 'none'),
          obs('14682-9', { value: 80 }, { effectiveDateTime: 5 }),
          { resourceType: 'Patient' },
        ),
      ),
    ).toEqual([
      { umolPerL: 120, at: '2026-11-20T08:00:00Z' },
      { umolPerL: 1.5 * 88.4, at: '2026-11-20T08:00:00Z' },
      { umolPerL: 2 * 88.4, at: '2026-11-21T08:00:00Z' },
    ]);
  });

  it('reads allergies as text and the patient’s birth date and gender', () => {
    const allergy = (code: unknown) => ({ resourceType: 'AllergyIntolerance', code });
    expect(
      allergiesOf([
        allergy({ text: 'Penicillin' }),
        allergy({ coding: [{ code: 'x' }, { display: 'Sulfonamides' }] }),
        allergy({ coding: [] }),
        allergy(null),
        { resourceType: 'Patient', code: { text: 'not an allergy' } },
      ]),
    ).toEqual(['Penicillin', 'Sulfonamides']);
    expect(
      patientOf(bundle({ resourceType: 'Patient', birthDate: '1950-02-01', gender: 'female' })),
    ).toEqual({ birthDate: '1950-02-01', gender: 'female' });
    expect(patientOf({ resourceType: 'Patient', birthDate: 1950 })).toEqual({
      birthDate: undefined,
      gender: undefined,
    });
    expect(patientOf([{ resourceType: 'Observation' }])).toBeNull();
  });
});
