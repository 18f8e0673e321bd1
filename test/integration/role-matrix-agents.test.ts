/**
 * Who may call the agent platform's REST routes, written out by hand and checked against the
 * running service (modelled on role-matrix.test.ts): the discovery documents are public; the
 * agent audit log is for administrators only, and no API key may read it, whatever its scopes.
 * (MCP is not a REST route: its access is the scope filter, tested in mcp.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES } from '../../shared/kernel/scopes';
import { type Client, expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const MATRIX_MODULES: readonly string[] = ['agent-meta', 'agent-audit'];

const PUBLIC_ROUTES = [
  'GET /agenty/meta/tools',
  'GET /agenty/meta/skills',
  'GET /.well-known/agent.json',
  'GET /.well-known/agent-card.json',
  'GET /.well-known/ai-plugin.json',
  'GET /.well-known/oauth-protected-resource/a2a',
];

/**
 * Public too, but answering 404 with the MCP server's URL (MCP is its own Function URL); tested
 * under a stage prefix in mcp-pointer.test.ts (locally, without one, MCP itself has these paths).
 */
const MCP_POINTER_ROUTES = ['GET /mcp', 'POST /mcp', 'GET /sse', 'POST /messages'];

/** Route → the roles that may call it (ADMIN always); no API key may call any of them. */
const ACCESS: Record<string, readonly Role[]> = {
  'GET /agenty/admin/audit': ['ADMIN'],
};

const rt = opdRuntime('Asia/Kolkata');
const staff = new Map<Role, Client>();
let allScopesKey: Client;

beforeAll(async () => {
  const h = await opdHospital(rt.url);
  staff.set('ADMIN', h.admin);
  await Promise.all(
    ROLES.filter((r) => r !== 'ADMIN').map(async (role) =>
      staff.set(role, (await h.staff(role)).api),
    ),
  );
  allScopesKey = (await h.key([...SCOPE_NAMES])).api;
}, 60_000);

describe('agent routes: the access table', () => {
  it('lists exactly the routes the agent groups serve', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual(
      [...Object.keys(ACCESS), ...PUBLIC_ROUTES, ...MCP_POINTER_ROUTES].sort(),
    );
  });

  it('public routes answer without credentials', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await fetch(`${rt.url}${path}`, { method });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toMatch(/^application\/json/);
    }
  });

  it.each(Object.keys(ACCESS))('%s: staff roles and keys', async (route) => {
    const path = route.split(' ')[1]!;
    for (const role of ROLES) {
      const res = await staff.get(role)!.get(path);
      if (ACCESS[route]!.includes(role)) expect(res.status, role).toBe(200);
      else expectError(res, 403, new RegExp(`^Role ${role} may not use `));
    }
    expectError(await allScopesKey.get(path), 403, /^API keys may not use /);
  });
});
