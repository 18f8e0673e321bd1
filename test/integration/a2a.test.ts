import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import type { Context } from '../../shared/kernel/context';
import { Stores } from '../../shared/kernel/store/store';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { listAudit } from '../../shared/modules/agent-audit/service';
import { a2aStatusText } from '../support/agents';
import { newTenant } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

// A2A through the local runtime (API Gateway emulation, the authorizer, the a2a function, the
// table), with clients no one on this project wrote: @a2a-js/sdk's 1.0 JSON-RPC transport and its
// 0.3 compat transport, plus the spec's raw `tasks/send`. Every skill call must leave exactly one
// agent audit record.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

const AGENT_SCOPES = [
  'patients:read',
  'appointments:read',
  'encounters:read',
  'doctors:read',
  'agents:reception:write',
  'agents:operations:read',
];

type Hospital = Awaited<ReturnType<typeof opdHospital>>;
let h: Hospital;
let secret: string;
let patient: any;

/** A fetch that adds the credential, as an A2A client's custom fetch does. */
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

async function rpc(body: unknown, token: string | null = secret, contentType = 'application/json') {
  const res = await fetch(`${opd.url}/a2a`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const card = () => AgentCard.fromJSON(agentCard({ baseUrl: opd.url, mcpUrl: opd.url }));
const v1 = (token = secret) =>
  new JsonRpcTransportFactory({ fetchImpl: authed(token) }).create(`${opd.url}/a2a`, card());
const v03 = (token = secret) =>
  new LegacyJsonRpcTransport({ endpoint: `${opd.url}/a2a`, fetchImpl: authed(token) });

const userMessage = (text: string, taskId = '', data?: Record<string, unknown>) => ({
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
        mediaType: '',
      },
      ...(data
        ? [
            {
              content: { $case: 'data' as const, value: data },
              metadata: undefined,
              filename: '',
              mediaType: '',
            },
          ]
        : []),
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
});

async function auditRecords(tenantId: string) {
  const ctx = { store: new Stores().forTenant(tenantId) } as unknown as Context;
  return (await listAudit(ctx, { limit: 100 } as never)).items;
}

async function auditCount(tenantId: string): Promise<number> {
  return (await auditRecords(tenantId)).length;
}

beforeAll(async () => {
  h = await opdHospital(opd.url, TZ);
  secret = (await h.key(AGENT_SCOPES, 'A2A agent')).key.secret;
  patient = await h.patient({ name: 'Asha Verma' });
}, 60_000);

describe('A2A 0.1: tasks/send exactly as the spec shows it', () => {
  it('runs the task the client named, answers it in the 0.1 form, and the later protocols read the same task', async () => {
    const taskId = `task-${crypto.randomUUID()}`;
    const before = await auditCount(h.tenantId);
    const res = await rpc({
      jsonrpc: '2.0',
      method: 'tasks/send',
      id: 'req-1',
      params: {
        id: taskId,
        message: { role: 'user', parts: [{ type: 'text', text: `Find patient ${patient.name}` }] },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.jsonrpc).toBe('2.0');
    expect(res.body.id).toBe('req-1');
    const task = res.body.result;
    expect(task.id).toBe(taskId);
    expect(task.status.state).toBe('completed');
    expect(task.status.message.parts[0].type).toBe('text');
    expect(task.artifacts[0].name).toBe('search-patients');
    expect(task.artifacts[0].parts[0].type).toBe('data');
    expect(task.artifacts[0].parts[0].data.items.map((p: any) => p.id)).toContain(patient.id);
    expect(task.history.map((m: any) => m.role)).toEqual(['user', 'agent']);
    expect(await auditCount(h.tenantId)).toBe(before + 1);
    // The record says which transport, skill, task and request it was.
    const [record] = await auditRecords(h.tenantId);
    expect(record).toMatchObject({
      transport: 'a2a',
      capability: 'search-patients',
      skill: 'patient-lookup',
      taskId,
      rpcId: 'req-1',
      outcome: 'success',
      operations: ['patients.list'],
    });

    // The same task through A2A 0.3 and 1.0.
    const legacy = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'tasks/get',
      params: { id: taskId },
    });
    expect(legacy.body.result).toMatchObject({
      id: taskId,
      kind: 'task',
      status: { state: 'completed' },
    });
    const current = await (await v1()).getTask({ tenant: '', id: taskId } as never);
    expect(current.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

    // A finished task takes no further message: an error, no call, the task unchanged.
    const again = await rpc({
      jsonrpc: '2.0',
      method: 'tasks/send',
      id: 'req-2',
      params: { id: taskId, message: { role: 'user', parts: [{ type: 'text', text: 'again' }] } },
    });
    expect(again.body.error, JSON.stringify(again.body)).toBeDefined();
    expect(await auditCount(h.tenantId)).toBe(before + 1);
    const unchanged = await rpc({
      jsonrpc: '2.0',
      id: 3,
      method: 'tasks/get',
      params: { id: taskId },
    });
    expect(unchanged.body.result.history).toHaveLength(2);
  });

  it('asks for what is missing, and the next tasks/send on the same id completes it', async () => {
    const taskId = `task-${crypto.randomUUID()}`;
    const send = (text: string) =>
      rpc({
        jsonrpc: '2.0',
        method: 'tasks/send',
        id: 'r',
        params: { id: taskId, message: { role: 'user', parts: [{ type: 'text', text }] } },
      });
    const first = await send('Register a new patient, female, born 1990-01-15');
    expect(first.body.result.status.state).toBe('input-required');
    expect(first.body.result.status.message.parts[0].text).toMatch(/I need: name .*phone/);
    const second = await send('named "Meera Iyer", phone +91 98111 22334');
    expect(second.body.result.status.state).toBe('completed');
    expect(second.body.result.artifacts[0].parts[0].data).toMatchObject({
      name: 'Meera Iyer',
      sex: 'female',
      dateOfBirth: '1990-01-15',
    });
    expect(second.body.result.history).toHaveLength(4);
  });
});

describe('@a2a-js/sdk 1.0 client (JSON-RPC transport)', () => {
  it('books through input-required, then reads, lists with pagination, and refuses to cancel a completed task', async () => {
    const client = await v1();
    const tomorrow = addDays(opd.today, 1);
    const before = await auditCount(h.tenantId);
    const first = (await client.sendMessage(
      userMessage(`Book patient ${patient.id} with doctor ${h.doctor.id} on ${tomorrow} at 10:00`),
    )) as any;
    expect(first.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(a2aStatusText(first)).toMatch(/I need: reason/);
    // The message reached the skill: one record, nothing run (issue 21: input-required audited).
    expect(await auditCount(h.tenantId)).toBe(before + 1);
    const [asked] = await auditRecords(h.tenantId);
    expect(asked).toMatchObject({
      transport: 'a2a',
      capability: 'book-appointment',
      skill: 'appointment-management',
      taskId: first.id,
      outcome: 'failed',
      errorCode: 'invalid',
      operations: [],
      keyName: 'A2A agent',
      args: { patientId: patient.id, doctorId: h.doctor.id },
    });

    const done = (await client.sendMessage(userMessage('because of fever', first.id))) as any;
    expect(done.id).toBe(first.id);
    expect(done.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const appointment = done.artifacts[0].parts[0].content.value;
    expect(appointment).toMatchObject({
      patientId: patient.id,
      doctorId: h.doctor.id,
      reason: 'fever',
    });
    expect(await auditCount(h.tenantId)).toBe(before + 2);

    const read = await client.getTask({ tenant: '', id: done.id } as never);
    expect(read.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(read.history.length).toBe(4);

    const listing = (pageToken: string) => ({
      tenant: '',
      contextId: '',
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageSize: 1,
      pageToken,
      statusTimestampAfter: undefined,
    });
    const page1 = await client.listTasks(listing(''));
    expect(page1.tasks).toHaveLength(1);
    expect(page1.tasks[0]!.id).toBe(done.id);
    expect(page1.nextPageToken).not.toBe('');
    const page2 = await client.listTasks(listing(page1.nextPageToken));
    expect(page2.tasks).toHaveLength(1);
    expect(page2.tasks[0]!.id).not.toBe(done.id);

    await expect(client.cancelTask({ tenant: '', id: done.id } as never)).rejects.toThrow(
      /not cancelable/i,
    );
  });

  it('cancels a task that waits for input; a data part may name the capability and its arguments', async () => {
    const client = await v1();
    const waiting = (await client.sendMessage(userMessage('When is the doctor free?'))) as any;
    expect(waiting.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const canceled = await client.cancelTask({ tenant: '', id: waiting.id } as never);
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);

    const direct = (await client.sendMessage(
      userMessage('', '', { capability: 'get-patient', arguments: { id: patient.id } }),
    )) as any;
    expect(direct.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(direct.artifacts[0].parts[0].content.value).toMatchObject({
      id: patient.id,
      name: 'Asha Verma',
    });
  });
});

describe('@a2a-js/sdk 0.3 compat transport', () => {
  it('answers an unroutable message with the list of skills, never a guess, and no call', async () => {
    const client = v03();
    const before = await auditCount(h.tenantId);
    const task = (await client.sendMessage(userMessage('What is the weather in Pune?'))) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const text = a2aStatusText(task);
    for (const skill of ['patient-lookup', 'appointment-management', 'queue-status'])
      expect(text).toContain(skill);
    expect(await auditCount(h.tenantId)).toBe(before);

    const queue = (await client.sendMessage(
      userMessage(`How many patients are waiting for doctor ${h.doctor.id} today?`),
    )) as any;
    expect(queue.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(await auditCount(h.tenantId)).toBe(before + 1);
    const read = await client.getTask({ tenant: '', id: queue.id } as never);
    expect(read.id).toBe(queue.id);

    // Without a doctor, the question is about the whole hospital's queue.
    const hospitalQueue = (await client.sendMessage(userMessage('How long is the queue?'))) as any;
    expect(hospitalQueue.status.state, a2aStatusText(hospitalQueue)).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
    expect(hospitalQueue.artifacts[0].name).toBe('get-queue-status');
    expect(JSON.stringify(hospitalQueue.artifacts[0])).toContain('"doctors"');
  });

  it('a refused skill is a rejected task with one audit record (refusal)', async () => {
    const narrow = (await h.key(['doctors:read'], 'narrow agent')).key.secret;
    const before = await auditCount(h.tenantId);
    const task = (await v03(narrow).sendMessage(
      userMessage(`Show the record of patient ${patient.id}`),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(await auditCount(h.tenantId)).toBe(before + 1);
  });
});

describe('JSON-RPC errors and tenancy', () => {
  it.each([
    ['not json', 'a body that is not JSON', -32700],
    [[], 'a batch', -32600],
    [{ jsonrpc: '2.0', id: 1 }, 'no method', -32600],
    [{ jsonrpc: '1.0', id: 1, method: 'GetTask' }, 'a wrong version', -32600],
    [{ jsonrpc: '2.0', id: 1, method: 'tasks/fly' }, 'an unknown 0.3 method', -32601],
    [{ jsonrpc: '2.0', id: 1, method: 'Fly' }, 'an unknown 1.0 method', -32601],
    [{ jsonrpc: '2.0', id: 1, method: 'launch' }, 'an unknown method', -32601],
    [
      { jsonrpc: '2.0', id: 1, method: 'tasks/send', params: { message: {} } },
      'tasks/send without a task id',
      -32602,
    ],
    [
      { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'no-such-task' } },
      'an unknown task',
      -32001,
    ],
    [
      { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'no-such-task' } },
      'an unknown task (0.3)',
      -32001,
    ],
  ])('%j (%s) → %i', async (body, _what, code) => {
    const res = await rpc(body);
    expect(res.status).toBe(200);
    expect(res.body.jsonrpc).toBe('2.0');
    expect(res.body.error.code, JSON.stringify(res.body)).toBe(code);
  });

  it('401 without a credential, 415 for a body that is not JSON by content type', async () => {
    const anon = await rpc({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } }, null);
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    const text = await rpc('{"jsonrpc":"2.0"}', secret, 'text/plain');
    expect(text.status).toBe(415);
  });

  it("another tenant's (or another credential's) task ids are not found", async () => {
    const other = await newTenant(opd.url);
    const otherKey = (await other.key(AGENT_SCOPES)).key.secret;
    const mine = (await (
      await v1()
    ).sendMessage(userMessage(`Find patient ${patient.name}`))) as any;
    for (const token of [otherKey, (await h.key(AGENT_SCOPES, 'second agent')).key.secret]) {
      const res = await rpc(
        { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: mine.id } },
        token,
      );
      expect(res.body.error.code).toBe(-32001);
      const legacy = await rpc(
        { jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { id: mine.id } },
        token,
      );
      expect(legacy.body.error.code).toBe(-32001);
      // Their list does not show it either.
      const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: {} }, token);
      expect(list.body.result.tasks.map((t: any) => t.id)).not.toContain(mine.id);
    }
    // And another tenant's patient is not found through a skill.
    const theirs = (await v1(otherKey).then((c) =>
      c.sendMessage(
        userMessage('', '', { capability: 'get-patient', arguments: { id: patient.id } }),
      ),
    )) as any;
    expect(theirs.status.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(a2aStatusText(theirs)).toMatch(/not_found/);
  });
});
