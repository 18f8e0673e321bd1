/**
 * What guards the MCP endpoints, through the local runtime: 401 before any MCP traffic, the rate
 * limit (the 11th counted request of a minute is a 429 with Retry-After; a burst of 20 in parallel
 * lets exactly 10 through), one audit record per tool call whatever its outcome, the audit log's
 * filters and pages, the discovery documents' counts against tools/list, and MCP Inspector's CLI.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { catalogueCounts } from '../../shared/agents';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { mcpClient, rawToolCall } from '../support/agents';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');
const run = promisify(execFile);

/** Moves the clock to the start of a minute when the current one is too far gone for a test. */
function freshMinute(): void {
  const seconds = systemClock.now().getUTCSeconds();
  if (seconds > 30) shiftClock((61 - seconds) * 1000);
}

describe('MCP authentication', () => {
  it.each([
    ['GET', '/sse'],
    ['POST', '/messages?sessionId=abc'],
    ['POST', '/mcp'],
  ])(
    '%s %s without a credential (or with a bad one) is 401 before any MCP traffic',
    async (method, path) => {
      for (const authorization of [
        undefined,
        'Bearer svc_sk_not-a-real-key-0000000000000000000000',
        'Basic abc',
      ]) {
        const res = await fetch(`${rt.url}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(authorization ? { authorization } : {}),
          },
          ...(method === 'POST'
            ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }
            : {}),
        });
        expect(res.status).toBe(401);
        // Issue 22: the challenge names the protected resource metadata (RFC 9728), and a sent
        // credential that does not verify is named as the problem (invalid_token).
        const metadata = `${rt.url}/.well-known/oauth-protected-resource${path === '/mcp' ? '/mcp' : '/sse'}`;
        const sentKey = authorization?.startsWith('Bearer ');
        expect(res.headers.get('www-authenticate')).toBe(
          sentKey
            ? `Bearer resource_metadata="${metadata}", error="invalid_token", error_description="The API key is unknown or revoked"`
            : `Bearer resource_metadata="${metadata}"`,
        );
        expect(await res.json()).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: sentKey
            ? 'The API key is unknown or revoked'
            : 'Authentication required: send Authorization: Bearer <API key, JWT or OAuth access token>; OAuth clients find the authorization server in resource_metadata',
        });
      }
    },
  );

  it('a user token needs x-tenant-id naming its own tenant', async () => {
    const h = await opdHospital(rt.url);
    const post = (headers: Record<string, string>) =>
      fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${h.token}`,
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    // Issue 22 item 7: a present but incomplete credential is a 400 naming the header, not an
    // OAuth challenge (which would send an OAuth-capable client into a flow that cannot help).
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.headers.get('www-authenticate')).toBeNull();
    expect(((await missing.json()) as { message: string }).message).toBe(
      'x-tenant-id header is required when authenticating with a user token',
    );
    expect((await post({ 'x-tenant-id': 'someone-else' })).status).toBe(403);
    expect((await post({ 'x-tenant-id': h.tenantId })).status).toBe(200);
  });
});

describe('MCP credential checks', () => {
  it('a revoked key stops at once locally; on AWS within the authorizer cache TTL, as on REST', async () => {
    const h = await opdHospital(rt.url);
    const call = (secret: string) =>
      rawToolCall(rt.url, secret, 'list-departments', {}).then((r) => r.status);
    const local = await h.key(['doctors:read']);
    expect(await call(local.key.secret)).toBe(200);
    expect((await h.admin.post(`/api-keys/${local.key.id}/revoke`)).status).toBe(200);
    expect(await call(local.key.secret)).toBe(401);

    process.env.MCP_AUTH_CACHE_SECONDS = '60';
    try {
      const cached = await h.key(['doctors:read']);
      expect(await call(cached.key.secret)).toBe(200);
      expect((await h.admin.post(`/api-keys/${cached.key.id}/revoke`)).status).toBe(200);
      // Still the verified principal of this container, as API Gateway's cached answer would be.
      expect(await call(cached.key.secret)).toBe(200);
      // A credential that never verified is not cached.
      expect(await call('svc_sk_never-valid-0000000000000000000000000000')).toBe(401);
    } finally {
      delete process.env.MCP_AUTH_CACHE_SECONDS;
    }
  }, 60_000);
});

describe('MCP rate limit', () => {
  it('the 11th tool call of a minute answers 429 with Retry-After and the error body', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['agents:operations:read']);
    freshMinute();
    for (let i = 0; i < 10; i++) {
      const res = await rawToolCall(rt.url, key.secret, 'get-queue-status', {
        doctorId: h.doctor.id,
      });
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    const eleventh = await rawToolCall(rt.url, key.secret, 'get-queue-status', {
      doctorId: h.doctor.id,
    });
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectError(
      { status: eleventh.status, body: await eleventh.json() },
      429,
      /10 MCP requests per minute/,
    );
    // Discovery does not count: listing tools still works.
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    expect((await mcp.listTools()).tools.map((t) => t.name)).toContain('get-queue-status');
    await mcp.close();
    // Another credential of the same hospital has its own count.
    const other = await h.key(['agents:operations:read']);
    expect(
      (await rawToolCall(rt.url, other.key.secret, 'get-queue-status', { doctorId: h.doctor.id }))
        .status,
    ).toBe(200);
  }, 60_000);

  it('20 parallel calls let exactly the limit through; the limit is per hospital', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['agents:operations:read']);
    freshMinute();
    const burst = async () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rawToolCall(rt.url, key.secret, 'get-queue-status', { doctorId: h.doctor.id }, i).then(
            (r) => r.status,
          ),
        ),
      );
    const statuses = await burst();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);

    // An administrator raises the hospital's limit: a new key gets 15 of 20.
    expect((await h.admin.patch('/tenants/current', { agentRateLimitPerMinute: 15 })).status).toBe(
      200,
    );
    const second = await h.key(['agents:operations:read']);
    const statuses2 = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rawToolCall(
          rt.url,
          second.key.secret,
          'get-queue-status',
          { doctorId: h.doctor.id },
          i,
        ).then((r) => r.status),
      ),
    );
    expect(statuses2.filter((s) => s === 200)).toHaveLength(15);
  }, 60_000);
});

describe('agent audit log', () => {
  it('holds exactly one record per tool call, with outcome, and filters and pages them', async () => {
    const h = await opdHospital(rt.url);
    expect(
      (await h.admin.patch('/tenants/current', { agentRateLimitPerMinute: 1000 })).status,
    ).toBe(200);
    const { key } = await h.key(['patients:read', 'agents:operations:read']);
    const patient = await h.patient({ name: 'Kavya Rao' });
    const mcp = await mcpClient(rt.url, 'sse', { token: key.secret });
    const calls: [string, Record<string, unknown>, 'success' | 'refused' | 'failed'][] = [
      ['search-patients', { q: 'Kavya' }, 'success'],
      ['get-patient', { id: patient.id }, 'success'],
      ['get-patient', { id: 'no-such-patient' }, 'failed'],
      ['get-patient', { id: 'bad id!' }, 'failed'],
      ['register-patient', { name: 'X' }, 'refused'],
      ['get-queue-status', { doctorId: h.doctor.id }, 'success'],
    ];
    for (const [name, args] of calls) await mcp.callTool({ name, arguments: args });
    await mcp.close();

    const all = await h.admin.get(`/agenty/admin/audit?actor=${key.id}`);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(calls.length);
    // Newest first: the reverse of the calls.
    expect(all.body.items.map((r: any) => [r.capability, r.outcome])).toEqual(
      [...calls].reverse().map(([name, , outcome]) => [name, outcome]),
    );
    const first = all.body.items.at(-1);
    expect(first).toMatchObject({
      transport: 'mcp',
      capability: 'search-patients',
      actorKind: 'apiKey',
      actorId: key.id,
      operations: ['patients.list'],
      outcome: 'success',
      args: { q: '[redacted]' },
    });
    // Over SSE too, the client is named by the clientInfo it sent at initialize (name/version),
    // not by its User-Agent (Node's fetch says "node").
    expect(first.agent).toBe('hms-test-client/1.0.0');
    expect(all.body.items[1]).toMatchObject({
      capability: 'register-patient',
      outcome: 'refused',
      errorCode: 'forbidden',
      operations: [],
      args: { name: '[redacted]' },
    });
    expect(all.body.items.find((r: any) => r.args.id === 'no-such-patient')).toMatchObject({
      outcome: 'failed',
      errorCode: 'not_found',
      operations: ['patients.get'],
    });

    const failed = await h.admin.get(`/agenty/admin/audit?actor=${key.id}&outcome=failed`);
    expect(failed.body.items.map((r: any) => r.errorCode)).toEqual(['invalid', 'not_found']);
    const byCapability = await h.admin.get('/agenty/admin/audit?capability=get-patient');
    expect(byCapability.body.items).toHaveLength(3);
    const page1 = await h.admin.get('/agenty/admin/audit?limit=4');
    expect(page1.body.items).toHaveLength(4);
    const page2 = await h.admin.get(
      `/agenty/admin/audit?limit=4&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect(page2.body.items).toHaveLength(2);
    const until = new Date(Date.parse(first.at) - 1).toISOString();
    const before = await h.admin.get(`/agenty/admin/audit?to=${encodeURIComponent(until)}`);
    expect(before.body.items).toEqual([]);
    const since = await h.admin.get(`/agenty/admin/audit?from=${encodeURIComponent(first.at)}`);
    expect(since.body.items).toHaveLength(calls.length);

    // Administrators only; keys and other roles are refused.
    expectError(await h.reception.api.get('/agenty/admin/audit'), 403);
    expectError(await h.anon.get('/agenty/admin/audit'), 401);
  }, 60_000);
});

describe('discovery documents', () => {
  it('the meta lists, the agent cards and the plugin manifest agree with tools/list', async () => {
    const h = await opdHospital(rt.url);
    const get = async (path: string) => {
      const res = await fetch(`${rt.url}${path}`);
      expect(res.status, path).toBe(200);
      return res.json() as Promise<any>;
    };
    const [tools, skills, card, cardV03, plugin] = await Promise.all([
      get('/agenty/meta/tools'),
      get('/agenty/meta/skills'),
      get('/.well-known/agent.json'),
      get('/.well-known/agent-card.json'),
      get('/.well-known/ai-plugin.json'),
    ]);
    const mcp = await mcpClient(rt.url, 'http', { token: h.token, tenantId: h.tenantId });
    const listed = (await mcp.listTools()).tools;
    const caps = JSON.parse(
      String(
        ((await mcp.readResource({ uri: 'svc://capabilities' })).contents[0] as { text: string })
          .text,
      ),
    );
    await mcp.close();
    const counts = catalogueCounts();
    // An administrator sees every tool.
    expect(listed.map((t) => t.name)).toEqual(tools.tools.map((t: any) => t.name));
    expect(tools.count).toBe(listed.length);
    expect(skills.count).toBe(counts.skills);
    expect(skills.skills).toHaveLength(counts.skills);
    expect(card.skills.map((s: any) => s.id)).toEqual(skills.skills.map((s: any) => s.id));
    expect(cardV03).toEqual(card);
    expect(card.url).toBe(`${rt.url}/a2a`);
    expect(plugin.mcp.tools).toBe(listed.length);
    expect(plugin.a2a.skills).toBe(counts.skills);
    expect(caps.counts).toMatchObject({ tools: listed.length, skills: counts.skills });
  }, 60_000);
});

describe('MCP Inspector CLI', () => {
  it('lists the tools and calls one over both transports', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const inspector = resolve(
      import.meta.dirname,
      '../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
    );
    const cli = async (args: string[]) => {
      const { stdout } = await run(
        process.execPath,
        [inspector, '--cli', ...args, '--header', `Authorization: Bearer ${key.secret}`],
        { timeout: 30_000 },
      );
      return JSON.parse(stdout);
    };
    const viaSse = await cli([`${rt.url}/sse`, '--method', 'tools/list']);
    // support-query is open to every credential (docs/agents.md).
    expect(viaSse.tools.map((t: any) => t.name)).toEqual([
      'list-doctors',
      'list-departments',
      'support-query',
    ]);
    const viaHttp = await cli([
      `${rt.url}/mcp`,
      '--transport',
      'http',
      '--method',
      'tools/call',
      '--tool-name',
      'list-doctors',
      '--tool-arg',
      'limit=5',
    ]);
    expect(viaHttp.isError ?? false).toBe(false);
    expect(viaHttp.structuredContent.items.map((d: any) => d.id)).toEqual([h.doctor.id]);
  }, 90_000);
});
