/**
 * MCP authorization end to end (issue 22): the MCP SDK's own client authorizes itself with OAuth
 * (its OAuthClientProvider: discovery from the 401, dynamic registration, PKCE, consent by a
 * signed-in user, code exchange, refresh), over Streamable HTTP and SSE, against the local
 * runtime; and the refusals: PKCE failure, wrong resource, expired and replayed codes, refresh
 * rotation with replay detection (also concurrent), scope narrowed by role, tenant isolation,
 * revocation. The consent page itself is driven in Chromium in test/browser/oauth-consent.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { toolAnswer } from '../support/agents';
import { newTenant } from '../support/api';
import {
  connectWithOAuth,
  consentOverHttp,
  MemoryOAuthProvider,
  oauthTransport,
  REDIRECT_URL,
  tokenPost,
} from '../support/oauth';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;

// This file registers more clients a minute from one address than the production limit allows;
// the limit itself is tested below with its own setting.
beforeAll(async () => {
  rt = await startTestRuntime();
  process.env.OAUTH_REGISTER_PER_MINUTE = '1000';
});

afterAll(() => {
  delete process.env.OAUTH_REGISTER_PER_MINUTE;
});

afterEach(() => resetClock());

const toolNames = async (client: Client) =>
  (await client.listTools()).tools.map((t) => t.name).sort();

/** A hospital with a staff member of this role, signed in (their session token). */
async function hospitalWith(role: string) {
  const h = await newTenant(rt.url);
  const staff = await h.staff(role);
  return { h, staff, user: { token: staff.token, tenantId: h.tenantId } };
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function registerClient(redirectUris = [REDIRECT_URL]) {
  const res = await fetch(`${rt.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Raw client', redirect_uris: redirectUris }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

function authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const url = new URL(`${rt.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: rt.url,
    scope: 'patients:read doctors:read',
    ...extra,
  }))
    url.searchParams.set(k, v);
  return url;
}

/** A code for this user by the raw protocol (no SDK), with its client and verifier. */
async function rawCode(user: { token: string; tenantId: string }, scopes?: string[]) {
  const clientId = await registerClient();
  const { verifier, challenge } = pkce();
  const asked: Record<string, string> = scopes ? { scope: scopes.join(' ') } : {};
  const back = await consentOverHttp(rt.url, authorizeUrl(clientId, challenge, asked), user, {
    decision: 'allow',
    ...(scopes ? { scopes } : {}),
  });
  return { clientId, verifier, code: back.searchParams.get('code')!, back };
}

const exchange = (c: { clientId: string; verifier: string; code: string }, extra = {}) =>
  tokenPost(rt.url, {
    grant_type: 'authorization_code',
    client_id: c.clientId,
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT_URL,
    resource: rt.url,
    ...extra,
  });

const refreshWith = (clientId: string, refreshToken: string) =>
  tokenPost(rt.url, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
  });

/** A tools/list over Streamable HTTP with a bearer token: its HTTP status. */
const listStatus = async (token: string) =>
  (
    await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
  ).status;

describe('discovery', () => {
  it('publishes protected resource metadata for /mcp and /sse and the authorization server metadata', async () => {
    for (const path of ['', '/mcp', '/sse']) {
      const res = await fetch(`${rt.url}/.well-known/oauth-protected-resource${path}`);
      expect(res.status).toBe(200);
      const doc = (await res.json()) as Record<string, unknown>;
      expect(doc.resource).toBe(rt.url);
      expect(doc.authorization_servers).toEqual([rt.url]);
      expect(doc.bearer_methods_supported).toEqual(['header']);
      expect(doc.scopes_supported).toContain('agents:reception:write');
    }
    const as = (await (
      await fetch(`${rt.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: rt.url,
      authorization_endpoint: `${rt.url}/oauth/authorize`,
      token_endpoint: `${rt.url}/oauth/token`,
      registration_endpoint: `${rt.url}/oauth/register`,
      revocation_endpoint: `${rt.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    });
    // The agent scopes and the operation scopes the agent catalogue is checked against.
    expect(as.scopes_supported).toEqual(
      expect.arrayContaining(['patients:read', 'appointments:write', 'agents:clinical:propose']),
    );
  });

  it('answers 401 with a challenge naming the resource metadata, and says what is wrong with a sent credential', async () => {
    for (const [method, path] of [
      ['POST', '/mcp'],
      ['GET', '/sse'],
    ] as const) {
      const res = await fetch(`${rt.url}${path}`, { method });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${rt.url}/.well-known/oauth-protected-resource${path}"`,
      );
    }
    const badKey = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer svc_sk_not-a-real-key-0000000000000000000000' },
    });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { message: string }).message).toBe(
      'The API key is unknown or revoked',
    );
    expect(badKey.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers a user token without x-tenant-id with 400 naming the header, not an OAuth challenge', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const res = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(((await res.json()) as { message: string }).message).toContain('x-tenant-id');
  });
});

describe('the SDK client authorizes itself', () => {
  it('over Streamable HTTP: lists only the consented tools, is refused others with insufficient_scope, refreshes, and is cut off by revocation', async () => {
    const { h, user } = await hospitalWith('RECEPTIONIST');
    const meera = await h.admin.post('/patients/register', {
      name: 'Meera Iyer',
      dateOfBirth: '1990-04-02',
      sex: 'female',
      phone: '+919845012345',
    });
    expect(meera.status).toBe(201);
    const provider = new MemoryOAuthProvider('Claude (test)');
    const client = await connectWithOAuth(rt.url, 'http', provider, user, [
      'patients:read',
      'doctors:read',
    ]);
    expect(provider.saved?.access_token).toMatch(/^hms_at_/);
    expect(provider.saved?.scope).toBe('patients:read doctors:read');
    expect(await toolNames(client)).toEqual([
      'get-patient',
      'list-departments',
      'list-doctors',
      'search-patients',
      'support-query',
    ]);
    const found = toolAnswer(
      await client.callTool({ name: 'search-patients', arguments: { q: 'Meera' } }),
    );
    expect(found.isError).toBe(false);
    expect(found.body.items.map((p: { name: string }) => p.name)).toEqual(['Meera Iyer']);

    // A tool the role allows but the consent left out: 403 insufficient_scope naming the scope.
    const raw = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'register-patient', arguments: {} },
      }),
    });
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="patients:read doctors:read agents:reception:write"');
    expect(challenge).toContain(
      `resource_metadata="${rt.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    // The SDK reads it as such: it tries to get more scope (a refresh cannot widen), then gives up.
    await expect(client.callTool({ name: 'register-patient', arguments: {} })).rejects.toThrow(
      /403/,
    );

    // Refresh: the SDK's auth() rotates the refresh token; the new access token works.
    const before = provider.saved!;
    const rotated = await refreshWith(String(provider.client!.client_id), before.refresh_token!);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(before.refresh_token);
    expect(await listStatus(next.access_token)).toBe(200);

    // Revocation (RFC 7009) by the client: the grant ends; every token of it stops.
    const revoked = await fetch(`${rt.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: next.refresh_token,
        client_id: String(provider.client!.client_id),
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect(await listStatus(next.access_token)).toBe(401);
    expect((await refreshWith(String(provider.client!.client_id), next.refresh_token)).status).toBe(
      400,
    );
    await client.close();
  });

  it('over SSE, and the token is useless at the REST API', async () => {
    const { user } = await hospitalWith('NURSE');
    const provider = new MemoryOAuthProvider('Inspector (test)');
    const client = await connectWithOAuth(rt.url, 'sse', provider, user, ['lab:read']);
    expect(await toolNames(client)).toEqual([
      'get-critical-lab-results',
      'get-lab-results',
      'get-lab-worklist',
      'support-query',
    ]);
    const worklist = toolAnswer(
      await client.callTool({ name: 'get-lab-worklist', arguments: { list: 'collection' } }),
    );
    expect(worklist.body).toEqual(expect.objectContaining({ items: [] }));
    expect(worklist.isError).toBe(false);
    await client.close();
    // Audience-bound: the REST API (behind the authorizer) refuses it.
    const rest = await fetch(`${rt.url}/patients`, {
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'x-tenant-id': user.tenantId,
      },
    });
    expect(rest.status).toBe(401);
  });

  it('never grants more than the role allows, and a later change of role narrows the grant at once', async () => {
    const { h, staff, user } = await hospitalWith('NURSE');
    // The client asks for everything; the nurse keeps what her role allows; billing:read is not.
    const c = await rawCode(user, ['patients:read', 'billing:read', 'agents:operations:read']);
    const tokens = (await (await exchange(c)).json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe('patients:read agents:operations:read');
    const client = new Client({ name: 'x', version: '1' });
    const provider = new MemoryOAuthProvider();
    provider.saved = { access_token: tokens.access_token, token_type: 'Bearer' };
    await client.connect(oauthTransport(rt.url, 'http', provider));
    // (agents:operations:read brings doctors:read for agent tools: shared/agents/scope-presets.ts.)
    expect(await toolNames(client)).toEqual([
      'get-bed-availability',
      'get-patient',
      'get-pharmacy-stock',
      'get-queue-status',
      'list-departments',
      'list-doctors',
      'onboarding-chat',
      'search-patients',
      'support-query',
    ]);
    // The administrator makes her an accountant: the same token now shows what both allow.
    expect((await h.admin.patch(`/users/${staff.user.id}`, { role: 'ACCOUNTANT' })).status).toBe(
      200,
    );
    expect(await toolNames(client)).toEqual([
      'billing-health-check',
      'get-bed-availability',
      'get-billing-summary',
      'get-patient',
      'get-report',
      'list-departments',
      'list-doctors',
      'onboarding-chat',
      'search-patients',
      'support-query',
    ]);
    await client.close();
  });

  it('keeps hospitals apart: a token sees its own hospital only, and names no other', async () => {
    const a = await hospitalWith('RECEPTIONIST');
    const b = await hospitalWith('RECEPTIONIST');
    const theirs = await b.h.admin.post('/patients/register', {
      name: 'Other Hospital',
      dateOfBirth: '1980-01-01',
      sex: 'male',
      phone: '+919845099999',
    });
    expect(theirs.status).toBe(201);
    const c = await rawCode(a.user, ['patients:read']);
    const { access_token } = (await (await exchange(c)).json()) as { access_token: string };
    const provider = new MemoryOAuthProvider();
    provider.saved = { access_token, token_type: 'Bearer' };
    const client = new Client({ name: 'x', version: '1' });
    await client.connect(oauthTransport(rt.url, 'http', provider));
    const found = toolAnswer(await client.callTool({ name: 'search-patients', arguments: {} }));
    expect(found.body.items).toEqual([]);
    await client.close();
    const other = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access_token}`,
        'x-tenant-id': b.h.tenantId,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(other.status).toBe(403);
  });
});

describe('codes', () => {
  it('refuses a wrong PKCE verifier, another redirect URI and another resource, without spending the code', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    expect(c.back.searchParams.get('state')).toBe('xyz');
    expect(c.back.searchParams.get('iss')).toBe(rt.url);
    const wrong = await exchange({ ...c, verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge (S256)',
    });
    const elsewhere = await exchange(c, { redirect_uri: 'http://127.0.0.1:1/other' });
    expect(((await elsewhere.json()) as { error: string }).error).toBe('invalid_grant');
    const target = await exchange(c, { resource: 'https://api.example.test' });
    expect(((await target.json()) as { error: string }).error).toBe('invalid_target');
    expect((await exchange(c)).status).toBe(200);
  });

  it('sends a request for another resource or without S256 back to the client with the error', async () => {
    const clientId = await registerClient();
    for (const [extra, error] of [
      [{ resource: 'https://evil.example.test' }, 'invalid_target'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const res = await fetch(authorizeUrl(clientId, pkce().challenge, extra), {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URL);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('xyz');
      expect(back.searchParams.get('iss')).toBe(rt.url);
    }
    // An unregistered redirect URI is never redirected to (an open redirector otherwise).
    const foreign = await fetch(
      authorizeUrl(clientId, pkce().challenge, { redirect_uri: 'https://evil.example.test/cb' }),
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(foreign.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses an expired code', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    shiftClock(61_000);
    const res = await exchange(c);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('a replayed code revokes what it gave', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    const first = (await (await exchange(c)).json()) as { access_token: string };
    expect(await listStatus(first.access_token)).toBe(200);
    const again = await exchange(c);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await listStatus(first.access_token)).toBe(401);
  });

  it('redeemed concurrently, a code gives tokens once', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(c)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });
});

describe('refresh tokens', () => {
  it('rotate at every use; a reused one revokes the whole grant', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    const first = (await (await exchange(c)).json()) as { refresh_token: string };
    const second = (await (await refreshWith(c.clientId, first.refresh_token)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    expect(await listStatus(second.access_token)).toBe(200);
    // The first refresh token again: a replay. The grant ends, with the tokens issued since.
    const replay = await refreshWith(c.clientId, first.refresh_token);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await listStatus(second.access_token)).toBe(401);
    expect((await refreshWith(c.clientId, second.refresh_token)).status).toBe(400);
  });

  it('used concurrently, a refresh token rotates once', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    const first = (await (await exchange(c)).json()) as { refresh_token: string };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refreshWith(c.clientId, first.refresh_token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('belong to their client', async () => {
    const { user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user);
    const first = (await (await exchange(c)).json()) as { refresh_token: string };
    const otherClient = await registerClient();
    const res = await refreshWith(otherClient, first.refresh_token);
    expect(res.status).toBe(400);
    expect((await refreshWith(c.clientId, first.refresh_token)).status).toBe(200);
  });
});

describe('connected agents', () => {
  it('a user sees and disconnects their own; an administrator sees every one of the hospital', async () => {
    const { h, staff, user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user, ['patients:read']);
    const { access_token } = (await (await exchange(c)).json()) as { access_token: string };
    const mine = await staff.api.get('/oauth/grants');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      clientName: 'Raw client',
      userId: staff.user.id,
      scopes: ['patients:read'],
      status: 'active',
    });
    const all = await h.admin.get('/oauth/grants');
    expect(all.body.items.map((g: { id: string }) => g.id)).toContain(mine.body.items[0].id);
    // Another hospital's administrator does not find it.
    const other = await newTenant(rt.url);
    expect((await other.admin.post(`/oauth/grants/${mine.body.items[0].id}/revoke`)).status).toBe(
      404,
    );
    const cut = await h.admin.post(`/oauth/grants/${mine.body.items[0].id}/revoke`);
    expect(cut.status).toBe(200);
    expect(cut.body).toMatchObject({ status: 'revoked', revokedBecause: 'admin' });
    expect(await listStatus(access_token)).toBe(401);
  });

  it('"last used" is the last call made with the grant’s tokens (to the minute), not when a token was issued', async () => {
    const { staff, user } = await hospitalWith('RECEPTIONIST');
    const c = await rawCode(user, ['patients:read']);
    const first = (await (await exchange(c)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const grant = async () => (await staff.api.get('/oauth/grants')).body.items[0];
    // Tokens issued, no call yet: never used.
    const issued = await grant();
    expect(issued.lastUsedAt).toBeUndefined();
    expect(issued.tokensActiveUntil).toBeDefined();

    // A call over MCP: used now.
    shiftClock(5 * 60_000);
    const calledAt = Date.now() + 5 * 60_000;
    expect(await listStatus(first.access_token)).toBe(200);
    const used = Date.parse((await grant()).lastUsedAt);
    expect(Math.abs(used - calledAt)).toBeLessThan(5_000);

    // A refresh 10 minutes later issues tokens but is not a call: "last used" stays, while the
    // refresh token's lifetime (tokensActiveUntil) starts again.
    shiftClock(10 * 60_000);
    const refreshed = await refreshWith(c.clientId, first.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string };
    const afterRefresh = await grant();
    expect(Date.parse(afterRefresh.lastUsedAt)).toBe(used);
    expect(Date.parse(afterRefresh.tokensActiveUntil)).toBeGreaterThan(
      Date.parse(issued.tokensActiveUntil) + 14 * 60_000,
    );

    // Calls within a minute of the last recorded one cost no write; a call after it moves it on.
    expect(await listStatus(next.access_token)).toBe(200);
    const recorded = Date.parse((await grant()).lastUsedAt);
    expect(recorded).toBeGreaterThan(used + 9 * 60_000);
    shiftClock(20_000);
    expect(await listStatus(next.access_token)).toBe(200);
    expect(Date.parse((await grant()).lastUsedAt)).toBe(recorded);
    shiftClock(60_000);
    expect(await listStatus(next.access_token)).toBe(200);
    expect(Date.parse((await grant()).lastUsedAt)).toBeGreaterThan(recorded + 60_000);
  });

  it('API keys cannot consent or list grants', async () => {
    const { h } = await hospitalWith('RECEPTIONIST');
    const { api } = await h.key(['patients:read']);
    expect((await api.get('/oauth/grants')).status).toBe(403);
  });
});

describe('registration', () => {
  it('registers public clients with exact or loopback redirect URIs only', async () => {
    const post = (body: unknown) =>
      fetch(`${rt.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await post({
      client_name: 'VS Code',
      redirect_uris: ['http://127.0.0.1/callback', 'https://vscode.dev/redirect'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(ok.status).toBe(201);
    const client = (await ok.json()) as Record<string, unknown>;
    expect(client.token_endpoint_auth_method).toBe('none');
    expect(client.client_secret).toBeUndefined();
    for (const [body, error] of [
      [{ redirect_uris: ['http://example.test/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://example.test/cb#x'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [] }, 'invalid_client_metadata'],
      [
        { redirect_uris: ['https://example.test/cb'], grant_types: ['client_credentials'] },
        'invalid_client_metadata',
      ],
    ] as const) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
  });
});

describe('abuse limits', () => {
  it('rate-limits registration per address with slow_down and Retry-After', async () => {
    process.env.OAUTH_REGISTER_PER_MINUTE = '2';
    try {
      // A minute of its own, so earlier registrations of this file do not count.
      shiftClock(3_600_000);
      const post = () =>
        fetch(`${rt.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [REDIRECT_URL] }),
        });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('60');
      expect(((await third.json()) as { error: string }).error).toBe('slow_down');
    } finally {
      process.env.OAUTH_REGISTER_PER_MINUTE = '1000';
    }
  });

  it('rate-limits the token endpoint per client and per address with slow_down and Retry-After', async () => {
    const clients = [await registerClient(), await registerClient(), await registerClient()];
    const refresh = (clientId: string) => refreshWith(clientId, `hms_rt_${'A'.repeat(43)}`);
    process.env.OAUTH_TOKEN_PER_MINUTE_PER_CLIENT = '2';
    try {
      // A minute of its own (two hours on: the registration test above took the first).
      shiftClock(2 * 3_600_000);
      expect((await refresh(clients[0]!)).status).toBe(400);
      expect((await refresh(clients[0]!)).status).toBe(400);
      const third = await refresh(clients[0]!);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('60');
      expect(((await third.json()) as { error: string }).error).toBe('slow_down');
      // Per client: another client from the same address is still answered.
      expect((await refresh(clients[1]!)).status).toBe(400);
    } finally {
      delete process.env.OAUTH_TOKEN_PER_MINUTE_PER_CLIENT;
    }
    process.env.OAUTH_TOKEN_PER_MINUTE_PER_IP = '3';
    try {
      shiftClock(3_600_000);
      for (const clientId of clients) expect((await refresh(clientId)).status).toBe(400);
      // Per address: a fourth request from it is refused whichever client it names.
      const fourth = await refresh(await registerClient());
      expect(fourth.status).toBe(429);
      expect(((await fourth.json()) as { error: string }).error).toBe('slow_down');
    } finally {
      delete process.env.OAUTH_TOKEN_PER_MINUTE_PER_IP;
    }
  });
});
