/**
 * Human in the loop through the local runtime and its bus, a fresh hospital per test: proposal,
 * who may decide, approval → AgentActionApproved → the executor (exactly once), rejection, expiry
 * by the scheduled job, races, auto-approval, failures, a lost publish, tenant isolation.
 */
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { eventBusClient } from '../../shared/events/bus';
import { shiftClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { hitlHospital, hitlRuntime } from '../support/hitl';

const rt = hitlRuntime();

async function settle() {
  await rt.events.bus.idle();
}

describe('a proposed prescription', () => {
  it('is pending, decided only by a doctor who did not propose it, and executed exactly once', async () => {
    const h = await hitlHospital(rt.url);
    const { patient, encounter } = await h.encounter();
    const proposed = await h.proposeRx(encounter.id);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({
      type: 'prescription',
      status: 'PENDING',
      risk: 'LOW',
      riskReasons: [],
      patientId: patient.id,
      operation: 'encounters.prescribe',
      input: { id: encounter.id, drugName: 'Paracetamol' },
      approverRoles: ['ADMIN', 'DOCTOR'],
      proposer: { kind: 'apiKey', id: h.agentKey.key.id },
    });
    expect(proposed.body.message).toMatch(/awaits approval by a person with role DOCTOR/);
    const id = proposed.body.id;

    const pending = await h.doctorUser.api.get('/agent-actions/pending?type=prescription');
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((a: { id: string }) => a.id)).toEqual([id]);

    expectError(await h.nurse.api.post(`/agent-actions/${id}/approve`), 403, /Role NURSE may not approve/);
    expectError(await h.agentKey.api.post(`/agent-actions/${id}/approve`), 403);
    const readerKey = await h.key(['agent-actions:read', 'encounters:write']);
    expectError(await readerKey.api.post(`/agent-actions/${id}/approve`), 403, /API keys may not/);

    const approved = await h.otherDoctor.api.post(`/agent-actions/${id}/approve`, { note: 'Agreed' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', decision: { by: 'user', userId: h.otherDoctor.user.id, role: 'DOCTOR' } });
    await settle();

    // EventBridge delivers at least once: the same event twice more, concurrently.
    const event = rt.events.bus.published.find((e) => (e.detail as { actionId: string }).actionId === id)!;
    await Promise.all([rt.events.bus.deliver(event), rt.events.bus.deliver(event)]);

    const done = await h.doctorUser.api.get(`/agent-actions/${id}`);
    expect(done.body.status).toBe('EXECUTED');
    const enc = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions).toHaveLength(1);
    expect(enc.body.prescriptions[0]).toMatchObject({
      id: done.body.result.id,
      drugName: 'Paracetamol',
      prescriberId: h.otherDoctor.user.id,
    });
    expect(done.body.history.map((e: { event: string }) => e.event)).toEqual([
      'proposed',
      'approved',
      'claimed',
      'executed',
    ]);
    const outcomes = rt.events.bus.deliveries
      .filter((d) => (d.event.detail as { actionId: string }).actionId === id)
      .map((d) => (d.result as { outcome: string }).outcome)
      .sort();
    expect(outcomes).toEqual(['executed', 'skipped', 'skipped']);
    expectError(await h.otherDoctor.api.post(`/agent-actions/${id}/approve`), 409, /EXECUTED, not PENDING/);
  });

  it('cannot be approved by the doctor whose token the agent used to propose it', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter();
    const proposed = await h.doctorUser.api.post('/agent-actions/proposals/prescription', {
      encounterId: encounter.id,
      drugName: 'Cetirizine',
      strength: '10 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'once daily',
      durationDays: 5,
      quantity: 5,
      rationale: 'Seasonal rhinitis',
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expectError(
      await h.doctorUser.api.post(`/agent-actions/${proposed.body.id}/approve`),
      403,
      /proposer .* may not approve/,
    );
  });

  it('is refused at proposal when invalid for its operation or unsafe without an override', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter({ allergies: ['Penicillin'] });
    expectError(await h.proposeRx(encounter.id, { durationDays: 0 }), 400, /durationDays/);
    expectError(await h.proposeRx(encounter.id, { rationale: undefined }), 400, /rationale/);
    expectError(
      await h.proposeRx(encounter.id, { drugName: 'Amoxicillin', strength: '500 mg' }),
      409,
      /allergies/,
    );
  });

  it('is rejected with a reason and then cannot be approved', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/reject`, {}), 400, /reason/);
    const rejected = await h.doctorUser.api.post(`/agent-actions/${body.id}/reject`, {
      reason: 'Patient already takes paracetamol at home',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', decision: { reason: 'Patient already takes paracetamol at home' } });
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 409, /REJECTED/);
    await settle();
    const enc = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions).toEqual([]);
  });

  it('expires after its lifetime through the scheduled job, and then cannot be approved', async () => {
    const h = await hitlHospital(rt.url);
    const settings = await h.admin.put('/agent-actions/settings', { types: { prescription: { lifetimeMinutes: 30 } } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(30 * 60_000);

    shiftClock(29 * 60_000);
    await rt.events.runSchedule();
    expect((await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body.status).toBe('PENDING');

    shiftClock(2 * 60_000);
    // Past its time the action cannot be approved even before the job has run.
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 409, /expired/);
    const report = (await rt.events.runSchedule()) as { expired: string[] };
    expect(report.expired).toContain(body.id);
    const expired = await h.doctorUser.api.get(`/agent-actions/${body.id}`);
    expect(expired.body.status).toBe('EXPIRED');
    expect(expired.body.history.at(-1)).toMatchObject({ event: 'expired', by: 'system:agent-actions.expiry' });
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 409, /EXPIRED/);
  });
});
