import { beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { type Client, newTenant } from '../support/api';
import { opdRuntime } from '../support/opd';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';

// Who may fill a hospital with the demo data and read how far it is, written out by hand and
// checked against the running service: administrators, and a key with demo:write. POST /demo is
// sent with a bad size, so that a caller let in gets 400 (access passed, input refused) and
// nothing is generated; one refused gets 403 before its input is read.

const MATRIX_MODULES: readonly string[] = ['demo'];

const ACCESS = {
  'GET /demo': { ok: 200, roles: ['ADMIN'], key: 'demo:write' },
  'POST /demo': { ok: 400, roles: ['ADMIN'], key: 'demo:write' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /demo': { fresh: () => ({ path: '/demo' }) },
  'POST /demo': { fresh: () => ({ path: '/demo', body: { size: 'huge' } }) },
};

const opd = opdRuntime('Asia/Kolkata');
const staff = new Map<Role, Client>();
let t: Awaited<ReturnType<typeof newTenant>>;

beforeAll(async () => {
  t = await newTenant(opd.url);
  staff.set('ADMIN', t.admin);
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) staff.set(role, (await t.staff(role)).api);
}, 120_000);

describeRoleMatrix({
  title: 'the demo access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await t.key(scopes, name)).api,
});
