import { describe, expect, it } from 'vitest';
import { extract } from '../../../shared/a2a/extract';

const TODAY = '2026-11-25';

describe('extract: names, departments, reasons (issue 21)', () => {
  it.each([
    // [text, forName, doctorName, reason]
    [
      'Book an appointment for Ravi Kumar with Dr Vikram Sen tomorrow at 10:00',
      'Ravi Kumar',
      'Vikram Sen',
      undefined,
    ],
    ['Book Ravi Kumar with Dr. Sen tomorrow at 10:00 for fever', 'Ravi Kumar', 'Sen', 'fever'],
    ['Book Ravi Kumar for chest pain tomorrow at 10:00', 'Ravi Kumar', undefined, 'chest pain'],
    [
      'book for patient Asha Verma with doctor Rao on 2026-11-27 at 9am',
      'Asha Verma',
      'Rao',
      undefined,
    ],
    ['Book Asha with Dr Rao at 10:00 because of a cough', 'Asha', 'Rao', 'a cough'],
  ])('%s', (text, forName, doctorName, reason) => {
    const found = extract(text, TODAY);
    expect(found.forName).toBe(forName);
    expect(found.doctorName).toBe(doctorName);
    expect(found.reason).toBe(reason);
  });

  it.each([
    ['Which doctors work in general medicine?', 'general medicine'],
    ['Show the doctors of the cardiology department', 'cardiology'],
    ['doctors from paediatrics', 'paediatrics'],
    ['list doctors', undefined],
    ['doctors in the', undefined],
  ])('department in %s', (text, department) => {
    expect(extract(text, TODAY).department).toBe(department);
  });

  it('reads a prescription part by part', () => {
    expect(
      extract(
        'Prescribe paracetamol 500 mg, 1 tablet oral every 6 hours for 3 days (12) on encounter 9c1d0000-1111-2222-3333-444455556666',
        TODAY,
      ),
    ).toMatchObject({
      ids: [{ value: '9c1d0000-1111-2222-3333-444455556666', label: 'encounter' }],
      drug: {
        drugName: 'paracetamol',
        strength: '500 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'every 6 hours',
        durationDays: 3,
        quantity: 12,
      },
    });
    expect(
      extract(
        'Give amoxicillin 250 mg 2 capsules orally twice a day for 1 week, 28 capsules',
        TODAY,
      ).drug,
    ).toEqual({
      drugName: 'amoxicillin',
      strength: '250 mg',
      dose: '2 capsules',
      route: 'oral',
      frequency: 'twice a day',
      durationDays: 7,
      quantity: 28,
    });
    expect(extract('ceftriaxone 1 g IV daily, quantity: 5', TODAY).drug).toEqual({
      strength: '1 g',
      route: 'iv',
      frequency: 'daily',
      quantity: 5,
    });
    expect(extract('Find patient Asha Verma', TODAY).drug).toBeUndefined();
  });
});
