import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { client } from '../support/api';
import { opdRuntime } from '../support/opd';

// Access of the discovery and A2A groups, written out by hand. The OpenAPI document is public,
// like the pages; what may be done through /a2a is decided per skill by the operations' own access
// rules (test/integration/a2a.test.ts), so the route itself only needs a credential.

/** The resource groups whose routes this file covers (see role-matrix-coverage.test.ts). */
const MATRIX_GROUPS: readonly string[] = ['openapi', 'a2a'];

/** Routes anyone may call without credentials. */
const PUBLIC_ROUTES = ['GET /.well-known/openapi.json'];

const opd = opdRuntime('Asia/Kolkata');

describe('discovery and A2A access', () => {
  it('lists exactly the routes its groups serve', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_GROUPS.includes(r.group))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('public routes answer without credentials', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await client(opd.url).call(method, path);
      expect(res.status, route).toBe(200);
    }
  });
});
