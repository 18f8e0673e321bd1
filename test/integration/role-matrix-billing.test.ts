import { beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import type { Client, Reply } from '../support/api';
import { billingHospital, SETTINGS } from '../support/billing';
import { opdRuntime } from '../support/opd';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';

// Who may call the billing routes, written out by hand, and checked against the running service
// as in role-matrix.test.ts: every allowed role succeeds on a real request, every other role and
// every API key without the route's scope is refused with 403. Cashiers and accountants bill,
// collect and refund; accountants (and ADMIN) set prices and the billing rules.

const MATRIX_MODULES: readonly string[] = ['billing'];

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
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof billingHospital>>;
let h: Hospital;
const staff = new Map<Role, Client>();

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

const REQUESTS: Record<RouteKey, MatrixRequests> = {
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

beforeAll(async () => {
  h = await billingHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('CASHIER', h.cashier.api);
  staff.set('ACCOUNTANT', h.accountant.api);
  // Every other role the kernel declares signs in too (a new role joins the matrix by itself).
  const others = ROLES.filter((r) => r !== 'ADMIN' && !staff.has(r));
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
}, 60_000);

describeRoleMatrix({
  title: 'the billing access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
});
