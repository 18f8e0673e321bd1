/**
 * Clinical safety where agents and automatic decisions meet patients (issue 16): disguised drug
 * names, who an automatic or delayed execution acts as, who may prescribe and approve, and what
 * auto-approval may cover. Through the local runtime and its bus, a fresh hospital per test.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { hitlHospital, hitlRuntime } from '../support/hitl';

const rt = hitlRuntime();
const settle = () => rt.events.bus.idle();

const AMOXICILLIN = { drugName: 'Amoxicillin', strength: '500 mg', dose: '1 capsule' };

describe('disguised drug names (item 1)', () => {
  it('a zero-width space or a Cyrillic letter does not get amoxicillin past a penicillin allergy', async () => {
    const h = await hitlHospital(rt.url);
    await h.enableAutoApproval('prescription');
    const { encounter } = await h.encounter({ allergies: ['Penicillin - anaphylaxis'] });

    // Invisible characters are removed: the name is amoxicillin, and amoxicillin conflicts.
    for (const drugName of ['Amoxi\u200bcillin', 'Amoxicil\u00adlin', '\uff21moxicillin']) {
      expectError(
        await h.proposeRx(encounter.id, { ...AMOXICILLIN, drugName }),
        409,
        /^Amoxicillin conflicts with recorded allergies: Penicillin - anaphylaxis/,
      );
      expectError(
        await h.doctorUser.api.post(`/encounters/${encounter.id}/prescriptions`, {
          ...AMOXICILLIN,
          drugName,
          route: 'oral',
          frequency: 'three times a day',
          durationDays: 5,
          quantity: 15,
        }),
        409,
        /^Amoxicillin conflicts/,
      );
    }
    // A letter of another script is refused, naming the field and the letter.
    for (const drugName of ['\u0410moxicillin', 'Am\u043exicillin', 'Amoxi\u03f2illin']) {
      expectError(
        await h.proposeRx(encounter.id, { ...AMOXICILLIN, drugName }),
        400,
        /drugName must be written in Latin letters.*U\+0[34]/,
      );
    }
    // A misspelling the catalogue does not know is rated as the drug it is nearest to: CRITICAL,
    // so auto-approval does not apply and a doctor sees why.
    const misspelt = await h.proposeRx(encounter.id, { ...AMOXICILLIN, drugName: 'Amoxicilin' });
    expect(misspelt.status, JSON.stringify(misspelt.body)).toBe(201);
    expect(misspelt.body).toMatchObject({ status: 'PENDING', risk: 'CRITICAL' });
    expect(misspelt.body.riskReasons[0]).toBe(
      'CRITICAL: nearest catalogue drug Amoxicillin: overrides a recorded allergy (Penicillin - anaphylaxis)',
    );
    await settle();
    const record = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(record.body.prescriptions).toEqual([]);
  });
});
