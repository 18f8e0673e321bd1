/**
 * A2A text routing with the real @a2a-js/sdk client (issue 21 item 7): the documented examples
 * route to the right skill and parse; patients are found by name or MRN and doctors and
 * departments by name through the search and list capabilities (each lookup audited); only the
 * capabilities the credential may use are considered; the stored booking reason is the reason;
 * every message that reached a skill is audited, also one answered input-required, with the
 * client's name and the key's name; a completed task keeps no pending state; a message to a
 * finished task is A2A's UnsupportedOperation error, naming the state in words.
 */
import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import type { Context } from '../../shared/kernel/context';
import { Stores } from '../../shared/kernel/store/store';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { listAudit } from '../../shared/modules/agent-audit/service';
import { opdHospital, opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof opdHospital>>;
let h: Hospital;
let sen: any;
let cardiology: any;
let ravi: any;

const authed =
  (token: string, extra: Record<string, string> = {}): typeof fetch =>
  (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        authorization: `Bearer ${token}`,
        ...extra,
      },
    });

const card = () => AgentCard.fromJSON(agentCard({ baseUrl: opd.url, mcpUrl: opd.url }));
const client = (token: string, extra: Record<string, string> = {}) =>
  new JsonRpcTransportFactory({ fetchImpl: authed(token, extra) }).create(`${opd.url}/a2a`, card());

const send = async (c: Awaited<ReturnType<typeof client>>, text: string, taskId = '') =>
  (await c.sendMessage({
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId,
      role: Role.ROLE_USER,
      parts: [
        {
          content: { $case: 'text', value: text },
          metadata: undefined,
          filename: '',
          mediaType: '',
        },
      ],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  } as never)) as any;

const statusText = (task: any) =>
  (task.status?.message?.parts ?? [])
    .map((p: any) => (p.content?.$case === 'text' ? p.content.value : ''))
    .join('');
const artifact = (task: any) => task.artifacts.at(-1).parts[0].content.value;

async function records(taskId: string) {
  const ctx = { store: new Stores().forTenant(h.tenantId) } as unknown as Context;
  const page = await listAudit(ctx, { limit: 100 } as never);
  return page.items.filter((r) => r.taskId === taskId).reverse();
}

async function doctorNamed(name: string, departmentId: string) {
  const user = await h.admin.post('/users', {
    name,
    email: `${crypto.randomUUID().slice(0, 8)}@example.test`,
    role: 'DOCTOR',
  });
  expect(user.status).toBe(201);
  const doctor = await h.admin.post('/doctors', {
    userId: user.body.user.id,
    departmentId,
    specialty: 'Cardiology',
    consultationFee: 500,
    schedule: h.doctor.schedule,
  });
  expect(doctor.status).toBe(201);
  return doctor.body;
}

beforeAll(async () => {
  h = await opdHospital(opd.url, TZ);
  expect((await h.admin.patch('/tenants/current', { agentRateLimitPerMinute: 1000 })).status).toBe(
    200,
  );
  const dept = await h.admin.post('/departments', { name: 'Cardiology' });
  expect(dept.status).toBe(201);
  cardiology = dept.body;
  sen = await doctorNamed('Vikram Sen', cardiology.id);
  await doctorNamed('Meera Senthil', cardiology.id);
  ravi = await h.patient({ name: 'Ravi Kumar' });
}, 60_000);

describe('A2A text routing (issue 21)', () => {
  it('books "for Ravi Kumar with Dr Vikram Sen tomorrow at 10:00": names looked up, the reason asked for, not invented', async () => {
    const { key } = await h.key(['agents:reception:write'], 'Reception bot');
    const c = await client(key.secret, { 'x-agent-name': 'front-desk-agent' });
    const first = await send(
      c,
      'Book an appointment for Ravi Kumar with Dr Vikram Sen tomorrow at 10:00',
    );
    expect(first.status.state, statusText(first)).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(first)).toMatch(/I need: reason/);
    expect(first.metadata.pending.args).toMatchObject({ patientId: ravi.id, doctorId: sen.id });
    expect(first.metadata.pending.args.reason).toBeUndefined();

    const done = await send(c, 'because of chest pain', first.id);
    expect(done.status.state, statusText(done)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifact(done)).toMatchObject({
      patientId: ravi.id,
      doctorId: sen.id,
      reason: 'chest pain',
    });
    expect(artifact(done).start).toBe(
      new Date(`${addDays(opd.today, 1)}T10:00:00+05:30`).toISOString(),
    );
    // A completed task keeps no pending state.
    expect(done.metadata.pending ?? null).toBeNull();
    const read = await c.getTask({ tenant: '', id: done.id } as never);
    expect(read.metadata?.pending).toBeUndefined();
    expect(read.metadata?.capability).toBe('book-appointment');

    // Every message that reached a skill, its lookups and the input-required turn included,
    // each naming the client and the key.
    const trail = await records(done.id);
    // (A message's calls share its arrival time: compared as a set.)
    expect(trail.map((r) => `${r.capability} ${r.outcome} ${r.errorCode ?? ''}`).sort()).toEqual([
      'book-appointment failed invalid',
      'book-appointment success ',
      'list-doctors success ',
      'search-patients success ',
    ]);
    for (const r of trail)
      expect(r).toMatchObject({ agent: 'front-desk-agent', keyName: 'Reception bot' });
  });

  it('books by MRN with the reason given, in one message', async () => {
    const { key } = await h.key(['agents:reception:write'], 'Reception bot 2');
    const c = await client(key.secret);
    const day = addDays(opd.today, 2);
    const task = await send(c, `Book patient ${ravi.mrn} with Dr Sen on ${day} at 11:30 for fever`);
    expect(task.status.state, statusText(task)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifact(task)).toMatchObject({ patientId: ravi.id, doctorId: sen.id, reason: 'fever' });
    // The A2A client names itself by its User-Agent when it sends no x-agent-name.
    const [first] = await records(task.id);
    expect(first!.agent).toBeTruthy();
  });

  it('asks which, never guesses, when a name matches several or none', async () => {
    const { key } = await h.key(['agents:reception:write'], 'Reception bot 3');
    const c = await client(key.secret);
    const many = await send(
      c,
      `Book Ravi Kumar with Dr Sen on ${addDays(opd.today, 3)} at 09:30 for fever`,
    );
    // "Sen" is a whole word of Vikram Sen only (not of Meera Senthil): one doctor.
    expect(many.metadata.pending?.args?.doctorId ?? artifact(many).doctorId).toBe(sen.id);
    const none = await send(
      c,
      `Book Ravi Kumar with Dr Nobody on ${addDays(opd.today, 3)} at 09:30 for fever`,
    );
    expect(none.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(none)).toContain('No doctor matches "Dr Nobody".');
    expect(none.metadata.pending.args.doctorId).toBeUndefined();
  });

  it('routes the documented directory examples: "Which doctors work in general medicine?" and "list doctors"', async () => {
    const { key } = await h.key(['doctors:read'], 'Directory bot');
    const c = await client(key.secret);
    const general = await send(c, 'Which doctors work in general medicine?');
    expect(general.status.state, statusText(general)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(general.metadata.capability).toBe('list-doctors');
    expect(artifact(general).items.map((d: any) => d.id)).toEqual([h.doctor.id]);

    const cardio = await send(c, 'Which doctors work in cardiology?');
    expect(
      artifact(cardio)
        .items.map((d: any) => d.name)
        .sort(),
    ).toEqual(['Meera Senthil', 'Vikram Sen']);

    const all = await send(c, 'list doctors');
    expect(all.status.state, statusText(all)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(all.metadata.capability).toBe('list-doctors');
    expect(artifact(all).items).toHaveLength(3);
  });

  it('routes the documented prescription example to propose-prescription and parses it', async () => {
    const doctor = h.doctorUser;
    const enc = await doctor.api.post('/encounters', { patientId: ravi.id });
    expect(enc.status).toBe(201);
    const { key } = await h.key(['agents:clinical:propose'], 'Clinical bot');
    const c = await client(key.secret);
    const first = await send(
      c,
      `Prescribe paracetamol 500 mg, 1 tablet oral every 6 hours for 3 days (12) on encounter ${enc.body.id}`,
    );
    expect(first.metadata.capability).toBe('propose-prescription');
    expect(first.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(statusText(first)).toMatch(/I need: rationale/);
    expect(first.metadata.pending.args).toEqual({
      encounterId: enc.body.id,
      drugName: 'paracetamol',
      strength: '500 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'every 6 hours',
      durationDays: 3,
      quantity: 12,
    });
    const proposed = await send(c, 'because of fever and body ache', first.id);
    expect(proposed.status.state, statusText(proposed)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifact(proposed)).toMatchObject({
      type: 'prescription',
      status: 'PENDING',
      rationale: 'fever and body ache',
      input: { drugName: 'paracetamol', quantity: 12, frequency: 'every 6 hours' },
    });
  });

  it('considers only what the credential may use, and refuses (recorded) what it may not', async () => {
    // A directory key: "Find patient Ravi Kumar" matches only a tool it may not use.
    const { key } = await h.key(['doctors:read'], 'Directory bot 2');
    const c = await client(key.secret);
    const refused = await send(c, 'Find patient Ravi Kumar');
    expect(refused.status.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(refused)).toContain('patients:read');
    expect((await records(refused.id)).map((r) => [r.capability, r.outcome])).toEqual([
      ['search-patients', 'refused'],
    ]);
    // "doctor" words among its own tools win although a clinical tool shares "medicine".
    const list = await send(c, 'Show the doctors of general medicine department');
    expect(list.metadata.capability).toBe('list-doctors');
  });

  it('answers a message to a finished task with UnsupportedOperation (-32004), naming its state in words', async () => {
    const { key } = await h.key(['doctors:read'], 'Directory bot 3');
    const c = await client(key.secret);
    const done = await send(c, 'list doctors');
    expect(done.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const res = await fetch(`${opd.url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: crypto.randomUUID(),
            role: 'user',
            taskId: done.id,
            parts: [{ kind: 'text', text: 'again' }],
          },
        },
      }),
    });
    const body = (await res.json()) as any;
    expect(body.error).toEqual({
      code: -32004,
      message: `Task ${done.id} is completed and takes no further messages: send the message as a new task`,
      data: { state: 'completed' },
    });
    await expect(send(c, 'again', done.id)).rejects.toThrow(/is completed and takes no further/);
  });
});
