/**
 * Who may call the OAuth routes of the REST API, written out by hand: every signed-in person may
 * consent for themselves and see and disconnect their agents (the role bounds the scopes, tested
 * in mcp-oauth.test.ts); no API key may, whatever its scopes, since a key must not hand out access.
 * (The authorization server's own endpoints are on the MCP function: mcp-oauth.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES } from '../../shared/kernel/scopes';
import { type Client, expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

const MATRIX_MODULES: readonly string[] = ['oauth'];

/**
 * Route → the answer every staff role gets for an id that names nothing (access passed, then the
 * lookup: 404), or 200 for the list.
 */
const EVERY_ROLE: Record<string, { method: 'GET' | 'POST'; path: string; ok: number }> = {
  'GET /oauth/requests/{id}': { method: 'GET', path: `/oauth/requests/${randomUUID()}`, ok: 404 },
  'POST /oauth/requests/{id}/decision': {
    method: 'POST',
    path: `/oauth/requests/${randomUUID()}/decision`,
    ok: 404,
  },
  'GET /oauth/grants': { method: 'GET', path: '/oauth/grants', ok: 200 },
  'POST /oauth/grants/{id}/revoke': {
    method: 'POST',
    path: `/oauth/grants/${randomUUID()}/revoke`,
    ok: 404,
  },
};

const staff = new Map<Role, Client>();
let allScopesKey: Client;
let url = '';

beforeAll(async () => {
  url = (await startTestRuntime()).url;
  const h = await newTenant(url);
  staff.set('ADMIN', h.admin);
  await Promise.all(
    ROLES.filter((r) => r !== 'ADMIN').map(async (role) =>
      staff.set(role, (await h.staff(role)).api),
    ),
  );
  allScopesKey = (await h.key([...SCOPE_NAMES])).api;
}, 60_000);

describe('oauth routes: the access table', () => {
  it('lists exactly the routes the oauth module serves', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual(Object.keys(EVERY_ROLE).sort());
  });

  it.each(Object.keys(EVERY_ROLE))('%s: every staff role; no key', async (route) => {
    const { method, path, ok } = EVERY_ROLE[route]!;
    const body = method === 'POST' && path.endsWith('/decision') ? { decision: 'deny' } : {};
    for (const role of ROLES) {
      const client = staff.get(role)!;
      const res = method === 'GET' ? await client.get(path) : await client.post(path, body);
      expect(res.status, `${role} ${route}`).toBe(ok);
    }
    const keyRes =
      method === 'GET' ? await allScopesKey.get(path) : await allScopesKey.post(path, body);
    expectError(keyRes, 403, /^API keys may not use /);
  });
});
