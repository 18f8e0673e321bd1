import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES } from '../../shared/kernel/scopes';
import type { Client } from '../support/api';
import { newTenant } from '../support/api';
import { opdRuntime } from '../support/opd';
import { expectRouteRefused, expectRouteSuccess, sendMatrixRequest } from '../support/role-matrix';

// Who may fill a hospital with the demo data and read how far it is, written out by hand and
// checked against the running service: administrators, and a key with demo:write. POST /demo is
// sent with a bad size, so that a caller let in gets 400 (access passed, input refused) and
// nothing is generated; one refused gets 403 before its input is read.

const MATRIX_MODULES: readonly string[] = ['demo'];

const ROUTES = ['GET /demo', 'POST /demo'] as const;
type RouteKey = (typeof ROUTES)[number];
const REQUESTS = {
  'GET /demo': { path: '/demo' },
  'POST /demo': { path: '/demo', body: { size: 'huge' } },
} as const;
const OK: Record<RouteKey, number> = { 'GET /demo': 200, 'POST /demo': 400 };

const opd = opdRuntime('Asia/Kolkata');
const staff = new Map<Role, Client>();
let exactKey: Client;
let allButKey: Client;

beforeAll(async () => {
  const t = await newTenant(opd.url);
  staff.set('ADMIN', t.admin);
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) staff.set(role, (await t.staff(role)).api);
  exactKey = (await t.key(['demo:write'], 'exactly demo:write')).api;
  allButKey = (
    await t.key(
      SCOPE_NAMES.filter((s) => s !== 'demo:write'),
      'all but demo:write',
    )
  ).api;
}, 120_000);

describe('the demo access table', () => {
  it('lists exactly the routes its group serves', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...ROUTES].sort());
  });
});

describe('staff roles: the administrator only', () => {
  it.each(ROUTES)('%s', async (route) => {
    for (const role of ROLES) {
      const res = await sendMatrixRequest(staff.get(role)!, route, REQUESTS[route]);
      if (role === 'ADMIN') expectRouteSuccess(res, route, role, OK[route]);
      else expectRouteRefused(res, route, role, new RegExp(`^Role ${role} may not use `));
    }
  });
});

describe('API keys: demo:write', () => {
  it.each(ROUTES)('%s', async (route) => {
    expectRouteSuccess(
      await sendMatrixRequest(exactKey, route, REQUESTS[route]),
      route,
      'a key with exactly demo:write',
      OK[route],
    );
    expectRouteRefused(
      await sendMatrixRequest(allButKey, route, REQUESTS[route]),
      route,
      'a key with every scope but demo:write',
      /^API key lacks the required scope/,
    );
  });
});
