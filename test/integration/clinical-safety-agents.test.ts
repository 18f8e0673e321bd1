/**
 * Clinical safety where agents and automatic decisions meet patients (issue 16): disguised drug
 * names, who an automatic or delayed execution acts as, who may prescribe and approve, and what
 * auto-approval may cover. Through the local runtime and its bus, a fresh hospital per test.
 */
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { eventBusClient } from '../../shared/events/bus';
import { shiftClock } from '../../shared/kernel/clock';
import { type Client, expectError } from '../support/api';
import { must } from '../support/diagnostics';
import { hitlHospital, hitlRuntime, PARACETAMOL, PROPOSER_SCOPES } from '../support/hitl';
import { inpatientHospital } from '../support/inpatient';

const rt = hitlRuntime();
const settle = () => rt.events.bus.idle();

const AMOXICILLIN = { drugName: 'Amoxicillin', strength: '500 mg', dose: '1 capsule' };

describe('disguised drug names (item 1)', () => {
  it('a zero-width space or a Cyrillic letter does not get amoxicillin past a penicillin allergy', async () => {
    const h = await hitlHospital(rt.url);
    await h.enableAutoApproval('prescription', { autoApproveAs: h.otherDoctor.user.id });
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

/** The action as it is now. */
const actionOf = async (h: { doctorUser: { api: Client } }, id: string) =>
  (await h.doctorUser.api.get(`/agent-actions/${id}`)).body;

describe('who an automatic or delayed execution acts as (item 2)', () => {
  it('auto-approval acts as the doctor it names, and is suspended once that doctor is deactivated', async () => {
    const h = await hitlHospital(rt.url);
    const settings = await h.enableAutoApproval('prescription', {
      autoApproveAs: h.otherDoctor.user.id,
    });
    expect(settings.types[0]).toMatchObject({
      type: 'prescription',
      autoApprove: true,
      autoApproveAs: h.otherDoctor.user.id,
    });
    const { encounter } = await h.encounter();
    const first = await h.proposeRx(encounter.id);
    expect(first.body).toMatchObject({
      status: 'APPROVED',
      decision: { by: 'auto-approval', userId: h.otherDoctor.user.id, role: 'DOCTOR' },
    });
    await settle();
    expect((await actionOf(h, first.body.id)).status).toBe('EXECUTED');

    const off = await h.admin.patch(`/users/${h.otherDoctor.user.id}`, { active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const second = await h.proposeRx(encounter.id, { drugName: 'Cetirizine', strength: '10 mg' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ status: 'PENDING', risk: 'LOW' });
    expect(second.body.history.at(-1)).toMatchObject({
      event: 'auto-approval-suspended',
      status: 'PENDING',
      by: 'rule:auto-approval',
    });
    expect(second.body.history.at(-1).note).toMatch(
      new RegExp(`user:${h.otherDoctor.user.id} .*is no longer active`),
    );
    await settle();
    const record = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(record.body.prescriptions.map((p: { drugName: string }) => p.drugName)).toEqual([
      'Paracetamol',
    ]);
    expect(record.body.prescriptions[0].prescriberId).toBe(h.otherDoctor.user.id);
  });

  it('an approved action whose approver was deactivated or lost the role before it ran fails, changing nothing', async () => {
    const h = await hitlHospital(rt.url);
    const third = await h.staff('DOCTOR');
    for (const [approver, change] of [
      [h.otherDoctor, { active: false }],
      [third, { role: 'NURSE' }],
    ] as const) {
      const { encounter } = await h.encounter();
      const { body } = await h.proposeRx(encounter.id);
      // The publish is lost, so the action waits, approved, for the job to publish it again.
      const mock = mockClient(eventBusClient());
      mock.on(PutEventsCommand).rejects(new Error('EventBridge unavailable'));
      try {
        expect((await approver.api.post(`/agent-actions/${body.id}/approve`)).status).toBe(200);
      } finally {
        mock.restore();
      }
      await settle();
      expect((await h.admin.patch(`/users/${approver.user.id}`, change)).status).toBe(200);
      shiftClock(6 * 60_000);
      await rt.events.runSchedule();
      await settle();
      const ended = await actionOf(h, body.id);
      expect(ended.status, JSON.stringify(ended)).toBe('FAILED');
      expect(ended.failure.reason).toMatch(
        new RegExp(`approver user:${approver.user.id} \\(DOCTOR\\) can no longer act`),
      );
      const record = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
      expect(record.body.prescriptions).toEqual([]);
    }
  });
});

describe('only a doctor prescribes or approves a prescription (item 10)', () => {
  it('an administrator or an integration key may not prescribe, approve one, or auto-approve as itself', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter({ allergies: ['Penicillin'] });
    const rx = {
      ...PARACETAMOL,
      drugName: 'Amoxicillin',
      allergyOverrideReason: 'Tolerated amoxicillin in 2024',
    };
    expectError(
      await h.admin.post(`/encounters/${encounter.id}/prescriptions`, rx),
      403,
      /encounters\.prescribe: it is a clinical decision for DOCTOR/,
    );
    const key = await h.key(['encounters:write', 'encounters:read']);
    expectError(await key.api.post(`/encounters/${encounter.id}/prescriptions`, rx), 403);

    const proposed = await h.proposeRx(encounter.id, rx);
    expect(proposed.body).toMatchObject({ risk: 'CRITICAL', approverRoles: ['DOCTOR'] });
    expectError(
      await h.admin.post(`/agent-actions/${proposed.body.id}/approve`),
      403,
      /Role ADMIN may not approve a prescription action: it needs DOCTOR/,
    );
    const approved = await h.otherDoctor.api.post(`/agent-actions/${proposed.body.id}/approve`);
    expect(approved.status).toBe(200);
    await settle();
    const done = await actionOf(h, proposed.body.id);
    expect(done.status).toBe('EXECUTED');
    const record = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(record.body.prescriptions[0]).toMatchObject({
      prescriberId: h.otherDoctor.user.id,
      allergyOverrideReason: 'Tolerated amoxicillin in 2024',
    });

    // Auto-approval of prescriptions must act as an active doctor, never as the administrator.
    for (const autoApproveAs of [undefined, h.nurse.user.id, 'no-such-user']) {
      expectError(
        await h.admin.put('/agent-actions/settings', {
          types: { prescription: { autoApprove: true, autoApproveAs } },
        }),
        400,
        /autoApproveAs: .*active DOCTOR/,
      );
    }
  });

  it('auto-approval never covers a prescription above LOW risk or a discharge with medicines', async () => {
    const h = await inpatientHospital(rt.url);
    const agent = await h.key(PROPOSER_SCOPES);
    const admin = h.admin;
    for (const type of ['prescription', 'discharge'])
      expect(
        (
          await admin.put('/agent-actions/settings', {
            types: { [type]: { autoApprove: true, autoApproveAs: h.doctorUser.user.id } },
          })
        ).status,
      ).toBe(200);
    const patient = await h.patient();
    const enc = await must(
      h.doctorUser.api.post('/encounters', { patientId: patient.id }),
      201,
      'encounter',
    );
    const propose = (rx: Record<string, unknown>) =>
      agent.api.post('/agent-actions/proposals/prescription', {
        encounterId: enc.id,
        ...PARACETAMOL,
        rationale: 'From the notes',
        ...rx,
      });
    // MEDIUM (an injection) and HIGH (a controlled drug) wait for a doctor.
    const medium = await propose({ route: 'iv', dose: '1 g' });
    expect(medium.body).toMatchObject({ risk: 'MEDIUM', status: 'PENDING' });
    expect(medium.body.history.at(-1)).toMatchObject({ event: 'auto-approval-not-applicable' });
    expect(medium.body.history.at(-1).note).toMatch(/only LOW prescriptions/);
    const high = await propose({ drugName: 'Tramadol', strength: '50 mg' });
    expect(high.body).toMatchObject({ risk: 'HIGH', status: 'PENDING' });
    // A controlled drug outside the catalogue is classed by its name, also when the code sent
    // with it is a harmless one's: never LOW, never auto-approved.
    const disguisedByCode = await propose({
      drugName: 'Fentanyl',
      drugCode: 'A01AA01',
      strength: '100 micrograms',
      dose: '1 tablet',
    });
    expect(disguisedByCode.body).toMatchObject({ risk: 'HIGH', status: 'PENDING' });
    expect(disguisedByCode.body.riskReasons).toContain('HIGH: controlled drug (opioid)');
    const low = await propose({});
    expect(low.body).toMatchObject({ risk: 'LOW', status: 'APPROVED' });

    const ward = await h.ward();
    const dischargeProposal = async (medications: unknown[]) => {
      const p = await h.patient();
      const adm = await must(h.admit(p.id, { wardId: ward.id }), 201, 'admission');
      return agent.api.post('/agent-actions/proposals/discharge', {
        admissionId: adm.id,
        finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
        conditionAtDischarge: 'Improved',
        disposition: 'home',
        medications,
        rationale: 'Afebrile for 48 hours, eating and walking',
      });
    };
    const withMedicines = await dischargeProposal([
      { ...PARACETAMOL, drugName: 'Amoxicillin', dose: '1 capsule' },
    ]);
    expect(withMedicines.body).toMatchObject({ status: 'PENDING', approverRoles: ['DOCTOR'] });
    expect(withMedicines.body.history.at(-1).note).toMatch(/discharge with medicines/);
    const without = await dischargeProposal([]);
    expect(without.body).toMatchObject({ status: 'APPROVED' });
    await settle();
  });

  it('discharge medicines are prescribed only by a doctor', async () => {
    const h = await inpatientHospital(rt.url);
    const ward = await h.ward();
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { wardId: ward.id }), 201, 'admission');
    const discharge = {
      finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
      conditionAtDischarge: 'Improved',
      disposition: 'home',
      medications: [PARACETAMOL],
    };
    expectError(
      await h.admin.post(`/admissions/${adm.id}/discharge`, discharge),
      403,
      /Only a doctor prescribes/,
    );
    const done = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, discharge);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.prescriptions[0].prescriberId).toBe(h.doctorUser.user.id);
  });
});
