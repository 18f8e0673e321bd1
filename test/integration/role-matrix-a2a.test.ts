import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES } from '../../shared/kernel/roles';
import { client, newTenant } from '../support/api';
import { opdRuntime } from '../support/opd';

// Access of the discovery and A2A groups, written out by hand. The OpenAPI document is public,
// like the pages; what may be done through /a2a is decided per skill by the operations' own access
// rules (test/integration/a2a.test.ts), so the route itself only needs a credential.

/** The resource groups whose routes this file covers (see role-matrix-coverage.test.ts). */
const MATRIX_MODULES: readonly string[] = ['openapi', 'a2a'];

/** Routes anyone may call without credentials. */
const PUBLIC_ROUTES = ['GET /.well-known/openapi.json'];

/**
 * Routes that need a credential but no particular role or scope: every staff role and any API key
 * reach them; each skill then applies its operations' own rules (a2a.test.ts).
 */
const ANY_CREDENTIAL_ROUTES = ['POST /a2a'];

const LIST_TASKS = { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: {} };

const opd = opdRuntime('Asia/Kolkata');

describe('discovery and A2A access', () => {
  it('lists exactly the routes its groups serve', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...PUBLIC_ROUTES, ...ANY_CREDENTIAL_ROUTES].sort());
  });

  it('public routes answer without credentials', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await client(opd.url).call(method, path);
      expect(res.status, route).toBe(200);
    }
  });

  it('POST /a2a: 401 without a credential; every staff role and any API key get a JSON-RPC answer', async () => {
    const anon = await client(opd.url).post('/a2a', LIST_TASKS);
    expect(anon.status).toBe(401);
    const t = await newTenant(opd.url);
    const callers = [
      ...(await Promise.all(ROLES.filter((r) => r !== 'ADMIN').map((r) => t.staff(r)))).map(
        (s) => s.api,
      ),
      t.admin,
      (await t.key(['doctors:read'])).api,
    ];
    for (const api of callers) {
      const res = await api.post('/a2a', LIST_TASKS);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.tasks).toEqual([]);
    }
  }, 60_000);
});
