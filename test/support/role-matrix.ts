import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES, type Scope } from '../../shared/kernel/scopes';
import type { Client, Reply } from './api';

// What every role × route matrix (test/integration/role-matrix*.test.ts) does with one row: send
// the request it built for the route, then expect the route's success status or a 403 refusal.
// A refused row is sent a second time with input no operation accepts (a body that is not an
// object, an unknown query field): access is decided before input, so the refusal must be the
// same 403 with the same message, never a field-level 400 that shows the input's schema.

/** A request for one route: its concrete path (the template's parameters filled in) and body. */
export interface MatrixRequest {
  path: string;
  body?: unknown;
}

/** The answer to the same request with invalid input, for each refused answer. */
const invalidInputAnswers = new WeakMap<Reply, Reply>();

/** The row's path with a query field no operation declares. */
const withUnknownField = (path: string) => `${path}${path.includes('?') ? '&' : '?'}hmsProbe=%00`;

/** Sends a route's request; the path must fit the route's template, so a row tests its route. */
export async function sendMatrixRequest(
  api: Client,
  route: string,
  req: MatrixRequest,
): Promise<Reply> {
  const [method, template] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
  expect(req.path, `request of ${route}`).toMatch(pattern);
  const read = method === 'GET' || method === 'DELETE';
  const res = await api.call(method, req.path, method === 'GET' ? undefined : (req.body ?? {}));
  if (res.status === 403) {
    const probe = await api.call(
      method,
      withUnknownField(req.path),
      method === 'GET' ? undefined : read ? {} : ['not an object'],
    );
    invalidInputAnswers.set(res, probe);
  }
  return res;
}

export function expectRouteSuccess(res: Reply, route: string, who: string, ok: number) {
  expect(res.status, `${who} → ${route}: ${res.status} ${JSON.stringify(res.body)}`).toBe(ok);
}

/**
 * Refusals of an operation's declared access rule (kernel/access.ts). A refusal decided from the
 * data (a doctor changes only their own schedule) comes after validation by design, so only these
 * are probed with invalid input.
 */
const DECLARED_REFUSAL =
  /^(Role \w+ may not use |API key lacks the required scope |API keys may not use |\S+ changes a patient's care|\S+ needs a person's authority|The free trial )/;

export function expectRouteRefused(res: Reply, route: string, who: string, message: RegExp) {
  const label = `${who} → ${route} must be refused: ${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, label).toBe(403);
  expect(res.body, label).toMatchObject({ statusCode: 403, error: expect.any(String) });
  expect(res.body.message, label).toMatch(message);
  const probe = invalidInputAnswers.get(res);
  if (probe && DECLARED_REFUSAL.test(res.body.message)) {
    const probeLabel = `${who} → ${route} with invalid input must be refused before validation: ${probe.status} ${JSON.stringify(probe.body)}`;
    expect(probe.status, probeLabel).toBe(403);
    expect(probe.body.message, probeLabel).toBe(res.body.message);
  }
}

// ─── The runner every matrix file uses ─────────────────────────────────────────────────────

/** Any API key may call the route, whatever its scopes. */
export const ANY_KEY = 'any key';
/** API keys are refused: the route takes a signed-in person's token only. */
export const NO_KEYS = 'no keys';

/** One row of a matrix file's hand-written access table. */
export interface MatrixRule {
  /**
   * The status of an allowed caller's call: the success status of a valid call, or 400 where the
   * row's requests carry input the operation refuses on purpose, because a valid call would do
   * work too heavy for the matrix (filling a hospital with demo data): access passed, then the
   * input was refused and nothing changed.
   */
  ok: 200 | 201 | 202 | 400;
  /** Staff roles that may call the route. */
  roles: readonly Role[];
  /** The scope an API key needs, or ANY_KEY, or NO_KEYS. */
  key: Scope | typeof ANY_KEY | typeof NO_KEYS;
  /**
   * A clinical decision the service refuses even where the access rule passes: ADMIN (when not in
   * `roles`) and a key holding the scope are refused with this message.
   */
  decision?: RegExp;
  /** A signed-in person's own: a key holding the scope is refused all the same. */
  person?: true;
}

/** Who a request is for: a staff role, or an API key. */
export type MatrixCaller = Role | 'KEY';

/** How a matrix file builds one valid request for a route. */
export interface MatrixRequests {
  /**
   * A valid request for a caller that must succeed. Where the call changes state it makes its own
   * fixtures, so every allowed call stands on its own.
   */
  fresh: (who: MatrixCaller) => Promise<MatrixRequest> | MatrixRequest;
  /** A request on shared fixtures for callers that must be refused; `fresh` if not given. */
  refused?: () => Promise<MatrixRequest> | MatrixRequest;
}

export interface RoleMatrix<R extends string> {
  /** The title of the access table's own tests. */
  title: string;
  /** The file's MATRIX_MODULES: the table must list exactly their routes. */
  modules: readonly string[];
  /** Routes of these modules anyone may call without credentials (not part of the matrix). */
  publicRoutes?: readonly string[];
  access: Record<R, MatrixRule>;
  requests: Record<R, MatrixRequests>;
  /**
   * ADMIN may call every route but these and the `decision` rows; the table is checked to say so.
   * Left out: the table is not checked for ADMIN.
   */
  adminMayNotCall?: readonly R[];
  /** Every staff role's signed-in client, filled by the file's beforeAll. */
  staff: ReadonlyMap<Role, Client>;
  /** Makes an API key of the file's tenant with these scopes. */
  key: (scopes: Scope[], name: string) => Promise<Client>;
  /**
   * `parallel` (the default): for one route, every role's request is built at once, then sent one
   * after another. `one by one`: each role's request is built right before it is sent (fixtures
   * that must not be made at the same time).
   */
  fixtures?: 'parallel' | 'one by one';
  /** Timeout of each route's test. */
  timeout?: number;
  /** More tests of the access table (run in its describe block). */
  tableTests?: () => void;
}

/**
 * Declares a matrix file's tests: its table lists exactly the routes its modules serve and covers
 * every staff role; each route is called by every staff role (allowed roles succeed with the
 * route's status, the others are refused with 403) and by API keys (a key with exactly the route's
 * scope succeeds, a key with every other scope is refused; NO_KEYS rows refuse a key with every
 * scope; ANY_KEY rows accept a key whose only scope no route here needs). Call it after the
 * file's beforeAll: its keys are made after the file's fixtures, before any test.
 */
export function describeRoleMatrix<R extends string>(m: RoleMatrix<R>): void {
  const routes = Object.keys(m.access) as R[];
  const rule = (route: R): MatrixRule => m.access[route];
  const scopes = [...new Set(routes.map((r) => rule(r).key))].filter(
    (k): k is Scope => k !== ANY_KEY && k !== NO_KEYS,
  );
  const exactKey = new Map<Scope, Client>();
  const allButKey = new Map<Scope, Client>();
  let allScopesKey: Client | undefined;
  let unrelatedKey: Client | undefined;

  beforeAll(async () => {
    // Keys one after another: each takes a place in the tenant's key count.
    for (const scope of scopes) {
      exactKey.set(scope, await m.key([scope], `exactly ${scope}`));
      allButKey.set(
        scope,
        await m.key(
          SCOPE_NAMES.filter((s) => s !== scope),
          `all but ${scope}`,
        ),
      );
    }
    if (routes.some((r) => rule(r).key === NO_KEYS))
      allScopesKey = await m.key([...SCOPE_NAMES], 'all scopes');
    const unrelated = SCOPE_NAMES.find((s) => !scopes.includes(s));
    if (routes.some((r) => rule(r).key === ANY_KEY) && unrelated)
      unrelatedKey = await m.key([unrelated], 'unrelated scope');
  }, 120_000);

  const refusedRequest = async (route: R, who: MatrixCaller) => {
    const { fresh, refused } = m.requests[route];
    return refused ? refused() : fresh(who);
  };
  const expectSuccess = (res: Reply, route: R, who: string) =>
    expectRouteSuccess(res, route, who, rule(route).ok);

  describe(m.title, () => {
    it('lists exactly the routes its modules serve', () => {
      const served = allRoutes()
        .filter((r) => m.modules.includes(r.module))
        .map((r) => `${r.method} ${r.path}`)
        .sort();
      expect(served).toEqual([...routes, ...(m.publicRoutes ?? [])].sort());
    });

    const covers = m.adminMayNotCall
      ? 'covers every staff role, and lets ADMIN call every route but the listed and decision ones'
      : 'covers every staff role';
    it(covers, () => {
      // The matrix signs in as every staff role the kernel declares.
      expect([...m.staff.keys()].sort()).toEqual([...ROLES].sort());
      const notAdmin = m.adminMayNotCall;
      if (notAdmin)
        for (const route of routes)
          expect(rule(route).roles.includes('ADMIN'), route).toBe(
            !rule(route).decision && !notAdmin.includes(route),
          );
    });

    m.tableTests?.();
  });

  describe('staff roles', () => {
    it.each(routes)(
      '%s',
      async (route) => {
        const { roles, decision } = rule(route);
        const request = (role: Role) =>
          roles.includes(role) ? m.requests[route].fresh(role) : refusedRequest(route, role);
        const check = (role: Role, res: Reply) => {
          if (roles.includes(role)) expectSuccess(res, route, role);
          else if (role === 'ADMIN' && decision) expectRouteRefused(res, route, role, decision);
          else expectRouteRefused(res, route, role, new RegExp(`^Role ${role} may not use `));
        };
        const staffOf = (role: Role) => {
          const api = m.staff.get(role);
          if (!api) throw new Error(`no ${role} signed in`);
          return api;
        };
        if (m.fixtures === 'one by one') {
          for (const role of ROLES)
            check(role, await sendMatrixRequest(staffOf(role), route, await request(role)));
          return;
        }
        // Fixtures in parallel; the calls one after another.
        const plan = await Promise.all(
          ROLES.map(async (role) => ({ role, req: await request(role) })),
        );
        for (const { role, req } of plan)
          check(role, await sendMatrixRequest(staffOf(role), route, req));
      },
      m.timeout,
    );
  });

  describe('API keys', () => {
    it.each(routes)(
      '%s',
      async (route) => {
        const { key, decision, person } = rule(route);
        const { fresh } = m.requests[route];
        if (key === NO_KEYS) {
          const res = await sendMatrixRequest(
            allScopesKey!,
            route,
            await refusedRequest(route, 'KEY'),
          );
          expectRouteRefused(res, route, 'a key with every scope', /^API keys may not use /);
          return;
        }
        if (key === ANY_KEY) {
          expectSuccess(
            await sendMatrixRequest(unrelatedKey!, route, await fresh('KEY')),
            route,
            'any key',
          );
          return;
        }
        const withScope = await sendMatrixRequest(exactKey.get(key)!, route, await fresh('KEY'));
        if (decision) expectRouteRefused(withScope, route, `a key with exactly ${key}`, decision);
        else if (person) {
          expect(withScope.status, `a key → ${route}`).toBe(403);
          expect(withScope.body.message).toMatch(/signed-in person|person/);
        } else expectSuccess(withScope, route, `a key with exactly ${key}`);
        const without = await sendMatrixRequest(
          allButKey.get(key)!,
          route,
          await refusedRequest(route, 'KEY'),
        );
        expectRouteRefused(
          without,
          route,
          `a key with every scope but ${key}`,
          /^API key lacks the required scope/,
        );
      },
      m.timeout,
    );
  });
}
