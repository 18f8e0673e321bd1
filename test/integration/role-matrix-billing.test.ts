import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES, type Scope } from '../../shared/kernel/scopes';
import type { Client, Reply } from '../support/api';
import { billingHospital, SETTINGS } from '../support/billing';
import { opdRuntime } from '../support/opd';
import {
  expectRouteRefused,
  expectRouteSuccess,
  type MatrixRequest,
  sendMatrixRequest,
} from '../support/role-matrix';

// Who may call the billing routes, written out by hand, and checked against the running service
// as in role-matrix.test.ts: every allowed role succeeds on a real request, every other role and
// every API key without the route's scope is refused with 403. Cashiers and accountants bill,
// collect and refund; accountants (and ADMIN) set prices and the billing rules.

const MATRIX_MODULES: readonly string[] = ['billing'];

/** Every staff role, from the kernel; the tables below say, by hand, what each may do. */
const MATRIX_ROLES = ROLES;

interface Rule {
  ok: 200 | 201;
  roles: readonly Role[];
  key: Scope;
}

const BILLERS = ['ADMIN', 'CASHIER', 'ACCOUNTANT'] as const;

const ACCESS = {
  'GET /billing': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'POST /billing': { ok: 201, roles: BILLERS, key: 'billing:write' },
  'GET /billing/dashboard': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'GET /billing/settings': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'PUT /billing/settings': { ok: 200, roles: ['ADMIN', 'ACCOUNTANT'], key: 'billing:write' },
  'GET /billing/tariffs': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'PUT /billing/tariffs/{code}': { ok: 200, roles: ['ADMIN', 'ACCOUNTANT'], key: 'billing:write' },
  'GET /billing/charges': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'POST /billing/charges': { ok: 201, roles: BILLERS, key: 'billing:write' },
  'POST /billing/charges/{id}/void': { ok: 200, roles: BILLERS, key: 'billing:write' },
  'GET /billing/{id}': { ok: 200, roles: BILLERS, key: 'billing:read' },
  'PATCH /billing/{id}/status': { ok: 200, roles: BILLERS, key: 'billing:write' },
  'POST /billing/{id}/payments': { ok: 201, roles: BILLERS, key: 'billing:write' },
  'POST /billing/{id}/refunds': { ok: 201, roles: BILLERS, key: 'billing:write' },
} as const satisfies Record<string, Rule>;

type RouteKey = keyof typeof ACCESS;
const ROUTE_KEYS = Object.keys(ACCESS) as RouteKey[];
const rule = (route: RouteKey): Rule => ACCESS[route];

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof billingHospital>>;
type Who = Role | 'KEY';

let h: Hospital;
const staff = new Map<Role, Client>();
const exactKey = new Map<Scope, Client>();
const allButKey = new Map<Scope, Client>();

/** Shared fixtures for refused callers: each request would succeed if its caller were allowed. */
let f: { patient: any; charge: any; draft: any; issued: any; paid: any; payment: any };

let n = 0;
const next = () => ++n;

async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const newCharge = (patientId: string) =>
  must(
    h.cashier.api.post('/billing/charges', {
      patientId,
      serviceType: 'procedure',
      description: `Dressing ${next()}`,
      unitPrice: 20_000,
    }),
    201,
    'charge',
  );

async function newDraft() {
  const patient = await h.patient();
  await newCharge(patient.id);
  return must(h.cashier.api.post('/billing', { patientId: patient.id }), 201, 'draft');
}

async function newIssued() {
  const draft = await newDraft();
  return must(
    h.cashier.api.patch(`/billing/${draft.id}/status`, { status: 'issued' }),
    200,
    'issue',
  );
}

async function newPaid() {
  const invoice = await newIssued();
  const payment = await must(
    h.cashier.api.post(`/billing/${invoice.id}/payments`, { method: 'cash', amount: 5000 }),
    201,
    'payment',
  );
  return { invoice, payment };
}

type Req = MatrixRequest;

interface Requests {
  fresh: (who: Who) => Promise<Req> | Req;
  refused?: () => Req;
}

const REQUESTS: Record<RouteKey, Requests> = {
  'GET /billing': { fresh: () => ({ path: `/billing?patientId=${f.patient.id}` }) },
  'POST /billing': {
    fresh: async () => {
      const patient = await h.patient();
      await newCharge(patient.id);
      return { path: '/billing', body: { patientId: patient.id } };
    },
    refused: () => ({ path: '/billing', body: { patientId: f.patient.id } }),
  },
  'GET /billing/dashboard': { fresh: () => ({ path: '/billing/dashboard' }) },
  'GET /billing/settings': { fresh: () => ({ path: '/billing/settings' }) },
  'PUT /billing/settings': { fresh: () => ({ path: '/billing/settings', body: SETTINGS }) },
  'GET /billing/tariffs': { fresh: () => ({ path: '/billing/tariffs' }) },
  'PUT /billing/tariffs/{code}': {
    fresh: (who) => ({
      path: `/billing/tariffs/MATRIX-${next()}`,
      body: {
        name: `Set by ${who}`,
        serviceType: 'laboratory',
        unitPrice: 30_000,
        taxRateBp: 0,
        taxInclusive: false,
      },
    }),
  },
  'GET /billing/charges': { fresh: () => ({ path: `/billing/charges?patientId=${f.patient.id}` }) },
  'POST /billing/charges': {
    fresh: (who) => ({
      path: '/billing/charges',
      body: {
        patientId: f.patient.id,
        serviceType: 'other',
        description: `Entered by ${who}`,
        unitPrice: 1000,
      },
    }),
  },
  'POST /billing/charges/{id}/void': {
    fresh: async (who) => ({
      path: `/billing/charges/${(await newCharge(f.patient.id)).id}/void`,
      body: { reason: `Entered twice, voided by ${who}` },
    }),
    refused: () => ({ path: `/billing/charges/${f.charge.id}/void`, body: { reason: 'Twice' } }),
  },
  'GET /billing/{id}': { fresh: () => ({ path: `/billing/${f.issued.id}` }) },
  'PATCH /billing/{id}/status': {
    fresh: async () => ({
      path: `/billing/${(await newDraft()).id}/status`,
      body: { status: 'issued' },
    }),
    refused: () => ({ path: `/billing/${f.draft.id}/status`, body: { status: 'issued' } }),
  },
  'POST /billing/{id}/payments': {
    fresh: async () => ({
      path: `/billing/${(await newIssued()).id}/payments`,
      body: { method: 'upi', amount: 1000 },
    }),
    refused: () => ({
      path: `/billing/${f.issued.id}/payments`,
      body: { method: 'upi', amount: 1000 },
    }),
  },
  'POST /billing/{id}/refunds': {
    fresh: async (who) => {
      const { invoice, payment } = await newPaid();
      return {
        path: `/billing/${invoice.id}/refunds`,
        body: { paymentId: payment.id, amount: 500, reason: `Refunded by ${who}` },
      };
    },
    refused: () => ({
      path: `/billing/${f.paid.id}/refunds`,
      body: { paymentId: f.payment.id, amount: 500, reason: 'Refund' },
    }),
  },
};

const send = (api: Client, route: RouteKey, req: Req) => sendMatrixRequest(api, route, req);
const expectSuccess = (res: Reply, route: RouteKey, who: string) =>
  expectRouteSuccess(res, route, who, rule(route).ok);
const expectRefused = expectRouteRefused;

beforeAll(async () => {
  h = await billingHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('CASHIER', h.cashier.api);
  staff.set('ACCOUNTANT', h.accountant.api);
  const others = [
    'PHARMACIST',
    'LAB_TECHNICIAN',
    'RADIOLOGIST',
    'BED_MANAGER',
    'PATHOLOGIST',
    'RADIOGRAPHER',
    'MANAGER',
  ] as const;
  const signedIn = await Promise.all(others.map((role) => h.staff(role)));
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);

  const patient = await h.patient();
  const [charge, draft, issued, { invoice: paid, payment }] = await Promise.all([
    newCharge(patient.id),
    newDraft(),
    newIssued(),
    newPaid(),
  ]);
  f = { patient, charge, draft, issued, paid, payment };

  for (const scope of ['billing:read', 'billing:write'] as const) {
    exactKey.set(scope, (await h.key([scope], `exactly ${scope}`)).api);
    allButKey.set(
      scope,
      (
        await h.key(
          SCOPE_NAMES.filter((s) => s !== scope),
          `all but ${scope}`,
        )
      ).api,
    );
  }
}, 60_000);

describe('the billing access table', () => {
  it('lists exactly the routes the billing groups serve', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...ROUTE_KEYS].sort());
  });

  it('covers every staff role, and lets ADMIN call every route', () => {
    // The matrix signs in as every staff role the kernel declares.
    expect([...staff.keys()].sort()).toEqual([...ROLES].sort());
    for (const route of ROUTE_KEYS) expect(rule(route).roles, route).toContain('ADMIN');
  });
});

describe('staff roles', () => {
  it.each(ROUTE_KEYS)('%s', async (route) => {
    const { roles } = rule(route);
    const { fresh, refused } = REQUESTS[route];
    const plan = await Promise.all(
      MATRIX_ROLES.map(async (role) => {
        const allowed = roles.includes(role);
        const req = allowed || !refused ? await fresh(role) : refused();
        return { role, allowed, req };
      }),
    );
    for (const { role, allowed, req } of plan) {
      const res = await send(staff.get(role)!, route, req);
      if (allowed) expectSuccess(res, route, role);
      else expectRefused(res, route, role, new RegExp(`^Role ${role} may not use `));
    }
  });
});

describe('API keys', () => {
  it.each(ROUTE_KEYS)('%s', async (route) => {
    const { key } = rule(route);
    const { fresh, refused } = REQUESTS[route];
    const withScope = await send(exactKey.get(key)!, route, await fresh('KEY'));
    expectSuccess(withScope, route, `a key with exactly ${key}`);
    const without = await send(
      allButKey.get(key)!,
      route,
      refused ? refused() : await fresh('KEY'),
    );
    expectRefused(
      without,
      route,
      `a key with every scope but ${key}`,
      /^API key lacks the required scope/,
    );
  });
});
