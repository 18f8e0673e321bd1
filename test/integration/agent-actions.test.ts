/**
 * Human in the loop through the local runtime and its bus, a fresh hospital per test: proposal,
 * who may decide, approval → AgentActionApproved → the executor (exactly once), rejection, expiry
 * by the scheduled job, races, auto-approval, failures, a lost publish, tenant isolation.
 */
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { eventBusClient } from '../../shared/events/bus';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
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
      approverRoles: ['DOCTOR'],
      proposer: { kind: 'apiKey', id: h.agentKey.key.id },
    });
    expect(proposed.body.message).toMatch(/awaits approval by a person with role DOCTOR/);
    const id = proposed.body.id;

    const pending = await h.doctorUser.api.get('/agent-actions/pending?type=prescription');
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((a: { id: string }) => a.id)).toEqual([id]);

    expectError(
      await h.nurse.api.post(`/agent-actions/${id}/approve`),
      403,
      /Role NURSE may not approve/,
    );
    expectError(await h.agentKey.api.post(`/agent-actions/${id}/approve`), 403);
    const readerKey = await h.key(['agent-actions:read', 'encounters:write']);
    expectError(await readerKey.api.post(`/agent-actions/${id}/approve`), 403, /API keys may not/);

    const approved = await h.otherDoctor.api.post(`/agent-actions/${id}/approve`, {
      note: 'Agreed',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      decision: { by: 'user', userId: h.otherDoctor.user.id, role: 'DOCTOR' },
    });
    await settle();

    // EventBridge delivers at least once: the same event twice more, concurrently.
    const event = rt.events.bus.published.find(
      (e) =>
        e['detail-type'] === 'AgentActionApproved' &&
        (e.detail as { actionId: string }).actionId === id,
    )!;
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
    // The executor's deliveries (notifications and webhooks also receive the proposal's event).
    const outcomes = rt.events.bus.deliveries
      .filter((d) => d.rule.startsWith('agent-action-'))
      .filter((d) => (d.event.detail as { actionId: string }).actionId === id)
      .map((d) => (d.result as { outcome: string }).outcome)
      .sort();
    expect(outcomes).toEqual(['executed', 'skipped', 'skipped']);
    expectError(
      await h.otherDoctor.api.post(`/agent-actions/${id}/approve`),
      409,
      /EXECUTED, not PENDING/,
    );
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
    expect(rejected.body).toMatchObject({
      status: 'REJECTED',
      decision: { reason: 'Patient already takes paracetamol at home' },
    });
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 409, /REJECTED/);
    await settle();
    const enc = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions).toEqual([]);
  });

  it('expires after its lifetime through the scheduled job, and then cannot be approved', async () => {
    const h = await hitlHospital(rt.url);
    const settings = await h.admin.put('/agent-actions/settings', {
      types: { prescription: { lifetimeMinutes: 30 } },
    });
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
    expect(expired.body.history.at(-1)).toMatchObject({
      event: 'expired',
      by: 'system:agent-actions.expiry',
    });
    expectError(await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 409, /EXPIRED/);
  });
});

describe('races', () => {
  it('two concurrent approvals: exactly one wins, and one prescription is written', async () => {
    const h = await hitlHospital(rt.url);
    const third = await h.staff('DOCTOR');
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    const replies = await Promise.all([
      h.doctorUser.api.post(`/agent-actions/${body.id}/approve`),
      h.otherDoctor.api.post(`/agent-actions/${body.id}/approve`),
      third.api.post(`/agent-actions/${body.id}/reject`, { reason: 'Not needed' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    await settle();
    const final = await h.doctorUser.api.get(`/agent-actions/${body.id}`);
    const enc = await h.doctorUser.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions).toHaveLength(final.body.status === 'EXECUTED' ? 1 : 0);
    expect(['EXECUTED', 'REJECTED']).toContain(final.body.status);
  });

  it('an approval and the expiry job at the moment of expiry: exactly one wins', async () => {
    const h = await hitlHospital(rt.url);
    await h.admin.put('/agent-actions/settings', {
      types: { prescription: { lifetimeMinutes: 10 } },
    });
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    shiftClock(Date.parse(body.expiresAt) - systemClock.now().getTime() - 30);
    const [approval, sweep] = await Promise.all([
      h.doctorUser.api.post(`/agent-actions/${body.id}/approve`),
      (async () => {
        await new Promise((ok) => setTimeout(ok, 30));
        return (await rt.events.runSchedule()) as { expired: string[] };
      })(),
    ]);
    const approved = approval.status === 200;
    const expired = sweep.expired.includes(body.id);
    expect(approved && expired).toBe(false);
    if (!approved && !expired) {
      // The job ran before the moment, the approval after it: the next run expires it.
      expect(approval.status).toBe(409);
      expect(((await rt.events.runSchedule()) as { expired: string[] }).expired).toContain(body.id);
    }
    await settle();
    const final = (await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body;
    expect(final.status).toBe(approved ? 'EXECUTED' : 'EXPIRED');
  });
});

describe('settings', () => {
  it('the settings answer sent back unchanged changes nothing; an edited entry of it applies', async () => {
    const h = await hitlHospital(rt.url);
    const before = await h.admin.get('/agent-actions/settings');
    expect(before.status).toBe(200);
    const echoed = await h.admin.put('/agent-actions/settings', before.body);
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body).toEqual(before.body);
    expect((await h.admin.get('/agent-actions/settings')).body).toEqual(before.body);

    // Edit one entry of the list and send the whole list back.
    const edited = before.body.types.map((t: { type: string }) =>
      t.type === 'discharge' ? { ...t, lifetimeMinutes: 60 } : t,
    );
    const changed = await h.admin.put('/agent-actions/settings', { types: edited });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      changed.body.types.map((t: Record<string, unknown>) => [t.type, t.lifetimeMinutes]),
    ).toEqual([
      ['prescription', 240],
      ['admission', 120],
      ['discharge', 60],
      ['lab-order', 480],
      ['radiology-order', 1440],
      ['surgery-booking', 720],
    ]);
    const discharge = changed.body.types.find((t: { type: string }) => t.type === 'discharge');
    expect(discharge.updatedAt).toEqual(expect.any(String));
    expect(
      changed.body.types.filter((t: { updatedAt?: string }) => t.updatedAt !== undefined),
    ).toHaveLength(1);

    // The list form is validated as the map form is, naming the field.
    expectError(
      await h.admin.put('/agent-actions/settings', {
        types: [{ type: 'discharge', lifetimeMinutes: 1 }],
      }),
      400,
      /types\.0\.lifetimeMinutes: must be between 5 and 10080/,
    );
    expectError(
      await h.admin.put('/agent-actions/settings', {
        types: [
          { type: 'discharge', lifetimeMinutes: 90 },
          { type: 'discharge', lifetimeMinutes: 100 },
        ],
      }),
      400,
      /types\.1\.type: discharge appears more than once/,
    );
    expectError(
      await h.admin.put('/agent-actions/settings', {
        types: { discharge: { lifetimeMinutes: 1 } },
      }),
      400,
      /types\.discharge\.lifetimeMinutes: must be between 5 and 10080/,
    );
    // Nothing of the refused updates was applied.
    expect(
      (await h.admin.get('/agent-actions/settings')).body.types.find(
        (t: { type: string }) => t.type === 'discharge',
      ).lifetimeMinutes,
    ).toBe(60);
  });
});

describe('auto-approval', () => {
  it('approves a LOW prescription at proposal on behalf of the doctor an administrator named, but never a CRITICAL one', async () => {
    const h = await hitlHospital(rt.url);
    expectError(
      await h.doctorUser.api.put('/agent-actions/settings', {
        types: { prescription: { autoApprove: true } },
      }),
      403,
    );
    // Prescribing is a doctor's decision (issue 16): the rule acts as a doctor the admin names.
    const on = await h.admin.put('/agent-actions/settings', {
      types: { prescription: { autoApprove: true, autoApproveAs: h.otherDoctor.user.id } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(
      on.body.types.map((t: Record<string, unknown>) => [t.type, t.autoApprove, t.lifetimeMinutes]),
    ).toEqual([
      ['prescription', true, 240],
      ['admission', false, 120],
      ['discharge', false, 720],
      ['lab-order', false, 480],
      ['radiology-order', false, 1440],
      ['surgery-booking', false, 720],
    ]);
    const enabledBy = on.body.types[0].autoApproveEnabledBy;
    expect(enabledBy).toEqual(expect.any(String));

    const { encounter } = await h.encounter();
    const low = await h.proposeRx(encounter.id);
    expect(low.status, JSON.stringify(low.body)).toBe(201);
    expect(low.body).toMatchObject({
      status: 'APPROVED',
      risk: 'LOW',
      decision: { by: 'auto-approval', role: 'DOCTOR' },
    });
    expect(low.body.message).toMatch(/auto-approval/);
    // It runs as the doctor the rule names, not as the administrator who enabled it.
    expect(on.body.types[0].autoApproveAs).toBe(h.otherDoctor.user.id);
    expect(enabledBy).not.toBe(h.otherDoctor.user.id);
    expect(low.body.decision.userId).toBe(h.otherDoctor.user.id);
    await settle();
    const executed = (await h.doctorUser.api.get(`/agent-actions/${low.body.id}`)).body;
    expect(executed.status).toBe('EXECUTED');
    expect(
      executed.history.map(
        (e: { event: string; by: string }) => `${e.event} ${e.by.split(':')[0]}`,
      ),
    ).toEqual(['proposed apiKey', 'auto-approved rule', 'claimed system', 'executed system']);

    // An allergy override is CRITICAL: the setting does not apply.
    const allergic = await h.encounter({ allergies: ['Penicillin'] });
    const critical = await h.proposeRx(allergic.encounter.id, {
      drugName: 'Amoxicillin',
      strength: '500 mg',
      allergyOverrideReason: 'Tolerated amoxicillin in 2024 without reaction',
    });
    expect(critical.status, JSON.stringify(critical.body)).toBe(201);
    expect(critical.body).toMatchObject({ status: 'PENDING', risk: 'CRITICAL' });
    expect(critical.body.riskReasons[0]).toMatch(/^CRITICAL: overrides a recorded allergy/);
    await settle();
    expect(
      (await h.doctorUser.api.get(`/encounters/${allergic.encounter.id}`)).body.prescriptions,
    ).toEqual([]);
  });
});

describe('failures', () => {
  it('an execution the operation refuses ends FAILED with the reason', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    // The encounter ends before the approval: the prescription can no longer be added.
    const ended = await h.doctorUser.api.patch(`/encounters/${encounter.id}`, {
      status: 'completed',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await h.otherDoctor.api.post(`/agent-actions/${body.id}/approve`)).status).toBe(200);
    await settle();
    const failed = (await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body;
    expect(failed.status).toBe('FAILED');
    expect(failed.failure.reason).toMatch(/encounters.prescribe refused: .*finished/);
    const listed = await h.doctorUser.api.get('/agent-actions?status=FAILED');
    expect(listed.body.items.map((a: { id: string }) => a.id)).toEqual([body.id]);
  });

  it('an approval whose publish failed is recovered by the job and executed once', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter();
    const { body } = await h.proposeRx(encounter.id);
    const mock = mockClient(eventBusClient());
    mock.on(PutEventsCommand).rejects(new Error('EventBridge unavailable'));
    let approved: Awaited<ReturnType<typeof h.otherDoctor.api.post>>;
    try {
      approved = await h.otherDoctor.api.post(`/agent-actions/${body.id}/approve`);
      expect(mock.commandCalls(PutEventsCommand)).toHaveLength(1);
    } finally {
      mock.restore();
    }
    expect(approved.status).toBe(200);
    await settle();
    expect((await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body.status).toBe('APPROVED');

    // Not yet due: the job leaves it alone; five minutes later it publishes again.
    expect(
      ((await rt.events.runSchedule()) as { republished: string[] }).republished,
    ).not.toContain(body.id);
    shiftClock(6 * 60_000);
    expect(((await rt.events.runSchedule()) as { republished: string[] }).republished).toContain(
      body.id,
    );
    await settle();
    const done = (await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body;
    expect(done.status).toBe('EXECUTED');
    expect(done.history.map((e: { event: string }) => e.event)).toEqual([
      'proposed',
      'approved',
      'dispatch-retried',
      'claimed',
      'executed',
    ]);
    expect(
      (await h.doctorUser.api.get(`/encounters/${encounter.id}`)).body.prescriptions,
    ).toHaveLength(1);
  });
});

describe('tenancy', () => {
  it("another hospital can neither see nor decide a hospital's actions", async () => {
    const a = await hitlHospital(rt.url);
    const b = await hitlHospital(rt.url);
    const { encounter } = await a.encounter();
    const { body } = await a.proposeRx(encounter.id);
    expectError(await b.doctorUser.api.get(`/agent-actions/${body.id}`), 404);
    expectError(await b.doctorUser.api.post(`/agent-actions/${body.id}/approve`), 404);
    expectError(
      await b.doctorUser.api.post(`/agent-actions/${body.id}/reject`, { reason: 'x' }),
      404,
    );
    expect((await b.doctorUser.api.get('/agent-actions/pending')).body.items).toEqual([]);
    expect((await b.agentKey.api.get('/agent-actions')).body.items).toEqual([]);
    // Proposing on another hospital's encounter finds nothing either.
    expectError(await b.proposeRx(encounter.id), 404);
  });
});
