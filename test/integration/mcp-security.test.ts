/**
 * The agent edge against an attacker (issue 16, items 12 to 14; issue 15, item 6), through the
 * local runtime with raw HTTP where the MCP SDK client cannot say the wrong thing (a malformed
 * JSON-RPC message, a header spelt oddly) and the SDK client where it can:
 * - the rate limit is the verified credential's, whatever the Authorization header's spelling,
 *   counts every call of a batch, and costs nothing for a credential that does not verify;
 *   batches are capped; A2A skill calls spend the same budget;
 * - POST /messages answers every message (or its error) and never hangs; the session is checked
 *   before any tool runs; a session whose holder died is not postable; replies too large for one
 *   mailbox item still arrive, one over the limit is a JSON-RPC error; a revoked key's stream ends;
 * - every call that reaches a tool leaves exactly one audit record (also a 429, also huge
 *   arguments), with arguments bounded and without free text in unknown `…Id` fields.
 */
import { AgentCard, Role, type Task, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import { openSession } from '../../shared/mcp/storage';
import { mcpClient, SseSession, toolAnswer } from '../support/agents';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

afterEach(() => {
  delete process.env.MCP_MAILBOX_MAX_BYTES;
});

/** Moves the clock to the start of a minute when the current one is too far gone for a test. */
function freshMinute(): void {
  const seconds = systemClock.now().getUTCSeconds();
  if (seconds > 30) shiftClock((61 - seconds) * 1000);
}

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** A raw POST /mcp with any Authorization value and any body; never hangs. */
function postMcp(
  authorization: string | undefined,
  body: unknown,
  extra: Record<string, string> = {},
) {
  return fetch(`${rt.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(authorization ? { authorization } : {}), ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

type Hospital = Awaited<ReturnType<typeof opdHospital>>;

async function auditOf(h: Hospital, keyId: string): Promise<any[]> {
  const res = await h.admin.get(`/agenty/admin/audit?actor=${keyId}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items;
}

/** Captures the runtime's request log lines (JSON on stdout) while `run` runs. */
async function requestLines(run: () => Promise<void>): Promise<any[]> {
  const lines: any[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'info';
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed = JSON.parse(line);
        if (parsed.msg === 'request') lines.push(parsed);
      } catch {
        // not a log line
      }
    }
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    await run();
  } finally {
    process.stdout.write = original;
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  }
  return lines;
}

describe('the rate limit belongs to the verified credential', () => {
  it("the Authorization header's spelling does not give one key more calls", async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    freshMinute();
    const spellings = [
      `Bearer ${key.secret}`,
      `bearer ${key.secret}`,
      `BEARER ${key.secret}`,
      `Bearer   ${key.secret}  `,
      `  bEaReR ${key.secret}`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await postMcp(spellings[i % spellings.length], call(i, 'list-departments'));
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // SSE stream opens count too, whatever the spelling.
    const opened = await fetch(`${rt.url}/sse`, {
      headers: { authorization: `BEARER ${key.secret}` },
      signal: AbortSignal.timeout(10_000),
    });
    expect(opened.status).toBe(429);
    await opened.body?.cancel();
  }, 60_000);

  it('every call of a batch counts; a batch over the budget runs none and each call is audited as refused', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    freshMinute();
    const batch = await postMcp(
      `Bearer ${key.secret}`,
      [1, 2, 3, 4].map((i) => call(i, 'list-departments')),
    );
    expect(batch.status).toBe(200);
    expect((await batch.json()) as unknown[]).toHaveLength(4);
    const singles: number[] = [];
    for (let i = 0; i < 7; i++)
      singles.push(
        (await postMcp(`Bearer ${key.secret}`, call(10 + i, 'list-departments'))).status,
      );
    // 4 + 6 = 10 pass; the 7th single call is the 11th of the minute.
    expect(singles).toEqual([200, 200, 200, 200, 200, 200, 429]);

    const other = await h.key(['doctors:read']);
    const over = await postMcp(
      `Bearer ${other.key.secret}`,
      Array.from({ length: 12 }, (_, i) => call(i, 'list-departments')),
    );
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    const records = await auditOf(h, other.key.id);
    expect(records).toHaveLength(12);
    expect(
      new Set(records.map((r) => `${r.outcome}:${r.errorCode}:${r.operations.length}`)),
    ).toEqual(new Set(['refused:rate_limited:0']));
    // The 429 of the single call above left its record too: 11 in all for the first key.
    const first = await auditOf(h, key.id);
    expect(first).toHaveLength(11);
    expect(first[0]).toMatchObject({ outcome: 'refused', errorCode: 'rate_limited' });
  }, 60_000);

  it('batches are capped on /mcp and on /messages', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const auth = { authorization: `Bearer ${key.secret}` };
    const pings = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const ok = await postMcp(auth.authorization, pings(20));
    expect(ok.status).toBe(200);
    const tooMany = await postMcp(auth.authorization, pings(21));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/at most 20/) },
    });
    const sse = await SseSession.open(rt.url, auth);
    const posted = await sse.post(auth, pings(21));
    expect(posted.status).toBe(400);
    expect((await posted.json()).message).toMatch(/at most 20/);
    await sse.close();
  }, 60_000);

  it('a credential that does not verify costs no counter write', async () => {
    const lines = await requestLines(async () => {
      for (const authorization of [
        'Bearer svc_sk_not-a-real-key-000000000000000000000000',
        'Bearer not-even-a-jwt',
      ]) {
        const res = await postMcp(authorization, call(1, 'list-departments'));
        expect(res.status).toBe(401);
      }
    });
    const refused = lines.filter((l) => l.function === 'mcp' && l.statusCode === 401);
    expect(refused).toHaveLength(2);
    // The API-key lookup (one read) for the key, nothing for the JWT that fails its signature.
    expect(refused.map((l) => l.dbCalls)).toEqual([1, 0]);
  }, 60_000);

  it('A2A skill calls spend the same per-credential budget as MCP calls', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    freshMinute();
    for (let i = 0; i < 10; i++)
      expect((await postMcp(`Bearer ${key.secret}`, call(i, 'list-departments'))).status).toBe(200);
    const card = AgentCard.fromJSON(agentCard({ baseUrl: rt.url, mcpUrl: rt.url }));
    const fetchImpl: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          authorization: `Bearer ${key.secret}`,
        },
      });
    const a2a = await new JsonRpcTransportFactory({ fetchImpl }).create(`${rt.url}/a2a`, card);
    const answer = await a2a.sendMessage({
      tenant: '',
      message: {
        messageId: crypto.randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [
          {
            content: { $case: 'data', value: { capability: 'list-departments', arguments: {} } },
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
    });
    const task = answer as Task;
    expect(task?.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    const text = task?.status?.message?.parts[0]?.content;
    expect(text?.$case === 'text' ? text.value : '').toMatch(/rate limit/i);
    const records = await auditOf(h, key.id);
    expect(records[0]).toMatchObject({
      transport: 'a2a',
      capability: 'list-departments',
      outcome: 'refused',
      errorCode: 'rate_limited',
    });
  }, 60_000);
});

describe('POST /messages', () => {
  it('answers every malformed message with a JSON-RPC error, and never hangs', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const auth = { authorization: `Bearer ${key.secret}` };
    const sse = await SseSession.open(rt.url, auth);
    const malformed: [unknown, number | null][] = [
      [{ jsonrpc: '1.0', id: 11, method: 'tools/list' }, 11],
      [{ jsonrpc: '2.0', id: { x: 1 }, method: 'tools/list' }, null],
      [{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: 12 }, 12],
      [{ jsonrpc: '2.0', id: 13, method: 42 }, 13],
    ];
    for (const [message] of malformed) {
      const res = await sse.post(auth, message);
      expect(res.status, JSON.stringify(message)).toBe(202);
    }
    // A batch that repeats an id: the first is answered, the repeat is an error.
    const repeated = await sse.post(auth, [
      { jsonrpc: '2.0', id: 14, method: 'ping' },
      { jsonrpc: '2.0', id: 14, method: 'tools/list' },
    ]);
    expect(repeated.status).toBe(202);
    await sse.waitFor(() => sse.messages.length >= malformed.length + 2);
    const errors = sse.messages.filter((m) => m.error);
    expect(errors.every((m) => m.error.code === -32600)).toBe(true);
    expect(errors.map((m) => m.id).sort()).toEqual([11, 12, 13, 14, null, null, null].sort());
    expect(sse.messages.find((m) => m.id === 14 && m.result)).toBeDefined();
    await sse.close();

    // The same messages over Streamable HTTP are answered too.
    for (const [message, id] of malformed) {
      const res = await postMcp(auth.authorization, message);
      const body = (await res.json()) as any;
      expect(body, JSON.stringify(message)).toMatchObject({ id, error: { code: -32600 } });
    }
    const repeatedHttp = await postMcp(auth.authorization, [
      { jsonrpc: '2.0', id: 14, method: 'ping' },
      { jsonrpc: '2.0', id: 14, method: 'tools/list' },
    ]);
    expect(
      ((await repeatedHttp.json()) as any[]).map((m) => (m.error ? 'error' : 'result')),
    ).toEqual(['result', 'error']);
  }, 90_000);

  it('checks the session before any tool runs: a post to a closed session registers nobody', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['agents:reception:write', 'patients:read']);
    const auth = { authorization: `Bearer ${key.secret}` };
    const sse = await SseSession.open(rt.url, auth);
    const endpoint = sse.endpoint;
    await sse.close();
    // The holder notices the disconnect and closes the session.
    const post = (body: unknown) =>
      fetch(`${rt.url}/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    for (let i = 0; i < 50; i++) {
      if ((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status === 404)
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const name = `Closed Session ${crypto.randomUUID().slice(0, 6)}`;
    const res = await post(
      call(1, 'register-patient', {
        name,
        dateOfBirth: '1990-01-01',
        sex: 'female',
        phone: '+91 98450 12345',
      }),
    );
    expect(res.status).toBe(404);
    const found = await h.reception.api.get(`/patients?q=${encodeURIComponent('Closed Session')}`);
    expect(found.body.items.filter((p: any) => p.name === name)).toEqual([]);
    expect(await auditOf(h, key.id)).toEqual([]);
  }, 60_000);

  it('a session whose stream holder died is not postable', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    // What a holder that crashed leaves behind: its session item, opened ten minutes ago for a
    // one-minute stream, never closed (DynamoDB's TTL removes items up to days late).
    const sessionId = crypto.randomUUID();
    const store = new Stores().forTenant(h.tenantId);
    await openSession(
      store,
      sessionId,
      key.id,
      new Date(systemClock.now().getTime() - 10 * 60_000),
      60,
    );
    const res = await fetch(`${rt.url}/messages?sessionId=${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.secret}` },
      body: JSON.stringify(call(1, 'list-departments')),
      signal: AbortSignal.timeout(10_000),
    });
    expect(res.status).toBe(404);
    expect(await auditOf(h, key.id)).toEqual([]);
  }, 60_000);

  it('a live stream keeps its session postable past its first renewal (10 s)', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const auth = { authorization: `Bearer ${key.secret}` };
    const sse = await SseSession.open(rt.url, auth);
    await new Promise((r) => setTimeout(r, 11_000));
    const res = await sse.post(auth, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(res.status).toBe(202);
    await sse.waitFor(() => sse.messages.length >= 1);
    expect(sse.messages[0]).toMatchObject({ id: 1, result: {} });
    await sse.close();
  }, 60_000);

  it('replies larger than one mailbox item still reach the stream, one message per item', async () => {
    const h = await opdHospital(rt.url);
    const auth = { authorization: `Bearer ${h.token}`, 'x-tenant-id': h.tenantId };
    const sse = await SseSession.open(rt.url, auth);
    // An administrator's tools/list is about 100 KB; five of them are over DynamoDB's 400 KB item.
    const res = await sse.post(
      auth,
      [1, 2, 3, 4, 5].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })),
    );
    expect(res.status).toBe(202);
    await sse.waitFor(() => sse.messages.length >= 5, 30_000);
    expect(sse.messages.map((m) => m.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(sse.messages.every((m) => m.result.tools.length > 20)).toBe(true);
    await sse.close();
  }, 60_000);

  it('a single reply over the mailbox limit is a clear JSON-RPC error', async () => {
    const h = await opdHospital(rt.url);
    const auth = { authorization: `Bearer ${h.token}`, 'x-tenant-id': h.tenantId };
    const sse = await SseSession.open(rt.url, auth);
    process.env.MCP_MAILBOX_MAX_BYTES = '50000';
    const res = await sse.post(auth, [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ]);
    expect(res.status).toBe(202);
    await sse.waitFor(() => sse.messages.length >= 2);
    expect(sse.messages.find((m) => m.id === 1)).toMatchObject({
      error: { code: -32603, message: expect.stringMatching(/too large/) },
    });
    expect(sse.messages.find((m) => m.id === 2)).toMatchObject({ result: {} });
    await sse.close();
  }, 60_000);

  it("a revoked key's open stream ends within the documented time", async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const sse = await SseSession.open(rt.url, { authorization: `Bearer ${key.secret}` });
    expect((await h.admin.post(`/api-keys/${key.id}/revoke`)).status).toBe(200);
    const revokedAt = Date.now();
    // Locally the stream re-checks its credential every 5 s (docs/agents.md).
    await sse.waitFor(() => false, 12_000).catch(() => undefined);
    expect(sse.ended).toBe(true);
    expect(Date.now() - revokedAt).toBeLessThan(12_000);
  }, 60_000);
});

describe('the audit log cannot be evaded', () => {
  it('a refused call with huge arguments leaves one record, its arguments bounded', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    // About 470 KB of fields the old redaction kept as they were: numbers and `…Id` strings.
    const padding = Object.fromEntries([
      ...Array.from({ length: 20_000 }, (_, i) => [`pad${i}`, i]),
      ...Array.from({ length: 2_000 }, (_, i) => [`x${i}Id`, 'y'.repeat(100)]),
    ]);
    const answer = toolAnswer(
      await mcp.callTool({
        name: 'register-patient',
        arguments: { name: 'x'.repeat(1000), ...padding },
      }),
    );
    await mcp.close();
    expect(answer.isError).toBe(true);
    expect(answer.body.statusCode).toBe(403);
    const [record, ...more] = await auditOf(h, key.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({ capability: 'register-patient', outcome: 'refused' });
    expect(JSON.stringify(record.args).length).toBeLessThan(2048);
  }, 60_000);

  it('free text cannot ride into the log in an …Id field', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['patients:read']);
    const patient = await h.patient();
    const secret = 'She told me she is HIV positive';
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    await mcp.callTool({ name: 'get-patient', arguments: { id: patient.id, noteId: secret } });
    await mcp.callTool({ name: 'get-patient', arguments: { id: secret } });
    await mcp.close();
    const read = await postMcp(
      `Bearer ${key.secret}`,
      call('rpc-42', 'get-patient', { id: patient.id }),
    );
    expect(read.status).toBe(200);
    const records = await auditOf(h, key.id);
    expect(records).toHaveLength(3);
    expect(JSON.stringify(records)).not.toContain('HIV');
    // A real id is kept: the record still says which patient was read, and which request asked.
    expect(records[0]).toMatchObject({
      args: { id: patient.id },
      rpcId: 'rpc-42',
      outcome: 'success',
    });
  }, 60_000);

  it('a 429 leaves its record', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    freshMinute();
    for (let i = 0; i < 10; i++)
      expect((await postMcp(`Bearer ${key.secret}`, call(i, 'list-departments'))).status).toBe(200);
    const refused = await postMcp(`Bearer ${key.secret}`, call(99, 'list-departments'));
    expectError({ status: refused.status, body: await refused.json() }, 429);
    const records = await auditOf(h, key.id);
    expect(records).toHaveLength(11);
    expect(records[0]).toMatchObject({
      capability: 'list-departments',
      outcome: 'refused',
      errorCode: 'rate_limited',
      rpcId: '99',
    });
  }, 60_000);
});
