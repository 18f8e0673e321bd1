/**
 * A2A with OAuth access tokens (issue 22 item 6): a token obtained through the real authorization
 * flow (registration, authorize with PKCE and `resource=<api>/a2a`, consent by a signed-in user,
 * code exchange) drives the real @a2a-js/sdk client against the local runtime (API Gateway
 * emulation with the authorizer's policy cache, the a2a function, the table). Tokens are bound to
 * one resource: an MCP token does not open /a2a, an A2A token opens neither MCP nor any REST route.
 * The grant's scopes narrow the user's role exactly as a key's scopes do; revoking the grant stops
 * the token at its next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AgentCard, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../shared/kernel/context';
import { Stores } from '../../shared/kernel/store/store';
import { listAudit } from '../../shared/modules/agent-audit/service';
import { a2aDataMessage, a2aStatusText } from '../support/agents';
import { newTenant } from '../support/api';
import { consentOverHttp, REDIRECT_URL, tokenPost } from '../support/oauth';
import { opdHospital, opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof opdHospital>>;
let h: Hospital;
let patient: any;
let receptionist: { token: string; tenantId: string };

beforeAll(async () => {
  process.env.OAUTH_REGISTER_PER_MINUTE = '1000';
  h = await opdHospital(opd.url, TZ);
  patient = await h.patient({ name: 'Ravi Menon' });
  const staff = await h.staff('RECEPTIONIST');
  receptionist = { token: staff.token, tenantId: h.tenantId };
}, 60_000);

afterAll(() => {
  delete process.env.OAUTH_REGISTER_PER_MINUTE;
});

const a2aUrl = () => `${opd.url}/a2a`;

async function fetchCard() {
  const res = await fetch(`${opd.url}/.well-known/agent-card.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

/**
 * A token through the whole flow, as an A2A client reading the card would get it: registration,
 * the card's authorization URL with PKCE and the resource, the user's consent, the token URL.
 */
async function oauthToken(
  user: { token: string; tenantId: string },
  scopes: string[],
  resource = a2aUrl(),
) {
  const card = await fetchCard();
  const flow = card.securitySchemes.oauth.flows.authorizationCode;
  const meta = (await (await fetch(card.securitySchemes.oauth.oauth2MetadataUrl)).json()) as any;
  const reg = await fetch(meta.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'A2A planner', redirect_uris: [REDIRECT_URL] }),
  });
  const clientId = ((await reg.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(flow.authorizationUrl);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'a2a',
    resource,
    scope: scopes.join(' '),
  }))
    url.searchParams.set(k, v);
  const back = await consentOverHttp(opd.url, url, user, { decision: 'allow', scopes });
  const res = await tokenPost(opd.url, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code: back.searchParams.get('code')!,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URL,
    resource,
  });
  expect(res.status).toBe(200);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  return { ...tokens, clientId };
}

const authed =
  (token: string): typeof fetch =>
  (input, init) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
    });

async function v1(token: string) {
  return new JsonRpcTransportFactory({ fetchImpl: authed(token) }).create(
    a2aUrl(),
    AgentCard.fromJSON(await fetchCard()),
  );
}

async function auditRecords(tenantId: string) {
  const ctx = { store: new Stores().forTenant(tenantId) } as unknown as Context;
  return (await listAudit(ctx, { limit: 100 } as never)).items;
}

const rawA2a = (token: string) =>
  fetch(a2aUrl(), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'none' } }),
  });

describe('the agent card advertises the OAuth scheme', () => {
  it('parses with the SDK: authorization code with PKCE at our authorization server, beside the bearer key', async () => {
    const card = AgentCard.fromJSON(await fetchCard());
    expect(Object.keys(card.securitySchemes).sort()).toEqual(['bearer', 'oauth']);
    const scheme = card.securitySchemes.oauth!.scheme!;
    expect(scheme.$case).toBe('oauth2SecurityScheme');
    if (scheme.$case !== 'oauth2SecurityScheme') return;
    expect(scheme.value.oauth2MetadataUrl).toBe(
      `${opd.url}/.well-known/oauth-authorization-server`,
    );
    const flow = scheme.value.flows!.flow!;
    expect(flow.$case).toBe('authorizationCode');
    if (flow.$case !== 'authorizationCode') return;
    expect(flow.value).toMatchObject({
      authorizationUrl: `${opd.url}/oauth/authorize`,
      tokenUrl: `${opd.url}/oauth/token`,
      pkceRequired: true,
    });
    expect(flow.value.scopes['patients:read']).toBe('Search and read patient records');
    expect(card.securityRequirements.map((r) => Object.keys(r.schemes))).toEqual([
      ['bearer'],
      ['oauth'],
    ]);
    // The 0.3 spelling names the same flow.
    const raw = await fetchCard();
    expect(raw.securitySchemes.oauth.type).toBe('oauth2');
    expect(raw.security).toEqual([{ bearer: [] }, { oauth: [] }]);
  });

  it('the authorization server issues tokens for /a2a as a resource of its own', async () => {
    const meta = (await (
      await fetch(`${opd.url}/.well-known/oauth-authorization-server`)
    ).json()) as any;
    expect(meta.issuer).toBe(opd.url);
  });
});

describe('an A2A token from the real flow', () => {
  it('runs the skills its grant covers with the 1.0 and 0.3 clients, refuses the rest as a key is refused, and is audited as the agent acting for the user', async () => {
    const { access_token } = await oauthToken(receptionist, ['patients:read']);
    const client = await v1(access_token);
    const found = (await client.sendMessage(
      a2aDataMessage({ capability: 'get-patient', arguments: { id: patient.id } }),
    )) as any;
    expect(found.status.state, a2aStatusText(found)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(found.artifacts[0].parts[0].content.value).toMatchObject({
      id: patient.id,
      name: 'Ravi Menon',
    });

    // The receptionist's role may list doctors; the grant does not hold doctors:read.
    const refused = (await client.sendMessage(
      a2aDataMessage({ capability: 'list-doctors' }),
    )) as any;
    expect(refused.status.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(a2aStatusText(refused)).toMatch(/refused/);

    // The 0.3 client reads the task the token created.
    const legacy = new LegacyJsonRpcTransport({
      endpoint: a2aUrl(),
      fetchImpl: authed(access_token),
    });
    const again = (await legacy.getTask({ id: found.id } as never)) as any;
    expect(again.status.state).toBe(TaskState.TASK_STATE_COMPLETED);

    const records = await auditRecords(h.tenantId);
    const mine = records.filter((r: any) => r.taskId === found.id || r.taskId === refused.id);
    expect(mine.map((r: any) => [r.capability, r.outcome]).sort()).toEqual([
      ['get-patient', 'success'],
      ['list-doctors', 'refused'],
    ]);
    expect(mine[0]).toMatchObject({ transport: 'a2a' });
  });

  it('owns its tasks by its grant: the user signed in, or another agent of theirs, does not see them', async () => {
    const first = await oauthToken(receptionist, ['patients:read']);
    const second = await oauthToken(receptionist, ['patients:read']);
    const task = (await (
      await v1(first.access_token)
    ).sendMessage(
      a2aDataMessage({ capability: 'get-patient', arguments: { id: patient.id } }),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    await expect(
      (await v1(second.access_token)).getTask({ tenant: '', id: task.id } as never),
    ).rejects.toThrow(/not found/i);
    const asUser = await fetch(a2aUrl(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${receptionist.token}`,
        'x-tenant-id': h.tenantId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: task.id } }),
    });
    expect(((await asUser.json()) as any).error.code).toBe(-32001);
  });

  it('is bound to its resource: an MCP token does not open /a2a, an A2A token opens neither MCP nor REST', async () => {
    const mcpToken = (await oauthToken(receptionist, ['patients:read'], opd.url)).access_token;
    expect((await rawA2a(mcpToken)).status).toBe(401);

    const a2aToken = (await oauthToken(receptionist, ['patients:read'])).access_token;
    expect((await rawA2a(a2aToken)).status).toBe(200);
    const mcp = await fetch(`${opd.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${a2aToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toMatch(/invalid_token/);
    // The cached policy names POST /a2a alone: every REST route is refused, before any function.
    for (const path of [`/patients/${patient.id}`, '/oauth/grants'])
      expect(
        (await fetch(`${opd.url}${path}`, { headers: { authorization: `Bearer ${a2aToken}` } }))
          .status,
      ).toBe(403);
    // A token tried on a REST route first is refused there too (its first policy is the same).
    const fresh = (await oauthToken(receptionist, ['patients:read'])).access_token;
    expect(
      (
        await fetch(`${opd.url}/patients/${patient.id}`, {
          headers: { authorization: `Bearer ${fresh}` },
        })
      ).status,
    ).toBe(403);
    expect((await rawA2a(fresh)).status).toBe(200);
  });

  it('a token for another hospital’s user never reaches this hospital: x-tenant-id naming it is 403', async () => {
    const other = await newTenant(opd.url);
    const token = (
      await oauthToken({ token: other.token, tenantId: other.tenantId }, ['patients:read'])
    ).access_token;
    const res = await fetch(a2aUrl(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-tenant-id': h.tenantId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } }),
    });
    expect(res.status).toBe(403);
    const task = (await (
      await v1(token)
    ).sendMessage(
      a2aDataMessage({ capability: 'get-patient', arguments: { id: patient.id } }),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(a2aStatusText(task)).toMatch(/not_found/);
  });

  it('stops at its next request once the grant is revoked, and its refresh token with it', async () => {
    const { access_token, refresh_token, clientId } = await oauthToken(receptionist, [
      'patients:read',
    ]);
    expect((await rawA2a(access_token)).status).toBe(200);
    const grants = await h.admin.get('/oauth/grants');
    const grant = grants.body.items.find((g: any) => g.clientId === clientId);
    // Its call over /a2a is its "last used" on the connected-agents page.
    expect(Date.parse(grant.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(grant.createdAt));
    expect((await h.admin.post(`/oauth/grants/${grant.id}/revoke`)).status).toBe(200);
    expect((await rawA2a(access_token)).status).toBe(401);
    const refreshed = await tokenPost(opd.url, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token,
    });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as any).error).toBe('invalid_grant');
  });

  it('a refreshed A2A token keeps its resource', async () => {
    const { refresh_token, clientId } = await oauthToken(receptionist, ['patients:read']);
    const res = await tokenPost(opd.url, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token,
      resource: a2aUrl(),
    });
    expect(res.status).toBe(200);
    const next = (await res.json()) as { access_token: string };
    expect((await rawA2a(next.access_token)).status).toBe(200);
  });
});

describe('the 401 of /a2a is its own OAuth challenge (issue 22: as on AWS, through the authorizer)', () => {
  const post = (headers: Record<string, string>) =>
    fetch(a2aUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'none' } }),
    });
  const metadata = () => `${opd.url}/.well-known/oauth-protected-resource/a2a`;

  it('without a credential: 401 pointing at the protected resource metadata of /a2a, which names /a2a as the resource', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadata()}"`);
    expect(await res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message:
        'Authentication required: send Authorization: Bearer <API key, JWT or OAuth access token>; OAuth clients find the authorization server in resource_metadata',
    });
    const doc = (await (await fetch(metadata())).json()) as { resource: string };
    expect(doc.resource).toBe(a2aUrl());
  });

  it('with a credential that does not verify: 401 that names the problem (invalid_token)', async () => {
    const unknownKey = await post({
      authorization: 'Bearer svc_sk_not-a-real-key-0000000000000000000000',
    });
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata()}", error="invalid_token", error_description="The API key is unknown or revoked"`,
    );
    expect(((await unknownKey.json()) as { message: string }).message).toBe(
      'The API key is unknown or revoked',
    );
    const expired = await post({ authorization: `Bearer hms_at_${'A'.repeat(43)}` });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await expired.json()) as { message: string }).message).toBe(
      'The access token is expired or revoked, or was issued for another resource',
    );
  });

  it('a session token without x-tenant-id is a 400 naming the header, not an OAuth challenge', async () => {
    const res = await post({ authorization: `Bearer ${receptionist.token}` });
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(((await res.json()) as { message: string }).message).toBe(
      'x-tenant-id header is required when authenticating with a user token',
    );
  });

  it('REST routes keep API Gateway’s own 401, which points no OAuth client at /a2a', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer svc_sk_not-a-real-key-0000000000000000000000' },
    ]) {
      for (const [method, path] of [
        ['GET', '/patients'],
        ['GET', '/oauth/grants'],
        ['POST', '/patients/register'],
      ] as const) {
        const res = await fetch(`${opd.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.headers.get('www-authenticate'), `${method} ${path}`).toBeNull();
      }
    }
    // …and a GET of /a2a is no route of the API at all.
    expect((await fetch(a2aUrl())).status).not.toBe(401);
  });
});
