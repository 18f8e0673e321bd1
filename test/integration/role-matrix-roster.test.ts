import { beforeAll, expect } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { type Client, newTenant, type Reply } from '../support/api';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';
import { finished } from '../support/roster';
import { startTestRuntime } from '../support/runtime';

// Who may call what in the staff roster, written out by hand from docs/routes.md and checked
// against the running service: every allowed role's call succeeds on a real request, every
// other role is refused with 403, and so are API keys without the route's scope.

const MATRIX_MODULES: readonly string[] = ['roster'];
const ANY_ROLE = ROLES;
const MANAGERS = ['ADMIN', 'WARD_MANAGER'] as const;

const ACCESS = {
  'GET /roster/staff': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/staff/{userId}': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'PUT /roster/staff/{userId}': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/rules': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'PUT /roster/rules': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/wards/{wardId}': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'PUT /roster/wards/{wardId}': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'POST /roster/leave': { ok: 201, roles: ANY_ROLE, key: 'roster:write' },
  'GET /roster/leave': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'POST /roster/leave/{id}/decision': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'POST /roster/wards/{wardId}/generations': { ok: 202, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/generations/{id}': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/wards/{wardId}/rosters/{start}': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'PUT /roster/wards/{wardId}/rosters/{start}/assignments': {
    ok: 200,
    roles: MANAGERS,
    key: 'roster:manage',
  },
  'POST /roster/wards/{wardId}/rosters/{start}/publish': {
    ok: 200,
    roles: MANAGERS,
    key: 'roster:manage',
  },
  'POST /roster/swaps': {
    ok: 201,
    roles: ['ADMIN', 'NURSE', 'WARD_MANAGER'],
    key: 'roster:write',
  },
  'GET /roster/swaps': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
  'POST /roster/swaps/{id}/decision': { ok: 200, roles: MANAGERS, key: 'roster:manage' },
  'GET /roster/wards/{wardId}/on-duty': { ok: 200, roles: ANY_ROLE, key: 'roster:read' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

let url = '';
let t: Awaited<ReturnType<typeof newTenant>>;
let manager: Client;
const staff = new Map<Role, Client>();
const userOf = new Map<Role, string>();
let x = ''; // a nurse on wards G and S
let y = ''; // a nurse on ward G
let job = '';
const START = '2027-03-01'; // a Monday
let n = 0;
/** A Monday of its own for each generation of ward G. */
const nextMonday = () => {
  n += 1;
  return new Date(Date.parse(`${START}T00:00:00Z`) + n * 7 * 86_400_000).toISOString().slice(0, 10);
};

async function must(res: Promise<Reply>, status: number, what: string) {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}
const profile = (name: string, wards: string[]) => ({
  name,
  grade: 'band5',
  contractedHoursPerWeek: 30,
  competencies: [],
  wards,
  nightEligible: true,
  preferences: { avoidWeekdays: [], noNights: false },
});
const E_ONLY = (target: number) => ({
  shifts: [{ code: 'E', start: '07:00', end: '15:00', paidHours: 8 }],
  coverage: [{ shift: 'E', dayType: 'weekday', minimum: 1, target, grades: {}, competencies: {} }],
});
const draftOfG = async () => {
  const start = nextMonday();
  const started = await manager.post('/roster/wards/G/generations', {
    start,
    days: 1,
    timeLimitSeconds: 5,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect((await finished(manager, started)).body.status).toBe('done');
  return start;
};
const swapOfS = async () =>
  (
    await must(
      manager.post('/roster/swaps', {
        wardId: 'S',
        start: START,
        date: START,
        fromUserId: userOf.get('NURSE'),
        toUserId: x,
      }),
      201,
      'swap',
    )
  ).id as string;

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /roster/staff': { fresh: () => ({ path: '/roster/staff?wardId=S' }) },
  'GET /roster/staff/{userId}': {
    fresh: (who) => ({
      path: `/roster/staff/${who === 'KEY' || who === 'ADMIN' ? x : userOf.get(who)}`,
    }),
  },
  'PUT /roster/staff/{userId}': {
    fresh: (who) => ({ path: `/roster/staff/${y}`, body: profile(`Nurse Y by ${who}`, ['G']) }),
  },
  'GET /roster/rules': { fresh: () => ({ path: '/roster/rules' }) },
  'PUT /roster/rules': { fresh: () => ({ path: '/roster/rules', body: { minRestHours: 11 } }) },
  'GET /roster/wards/{wardId}': { fresh: () => ({ path: '/roster/wards/S' }) },
  'PUT /roster/wards/{wardId}': { fresh: () => ({ path: '/roster/wards/Q', body: E_ONLY(1) }) },
  'POST /roster/leave': {
    fresh: (who) => ({
      path: '/roster/leave',
      body: {
        kind: 'annual',
        start: '2028-01-03',
        end: '2028-01-04',
        ...(who === 'KEY' ? { userId: y } : {}),
      },
    }),
  },
  'GET /roster/leave': { fresh: () => ({ path: '/roster/leave' }) },
  'POST /roster/leave/{id}/decision': {
    fresh: async () => {
      const leave = await must(
        manager.post('/roster/leave', {
          userId: y,
          kind: 'study',
          start: '2028-02-01',
          end: '2028-02-01',
        }),
        201,
        'leave',
      );
      return { path: `/roster/leave/${leave.id}/decision`, body: { decision: 'approve' } };
    },
  },
  'POST /roster/wards/{wardId}/generations': {
    fresh: () => ({
      path: '/roster/wards/G/generations',
      body: { start: nextMonday(), days: 1, timeLimitSeconds: 5 },
    }),
    refused: () => ({ path: '/roster/wards/G/generations', body: { start: START, days: 1 } }),
  },
  'GET /roster/generations/{id}': { fresh: () => ({ path: `/roster/generations/${job}` }) },
  'GET /roster/wards/{wardId}/rosters/{start}': {
    fresh: () => ({ path: `/roster/wards/S/rosters/${START}` }),
  },
  'PUT /roster/wards/{wardId}/rosters/{start}/assignments': {
    fresh: async () => {
      const start = await draftOfG();
      return {
        path: `/roster/wards/G/rosters/${start}/assignments`,
        body: { version: 1, userId: y, date: start, shift: null },
      };
    },
    refused: () => ({
      path: `/roster/wards/G/rosters/${START}/assignments`,
      body: { version: 1, userId: y, date: START, shift: null },
    }),
  },
  'POST /roster/wards/{wardId}/rosters/{start}/publish': {
    fresh: async () => {
      const start = await draftOfG();
      return { path: `/roster/wards/G/rosters/${start}/publish`, body: { version: 1 } };
    },
    refused: () => ({ path: `/roster/wards/G/rosters/${START}/publish`, body: { version: 1 } }),
  },
  'POST /roster/swaps': {
    fresh: (who) => ({
      path: '/roster/swaps',
      body: {
        wardId: 'S',
        start: START,
        date: START,
        toUserId: x,
        ...(who === 'NURSE' ? {} : { fromUserId: userOf.get('NURSE') }),
      },
    }),
  },
  'GET /roster/swaps': { fresh: () => ({ path: '/roster/swaps?status=requested&wardId=S' }) },
  'POST /roster/swaps/{id}/decision': {
    fresh: async () => ({
      path: `/roster/swaps/${await swapOfS()}/decision`,
      body: { decision: 'approve' },
    }),
    refused: () => ({
      path: '/roster/swaps/00000000-0000-0000-0000-000000000000/decision',
      body: { decision: 'approve' },
    }),
  },
  'GET /roster/wards/{wardId}/on-duty': {
    fresh: () => ({ path: `/roster/wards/S/on-duty?at=${START}T09:00:00Z` }),
  },
};

beforeAll(async () => {
  url = (await startTestRuntime()).url;
  t = await newTenant(url);
  staff.set('ADMIN', t.admin);
  for (const role of ROLES.filter((r) => r !== 'ADMIN')) {
    const s = await t.staff(role);
    staff.set(role, s.api);
    userOf.set(role, s.user.id);
  }
  manager = staff.get('WARD_MANAGER')!;
  x = (await t.staff('NURSE')).user.id;
  y = (await t.staff('NURSE')).user.id;
  // Every staff role's user has a profile (each reads their own; ADMIN reads others'); the matrix nurse and x work ward S.
  for (const [role, id] of userOf) {
    await must(
      manager.put(`/roster/staff/${id}`, profile(role, role === 'NURSE' ? ['S'] : ['Z'])),
      200,
      'profile',
    );
  }
  await must(manager.put(`/roster/staff/${x}`, profile('Nurse X', ['G', 'S'])), 200, 'profile x');
  await must(manager.put(`/roster/staff/${y}`, profile('Nurse Y', ['G'])), 200, 'profile y');
  await must(manager.put('/roster/wards/G', E_ONLY(1)), 200, 'ward G');
  await must(manager.put('/roster/wards/S', E_ONLY(2)), 200, 'ward S');
  // Ward S: both its nurses work the early of START, published (the swaps' roster).
  const startedS = await manager.post('/roster/wards/S/generations', {
    start: START,
    days: 1,
    timeLimitSeconds: 5,
  });
  expect(startedS.status, JSON.stringify(startedS.body)).toBe(202);
  job = startedS.body.id;
  expect((await finished(manager, startedS)).body.status).toBe('done');
  const s = await must(manager.get(`/roster/wards/S/rosters/${START}`), 200, 'S roster');
  expect(s.assignments).toHaveLength(2);
  await must(
    manager.post(`/roster/wards/S/rosters/${START}/publish`, { version: 1 }),
    200,
    'publish S',
  );
}, 180_000);

describeRoleMatrix({
  title: 'the access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await t.key(scopes, name)).api,
  fixtures: 'one by one',
  timeout: 120_000,
});
