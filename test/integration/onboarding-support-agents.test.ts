import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { resetClock } from '../../shared/kernel/clock';
import { mcpClient, toolAnswer } from '../support/agents';
import { newTenant } from '../support/api';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// onboarding-chat and support-query as agents reach them: the real MCP SDK client and the real
// @a2a-js/sdk client against the local runtime on DynamoDB Local. An empty hospital is brought to
// "ready for its first patient" in one conversation, and the readiness is then proven by doing it:
// a patient is registered and booked with the onboarded doctor, and the onboarded ward has beds.

const TZ = 'Asia/Kolkata';
let url: string;

beforeAll(async () => {
  clockToNineAm(TZ);
  url = (await startTestRuntime()).url;
}, 120_000);
afterAll(() => resetClock());

type Tenant = Awaited<ReturnType<typeof newTenant>>;

function a2aClient(auth: Record<string, string>) {
  return new JsonRpcTransportFactory({
    fetchImpl: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), ...auth },
      }),
  }).create(`${url}/a2a`, AgentCard.fromJSON(agentCard({ baseUrl: url, mcpUrl: url })));
}

function textMessage(text: string, taskId = '') {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId,
      role: Role.ROLE_USER,
      parts: [
        {
          content: { $case: 'text' as const, value: text },
          metadata: undefined,
          filename: '',
          mediaType: 'text/plain',
        },
      ],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  } as never;
}

const agentText = (task: any): string => task.status.message.parts[0].content.value;
const lastArtifact = (task: any) => task.artifacts.at(-1).parts[0].content.value;

/** A weekday (Mon-Fri) at least two days ahead (wholly in the future in any time zone). */
function nextWeekday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while ([0, 6].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('onboarding-chat over MCP', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await newTenant(url, { timezone: TZ });
    // A conversation is a call per answer: above the default 10 agent calls per minute.
    await t.admin.patch('/tenants/current', { agentRateLimitPerMinute: 100 });
  }, 60_000);

  it('brings an empty hospital to ready for its first patient in one conversation, re-asking bad answers', async () => {
    const mcp = await mcpClient(url, 'http', { token: t.token, tenantId: t.tenantId });
    const say = async (args: Record<string, unknown>) => {
      const r = toolAnswer(await mcp.callTool({ name: 'onboarding-chat', arguments: args }));
      expect(r.isError, JSON.stringify(r.body)).toBe(false);
      return r.body;
    };
    try {
      let turn = await say({});
      expect(turn).toMatchObject({ ready: false, step: 'departments', did: [], problem: null });
      expect(turn.checklist.map((c: any) => [c.step, c.status])).toEqual([
        ['departments', 'missing'],
        ['doctor', 'missing'],
        ['ward', 'missing'],
        ['formulary', 'missing'],
        ['tariffs', 'missing'],
        ['lab', 'missing'],
        ['staff', 'missing'],
        ['api-key', 'missing'],
        ['auto-approval', 'missing'],
      ]);

      turn = await say({ state: turn.state, answer: 'General Medicine, Cardiology' });
      expect(turn.did).toEqual([
        'Created the department General Medicine.',
        'Created the department Cardiology.',
      ]);
      expect(turn.step).toBe('doctor');

      // Skipping a piece the first patient needs is refused; the same question comes again.
      turn = await say({ state: turn.state, answer: 'skip' });
      expect(turn.step).toBe('doctor');
      expect(turn.problem).toMatch(/needed before the first patient/);

      // A bad answer: nothing is created, the problem names every missing part.
      turn = await say({
        state: turn.state,
        answer: 'Dr Asha Rao, Gastroenterology, Mon-Fri 09:00-13:00',
      });
      expect(turn.did).toEqual([]);
      expect(turn.step).toBe('doctor');
      expect(turn.problem).toMatch(/Gastroenterology/);
      expect(turn.problem).toMatch(/fee/);
      expect(turn.problem).toMatch(/e-mail/);
      expect((await t.admin.get('/doctors')).body.items).toEqual([]);

      const email = `asha.rao.${t.tenantId.slice(0, 6)}@example.org`;
      turn = await say({
        state: turn.state,
        answer: `Dr Asha Rao, General Medicine, Mon-Fri 09:00-13:00, fee 500, ${email}`,
      });
      expect(turn.problem).toBeNull();
      expect(turn.issued).toEqual([
        { for: 'Dr Asha Rao', kind: 'password', id: email, secret: expect.any(String) },
      ]);
      expect(turn.step).toBe('ward');
      expect(turn.ready).toBe(false);

      turn = await say({ state: turn.state, answer: 'Ward A, 45 beds, general, 1500 a day' });
      expect(turn.did).toEqual([
        'Created Ward A (general, mixed).',
        'Added 45 beds to Ward A (WA01…).',
      ]);
      expect(turn.ready).toBe(true);
      expect(turn.step).toBe('formulary');

      // The formulary and its opening stock: a bad answer is asked again, naming what is missing.
      turn = await say({ state: turn.state, answer: 'Paracetamol 500 mg tablet, 1000 in stock' });
      expect(turn.did).toEqual([]);
      expect(turn.problem).toMatch(/^For Paracetamol 500 mg tablet I still need the batch/);
      expect(turn.step).toBe('formulary');
      turn = await say({
        state: turn.state,
        answer:
          'Paracetamol 500 mg tablet, 1000 in stock, batch PCM2301, expires 2030-06-30, cost 1.20, price 2.00',
      });
      expect(turn.did).toEqual([
        'Added Paracetamol 500 mg tablet to the formulary (PARACETAMOL-500MG).',
        'Received 1000 of batch PCM2301 (expires 2030-06-30).',
      ]);
      expect(turn.step).toBe('tariffs');

      // Tariffs and tax: price-list lines until "done", and the consultation tax.
      turn = await say({
        state: turn.state,
        answer: 'XRAY-CHEST, Chest X-ray, 800, radiology, tax 5%',
      });
      expect(turn.did).toEqual(['Priced XRAY-CHEST (Chest X-ray, radiology) at 800 with 5% tax.']);
      expect(turn.step).toBe('tariffs');
      turn = await say({ state: turn.state, answer: 'consultation tax 18%' });
      expect(turn.did).toEqual(['Consultation fees now carry 18% tax (added to the fee).']);
      turn = await say({ state: turn.state, answer: 'done' });
      expect(turn.step).toBe('lab');
      turn = await say({ state: turn.state, answer: 'install' });
      expect(turn.did[0]).toMatch(/^Installed the starter lab catalogue: \d+ tests and \d+ panels/);
      expect(turn.step).toBe('staff');

      turn = await say({
        state: turn.state,
        answer: 'Priya Nair, receptionist, priya.nair.x@example.org',
      });
      expect(turn.issued[0]).toMatchObject({ for: 'Priya Nair', kind: 'password' });
      expect(turn.step).toBe('staff');
      turn = await say({ state: turn.state, answer: 'done' });
      expect(turn.step).toBe('api-key');
      turn = await say({ state: turn.state, answer: 'reception agent, agents:reception:write' });
      expect(turn.issued[0]).toMatchObject({ for: 'reception agent', kind: 'api-key' });
      expect(turn.issued[0].secret).toMatch(/^svc_sk_/);
      expect(turn.step).toBe('auto-approval');
      // Auto-approval is a signed-in administrator's decision, never an agent's: told who may.
      turn = await say({ state: turn.state, answer: `prescription as ${email}` });
      expect(turn.did).toEqual([]);
      expect(turn.problem).toBe(
        `Only a signed-in administrator may turn auto-approval on (prescription as ${email}): on the Settings page (/hospital-settings) or with PUT /settings. An agent, this conversation included, never may.`,
      );
      expect(turn).toMatchObject({ ready: true, question: null, step: null, state: null });
      expect(turn.checklist.map((c: any) => c.status)).toEqual([
        'done',
        'done',
        'done',
        'done',
        'done',
        'done',
        'done',
        'done',
        'skipped',
      ]);
    } finally {
      await mcp.close();
    }

    // Ready means it: the first patient is registered, booked with the doctor, and a bed is free.
    const doctor = (await t.admin.get('/doctors')).body.items[0];
    expect(doctor).toMatchObject({ name: 'Dr Asha Rao', consultationFee: 500 });
    const patient = await t.admin.post('/patients/register', {
      name: 'First Patient',
      dateOfBirth: '1980-05-17',
      sex: 'female',
      phone: '+91 98450 12345',
    });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const slots = await t.admin.get(`/doctors/${doctor.id}/availability?date=${nextWeekday()}`);
    expect(slots.body.slots.length).toBe(16);
    const booked = await t.admin.post('/appointments', {
      patientId: patient.body.id,
      doctorId: doctor.id,
      start: slots.body.slots[0].start,
      reason: 'First visit',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const beds = await t.admin.get('/beds/availability');
    expect(JSON.stringify(beds.body)).toContain('45');
    // What the set-up steps created, through the same operations REST uses.
    const items = (await t.admin.get('/pharmacy/items')).body.items;
    expect(items.map((i: any) => [i.code, i.genericName, i.onHand, i.pricing])).toEqual([
      ['PARACETAMOL-500MG', 'Paracetamol', 1000, { kind: 'fixed', unitPrice: 200 }],
    ]);
    const tariffs = (await t.admin.get('/billing/tariffs')).body.items;
    expect(tariffs.map((x: any) => [x.code, x.unitPrice, x.taxRateBp, x.serviceType])).toEqual([
      ['XRAY-CHEST', 80000, 500, 'radiology'],
    ]);
    expect((await t.admin.get('/billing/settings')).body.consultationTaxRateBp).toBe(1800);
    expect((await t.admin.get('/lab/catalogue')).body.tests.length).toBeGreaterThan(10);
  }, 120_000);

  it('tells a caller who may not create a step who can, and moves on', async () => {
    const other = await newTenant(url, { timezone: TZ });
    const reception = await other.staff('RECEPTIONIST');
    const mcp = await mcpClient(url, 'sse', { token: reception.token, tenantId: other.tenantId });
    try {
      const start = toolAnswer(await mcp.callTool({ name: 'onboarding-chat', arguments: {} }));
      expect(start.body.step).toBe('departments');
      // Staff users and keys are the administrator's to read: unknown, not missing.
      expect(start.body.checklist.find((c: any) => c.step === 'staff')).toMatchObject({
        status: 'unknown',
      });
      const refused = toolAnswer(
        await mcp.callTool({
          name: 'onboarding-chat',
          arguments: { state: start.body.state, answer: 'Cardiology' },
        }),
      );
      expect(refused.isError).toBe(false);
      expect(refused.body.did).toEqual([]);
      expect(refused.body.problem).toBe(
        'You may not create the department Cardiology: ADMIN (signed in or an API key with doctors:write) may. Ask one of them to continue this step.',
      );
      expect(refused.body.step).toBe('doctor');
      expect((await other.admin.get('/departments')).body.items).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('answers a tampered state token or a bad argument with a protocol error, never a 5xx', async () => {
    const mcp = await mcpClient(url, 'http', { token: t.token, tenantId: t.tenantId });
    try {
      const tampered = toolAnswer(
        await mcp.callTool({
          name: 'onboarding-chat',
          arguments: { state: 'eyJ2IjoyfQ', answer: 'x' },
        }),
      );
      expect(tampered.isError).toBe(true);
      expect(tampered.body).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/state/),
      });
      const extra = toolAnswer(
        await mcp.callTool({ name: 'onboarding-chat', arguments: { answer: 1, other: true } }),
      );
      expect(extra.isError).toBe(true);
      expect(extra.body.statusCode).toBe(400);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('onboarding-chat over A2A', () => {
  it('is a multi-turn task: input-required while it asks, completed when nothing is left', async () => {
    const t = await newTenant(url, { timezone: TZ });
    // Twelve turns: above the default 10 agent calls per minute.
    expect((await t.admin.put('/settings', { agents: { rateLimitPerMinute: 100 } })).status).toBe(
      200,
    );
    // A token of its own: the local authorizer keeps what it verified of a token for a while
    // (as API Gateway does), and the one above was verified before the limit changed.
    const { email, password } = t.registration.credentials;
    const token = (await t.anon.post('/auth/login', { email, password })).body.accessToken;
    const client = await a2aClient({
      authorization: `Bearer ${token}`,
      'x-tenant-id': t.tenantId,
    });
    let task = (await client.sendMessage(textMessage('Set up my hospital'))) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(agentText(task)).toMatch(/Which departments/);
    const id = task.id;
    const reply = async (text: string) => {
      task = (await client.sendMessage(textMessage(text, id))) as any;
      expect(task.id).toBe(id);
      return task;
    };
    await reply('General Medicine');
    expect(agentText(task)).toMatch(/Created the department General Medicine/);
    expect(task.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    await reply('Dr Vikram Sen, General Medicine, Mon 10:00-12:00, fee 300');
    expect(agentText(task)).toMatch(/e-mail/);
    expect(lastArtifact(task).step).toBe('doctor');
    await reply(
      `Dr Vikram Sen, General Medicine, Mon 10:00-12:00, fee 300, vikram.${t.tenantId.slice(0, 6)}@example.org`,
    );
    await reply('ICU, 8 beds, icu');
    expect(lastArtifact(task).ready).toBe(true);
    expect(agentText(task)).toMatch(/ready for its first patient/);
    expect(lastArtifact(task).step).toBe('formulary');
    await reply(
      'Ibuprofen 400 mg tablet, 200 in stock, batch IBU7, expires 2030-01-31, cost 0.80, price 1.50',
    );
    expect(agentText(task)).toMatch(/Added Ibuprofen 400 mg tablet to the formulary/);
    expect(lastArtifact(task).step).toBe('tariffs');
    await reply('skip');
    await reply('skip');
    await reply('done');
    await reply('skip');
    expect(lastArtifact(task).step).toBe('auto-approval');
    await reply('none');
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(lastArtifact(task).checklist.map((c: any) => c.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect((await t.admin.get('/pharmacy/items')).body.items[0]).toMatchObject({
      genericName: 'Ibuprofen',
      onHand: 200,
    });
    // The task was persisted across the turns: read back, completed, with its whole history.
    const read = (await client.getTask({ tenant: '', id } as never)) as any;
    expect(read.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(read.history.length).toBeGreaterThanOrEqual(14);
    const wards = await t.admin.get('/wards');
    expect(wards.body.items.map((w: any) => w.name)).toEqual(['ICU']);
  }, 120_000);
});

describe('support-query', () => {
  let t: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await newTenant(url, { timezone: TZ });
    other = await newTenant(url, { timezone: TZ });
  }, 60_000);

  it('answers a how-to question over MCP with passages, links and the route that does the job', async () => {
    const { key } = await t.key(['agents:operations:read'], 'support agent');
    const mcp = await mcpClient(url, 'http', { token: key.secret });
    try {
      const r = toolAnswer(
        await mcp.callTool({
          name: 'support-query',
          arguments: { question: 'How do I admit a patient?' },
        }),
      );
      expect(r.isError, JSON.stringify(r.body)).toBe(false);
      expect(r.body.answer.does).toEqual({
        route: 'POST /admissions',
        operation: 'admissions.admit',
        tools: ['propose-admission'],
        link: 'docs/routes.md#post-admissions',
      });
      expect(r.body.answer.passages.length).toBe(5);
      for (const p of r.body.answer.passages) expect(p.link).toMatch(/^docs\/[a-z0-9-]+\.md#.+/);
      for (const bad of [{}, { question: 5 }, { question: 'x', other: 1 }, { id: '../../etc' }]) {
        const e = toolAnswer(await mcp.callTool({ name: 'support-query', arguments: bad }));
        expect(e.isError, JSON.stringify(bad)).toBe(true);
        expect(e.body.statusCode, JSON.stringify(bad)).toBe(400);
      }
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it("explains a call by audit or request id, within the caller's hospital only", async () => {
    const { key } = await t.key(['agents:operations:read'], 'explained agent');
    const mcp = await mcpClient(url, 'http', { token: key.secret });
    const otherKey = (await other.key(['agents:operations:read'], 'foreign agent')).key;
    const foreign = await mcpClient(url, 'http', { token: otherKey.secret });
    const colleague = (await t.key(['agents:operations:read'], 'colleague agent')).key;
    const sameTenant = await mcpClient(url, 'http', { token: colleague.secret });
    try {
      // A call that is refused (not found): the call to explain.
      await mcp.callTool({ name: 'get-patient', arguments: { id: 'no-such-patient' } });
      const log = await t.admin.get('/agenty/admin/audit?capability=get-patient');
      const record = log.body.items[0];
      expect(record).toBeDefined();
      for (const id of [record.id, record.requestId]) {
        const r = toolAnswer(await mcp.callTool({ name: 'support-query', arguments: { id } }));
        expect(r.isError, JSON.stringify(r.body)).toBe(false);
        expect(r.body.call.record.id).toBe(record.id);
        expect(r.body.call.explanation).toContain(
          'call of get-patient by the API key "explained agent"',
        );
        expect(r.body.call.explanation).toMatch(/refused|failed/);
      }
      // Another hospital's key, and another key of the same hospital: not found.
      for (const client of [foreign, sameTenant]) {
        const r = toolAnswer(
          await client.callTool({ name: 'support-query', arguments: { id: record.id } }),
        );
        expect(r.isError).toBe(true);
        expect(r.body.statusCode).toBe(404);
      }
      // The administrator may look up any call of the hospital.
      const admin = await mcpClient(url, 'http', { token: t.token, tenantId: t.tenantId });
      try {
        const r = toolAnswer(
          await admin.callTool({ name: 'support-query', arguments: { id: record.requestId } }),
        );
        expect(r.body.call.record.id).toBe(record.id);
      } finally {
        await admin.close();
      }
    } finally {
      await Promise.all([mcp.close(), foreign.close(), sameTenant.close()]);
    }
  }, 60_000);

  it('answers a question sent as text to the A2A skill', async () => {
    const { key } = await t.key(['agents:operations:read'], 'a2a support agent');
    const client = await a2aClient({ authorization: `Bearer ${key.secret}` });
    const task = (await client.sendMessage(textMessage('How do I create an API key?'))) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(lastArtifact(task).answer.does).toMatchObject({ route: 'POST /api-keys' });
  }, 60_000);
});
