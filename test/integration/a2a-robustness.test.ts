/**
 * A2A under hostile or careless input (issue 16, item 15), through the local runtime: a message
 * too large or nested too deeply is a clear JSON-RPC error (not DynamoDB's text, not a stack
 * overflow), internal messages never reach the client, an A2A 1.0 request may carry its own
 * tenant, a task's history is bounded, and a stored task expires. Raw HTTP where the SDK client
 * cannot send the case (malformed JSON-RPC); the real @a2a-js/sdk 1.0 client where it can.
 */
import { AgentCard, Role, type Task, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleA2a } from '../../shared/a2a/json-rpc';
import { agentCard } from '../../shared/agents';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { createLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';
import { opdHospital, opdRuntime } from '../support/opd';

const opd = opdRuntime('Asia/Kolkata');

type Hospital = Awaited<ReturnType<typeof opdHospital>>;
let h: Hospital;
let key: { id: string; secret: string };

beforeAll(async () => {
  h = await opdHospital(opd.url);
  await h.admin.patch('/tenants/current', { agentRateLimitPerMinute: 1000 });
  key = (await h.key(['patients:read', 'doctors:read'], 'A2A robustness')).key;
}, 60_000);

async function rpc(body: unknown) {
  const res = await fetch(`${opd.url}/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const textPart = (text: string) => ({
  content: { $case: 'text' as const, value: text },
  metadata: undefined,
  filename: '',
  mediaType: '',
});

const message = (text: string, taskId = '') => ({
  messageId: crypto.randomUUID(),
  contextId: '',
  taskId,
  role: Role.ROLE_USER,
  parts: [textPart(text)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

const client = () => {
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        authorization: `Bearer ${key.secret}`,
      },
    });
  return new JsonRpcTransportFactory({ fetchImpl }).create(
    `${opd.url}/a2a`,
    AgentCard.fromJSON(agentCard({ baseUrl: opd.url, mcpUrl: opd.url })),
  );
};

const sendMessage = (text: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'SendMessage',
  params: {
    message: {
      messageId: crypto.randomUUID(),
      role: 'ROLE_USER',
      parts: [{ text }],
    },
  },
});

describe('A2A bounds', () => {
  it('a 720 KB message is a clear JSON-RPC error, not the table’s', async () => {
    const res = await rpc(sendMessage(`Find patient ${'x'.repeat(720 * 1024)}`));
    expect(res.status).toBe(200);
    expect(res.body.error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/too large/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/item size|DynamoDB|ValidationException/i);
  });

  it('a part nested 5,000 deep is a clear JSON-RPC error, not a stack overflow', async () => {
    // Written as text: JSON.stringify itself recurses.
    const nested = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const body = JSON.stringify(sendMessage('Find patient Asha')).replace(
      '"parts":[',
      `"parts":[{"data":${nested}},`,
    );
    const res = await rpc(body);
    expect(res.status).toBe(200);
    expect(res.body.error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/nested too deeply/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/call stack/i);
  });

  it('never passes an internal error message through', async () => {
    const stores = new Stores();
    const store = stores.forTenant(h.tenantId);
    const failing = new Error(
      'ValidationException: Item size has exceeded the maximum allowed size',
    );
    store.update = async () => {
      throw failing;
    };
    store.get = async () => {
      throw failing;
    };
    const principal = {
      actor: { kind: 'apiKey' as const, id: key.id, scopes: ['patients:read' as const] },
      tenant: {
        id: h.tenantId,
        slug: h.slug,
        name: 'x',
        status: 'TRIAL' as const,
        trialEndsAt: '',
        timeZone: 'Asia/Kolkata',
      },
    };
    const answer = (await handleA2a(JSON.stringify(sendMessage('Find patient Asha')), {
      principal,
      stores,
      store,
      ownerId: key.id,
      requestId: 'req-internal',
      log: createLogger(),
      now: () => new Date(),
      baseUrl: opd.url,
    })) as any;
    expect(answer.error.code).toBe(-32603);
    expect(answer.error.message).toMatch(/request id req-internal/);
    expect(JSON.stringify(answer)).not.toMatch(/ValidationException|Item size/);
  });

  it('an A2A 1.0 request carrying its own tenant works; another tenant is refused', async () => {
    const a2a = await client();
    const answer = await a2a.sendMessage({
      tenant: h.tenantId,
      message: message('Which departments does the hospital have?'),
      configuration: undefined,
      metadata: undefined,
    });
    const task = answer as Task;
    expect(task?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const other = await rpc({
      ...sendMessage('Which departments does the hospital have?'),
      params: { ...sendMessage('x').params, tenant: 'another-hospital' },
    });
    expect(other.body.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/tenant/),
    });
  });

  it("keeps a task's history bounded", async () => {
    const a2a = await client();
    const first = await a2a.sendMessage({
      tenant: '',
      message: message('hello'),
      configuration: undefined,
      metadata: undefined,
    });
    const taskId = (first as Task).id;
    expect(taskId).not.toBe('');
    for (let i = 0; i < 24; i++) {
      const next = await a2a.sendMessage({
        tenant: '',
        message: message(`hello again ${i}`, taskId),
        configuration: undefined,
        metadata: undefined,
      });
      expect((next as Task).status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    }
    const task = await a2a.getTask({ tenant: '', id: taskId, historyLength: undefined });
    // 25 exchanges would be 50 messages; the task keeps the newest 20.
    expect(task.history).toHaveLength(20);
    const last = task.history.at(-2)?.parts[0]?.content;
    expect(last?.$case === 'text' ? last.value : '').toBe('hello again 23');
  }, 60_000);

  it('a stored task expires (it may hold patient data)', async () => {
    const a2a = await client();
    const answer = await a2a.sendMessage({
      tenant: '',
      message: message('Which departments does the hospital have?'),
      configuration: undefined,
      metadata: undefined,
    });
    const taskId = (answer as Task).id;
    const store = new Stores().forTenant(h.tenantId);
    const item = await store.get(store.keys.entity('A2ATASK', `${key.id}#${taskId}`));
    const days = (Number(item?.expiresAt) * 1000 - systemClock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30.01);

    // Past its expiry it is gone at once, whenever DynamoDB's TTL gets to deleting the item (up
    // to days late; DynamoDB Local never does): not found, not listed, not continued.
    expect(
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: taskId } })).body,
    ).toMatchObject({ result: { id: taskId } });
    shiftClock(30 * 86_400_000 + 60_000);
    const gone = await rpc({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: taskId } });
    expect(gone.body.error.code).toBe(-32001);
    const list = await rpc({ jsonrpc: '2.0', id: 3, method: 'ListTasks', params: {} });
    expect(list.body.result.tasks.map((t: { id: string }) => t.id)).not.toContain(taskId);
    const follow = await rpc({
      jsonrpc: '2.0',
      id: 4,
      method: 'SendMessage',
      params: {
        message: {
          messageId: crypto.randomUUID(),
          taskId,
          role: 'ROLE_USER',
          parts: [{ text: 'and?' }],
        },
      },
    });
    expect(follow.body.error.code).toBe(-32001);
  });
});
