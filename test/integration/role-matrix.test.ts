import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { ROLES } from '../../shared/kernel/roles';
import { SCOPE_NAMES } from '../../shared/kernel/scopes';
import { allRoutes, type ManifestRoute } from '../../shared/api/index';
import { type Client, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
const users = new Map<string, Client>();
let fullKey: Client;
let emptyKey: Client;

const authorised = allRoutes().filter((r) => !r.access.public);
const concrete = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000');
const roleDenied = (body: any) =>
  typeof body?.message === 'string' && /^Role \w+ may not use this endpoint$/.test(body.message);
const scopeDenied = (body: any) =>
  typeof body?.message === 'string' &&
  /^(API key lacks the required scope|API keys may not use this endpoint)/.test(body.message);

function call(api: Client, route: ManifestRoute) {
  return api.call(route.method, concrete(route.path), route.method === 'GET' ? undefined : {});
}

beforeAll(async () => {
  rt = await startTestRuntime();
  const t = await newTenant(rt.url);
  users.set('ADMIN', t.admin);
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) users.set(role, (await t.staff(role)).api);
  fullKey = (await t.key([...SCOPE_NAMES], 'all scopes')).api;
  // A key whose only scope no route requires: every scoped route must refuse it.
  emptyKey = (await t.key(['tenant:read'], 'minimal')).api;
}, 60_000);
afterAll(async () => rt?.close());

// Generated from the manifest: each route × each role, and API keys with and without the scope.
describe('role × route matrix', () => {
  it.each(authorised.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s',
    async (_label, route) => {
      const access = route.access as Exclude<ManifestRoute['access'], { public: true }>;
      for (const role of ROLES) {
        const allowed = role === 'ADMIN' || access.roles === 'any' || access.roles.includes(role);
        const res = await call(users.get(role)!, route);
        if (allowed)
          expect(
            roleDenied(res.body),
            `${role} should pass ${route.method} ${route.path}, got ${res.status} ${JSON.stringify(res.body)}`,
          ).toBe(false);
        else {
          expect(res.status, `${role} must be refused ${route.method} ${route.path}`).toBe(403);
          expect(roleDenied(res.body)).toBe(true);
        }
      }
      const withScope = await call(fullKey, route);
      if (access.scope)
        expect(
          scopeDenied(withScope.body),
          `key with all scopes should pass ${route.method} ${route.path}`,
        ).toBe(false);
      else expect(withScope.status).toBe(403);
      const without = await call(emptyKey, route);
      if (!access.scope || (access.scope !== 'any' && access.scope !== 'tenant:read')) {
        expect(
          without.status,
          `key without ${access.scope ?? 'a scope'} must be refused ${route.method} ${route.path}`,
        ).toBe(403);
        expect(scopeDenied(without.body)).toBe(true);
      }
    },
  );
});
