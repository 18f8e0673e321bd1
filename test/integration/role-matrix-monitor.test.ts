import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES, type Scope } from '../../shared/kernel/scopes';
import type { Client, Reply } from '../support/api';
import { newTenant } from '../support/api';
import { opdRuntime } from '../support/opd';
import {
  expectRouteRefused,
  expectRouteSuccess,
  type MatrixRequest,
  sendMatrixRequest,
} from '../support/role-matrix';

// Who may read the system monitor, written out by hand and checked against the running service:
// administrators and managers (the hospital's operations), and a key with monitor:read.

const MATRIX_MODULES: readonly string[] = ['monitor'];

interface Rule {
  ok: 200;
  roles: readonly Role[];
  key: Scope;
}

const ACCESS = {
  'GET /system/monitor': { ok: 200, roles: ['ADMIN', 'MANAGER'], key: 'monitor:read' },
} as const satisfies Record<string, Rule>;

type RouteKey = keyof typeof ACCESS;
const ROUTE_KEYS = Object.keys(ACCESS) as RouteKey[];
const rule = (route: RouteKey): Rule => ACCESS[route];
const REQUESTS: Record<RouteKey, () => MatrixRequest> = {
  'GET /system/monitor': () => ({ path: '/system/monitor' }),
};

const opd = opdRuntime('Asia/Kolkata');
const staff = new Map<Role, Client>();
const exactKey = new Map<Scope, Client>();
const allButKey = new Map<Scope, Client>();

beforeAll(async () => {
  const t = await newTenant(opd.url);
  staff.set('ADMIN', t.admin);
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) staff.set(role, (await t.staff(role)).api);
  for (const scope of ['monitor:read'] as const) {
    exactKey.set(scope, (await t.key([scope], `exactly ${scope}`)).api);
    allButKey.set(
      scope,
      (
        await t.key(
          SCOPE_NAMES.filter((s) => s !== scope),
          `all but ${scope}`,
        )
      ).api,
    );
  }
}, 120_000);

const send = (api: Client, route: RouteKey, req: MatrixRequest) =>
  sendMatrixRequest(api, route, req);
const expectSuccess = (res: Reply, route: RouteKey, who: string) =>
  expectRouteSuccess(res, route, who, rule(route).ok);

describe('the monitor access table', () => {
  it('lists exactly the routes its groups serve', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...ROUTE_KEYS].sort());
  });

  it('covers every staff role', () => {
    expect([...staff.keys()].sort()).toEqual([...ROLES].sort());
  });
});

describe('staff roles', () => {
  it.each(ROUTE_KEYS)('%s', async (route) => {
    for (const role of ROLES) {
      const res = await send(staff.get(role)!, route, REQUESTS[route]());
      if (rule(route).roles.includes(role)) expectSuccess(res, route, role);
      else expectRouteRefused(res, route, role, new RegExp(`^Role ${role} may not use `));
    }
  });
});

describe('API keys', () => {
  it.each(ROUTE_KEYS)('%s', async (route) => {
    const { key } = rule(route);
    expectSuccess(
      await send(exactKey.get(key)!, route, REQUESTS[route]()),
      route,
      `a key with exactly ${key}`,
    );
    expectRouteRefused(
      await send(allButKey.get(key)!, route, REQUESTS[route]()),
      route,
      `a key with every scope but ${key}`,
      /^API key lacks the required scope/,
    );
  });
});
