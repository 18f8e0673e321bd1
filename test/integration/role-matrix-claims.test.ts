import { afterAll, beforeAll } from 'vitest';
import { resetClock } from '../../shared/kernel/clock';
import { ROLES, type Role } from '../../shared/kernel/roles';
import type { Client, Reply } from '../support/api';
import { type ClaimsHospital, claimsHospital, PLAN } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';
import { startTestRuntime } from '../support/runtime';

// Who may call the claims routes, written out by hand and checked against the running service
// as in role-matrix-billing.test.ts: every allowed role succeeds on a real request, every other
// role and every API key without the route's scope is refused with 403. The insurance desk and
// accountants (and ADMIN) work claims; cashiers read coverage and claims at the counter; the
// billing health check is the accountant's.

const MATRIX_MODULES: readonly string[] = ['claims'];

const DESK = ['ADMIN', 'ACCOUNTANT', 'INSURANCE_DESK'] as const;
const READERS = ['ADMIN', 'ACCOUNTANT', 'CASHIER', 'INSURANCE_DESK'] as const;

const ACCESS = {
  'GET /claims/payers': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims/payers': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims/plans': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims/plans': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims/coverages': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims/coverages': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims/coverages/{id}/deductible': { ok: 200, roles: READERS, key: 'claims:read' },
  'GET /claims/preauths': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims/preauths': { ok: 201, roles: DESK, key: 'claims:write' },
  'PATCH /claims/preauths/{id}': { ok: 200, roles: DESK, key: 'claims:write' },
  'GET /claims/denials': { ok: 200, roles: DESK, key: 'claims:read' },
  'GET /claims/aging': { ok: 200, roles: DESK, key: 'claims:read' },
  'GET /claims/health-check': { ok: 200, roles: ['ADMIN', 'ACCOUNTANT'], key: 'claims:read' },
  'GET /claims/remittances': { ok: 200, roles: DESK, key: 'claims:read' },
  'POST /claims/remittances': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims/remittances/{id}': { ok: 200, roles: DESK, key: 'claims:read' },
  'POST /claims/remittances/{id}/allocations': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims': { ok: 201, roles: DESK, key: 'claims:write' },
  'GET /claims/{id}': { ok: 200, roles: READERS, key: 'claims:read' },
  'GET /claims/{id}/fhir': { ok: 200, roles: READERS, key: 'claims:read' },
  'GET /claims/{id}/claim-response': { ok: 200, roles: READERS, key: 'claims:read' },
  'POST /claims/{id}/submit': { ok: 200, roles: DESK, key: 'claims:write' },
  'POST /claims/{id}/adjudication': { ok: 200, roles: DESK, key: 'claims:write' },
  'POST /claims/{id}/resubmit': { ok: 200, roles: DESK, key: 'claims:write' },
  'POST /claims/{id}/accept-denial': { ok: 200, roles: DESK, key: 'claims:write' },
  'POST /claims/{id}/cancel': { ok: 200, roles: DESK, key: 'claims:write' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
let h: ClaimsHospital;
const staff = new Map<Role, Client>();

/** Shared fixtures for refused callers: each request would succeed if its caller were allowed. */
let f: {
  patient: any;
  coverage: any;
  preauth: any;
  claim: any;
  invoice: any;
  remittance: any;
};

async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const newPreauth = async () => {
  const { coverage } = await h.coveredPatient();
  return must(
    h.desk.api.post('/claims/preauths', {
      coverageId: coverage.id,
      serviceTypes: ['procedure'],
      description: 'Minor procedure',
      requestedAmount: 200_000,
    }),
    201,
    'preauth',
  );
};
const submitted = async () => {
  const { claim } = await h.claimOf(['LFT']);
  return must(h.desk.api.post(`/claims/${claim.id}/submit`, {}), 200, 'submit');
};
const denied = async () => {
  const claim = await submitted();
  return must(
    h.desk.api.post(`/claims/${claim.id}/adjudication`, {
      lines: [{ sequence: 1, approvedAmount: 0, reasonCodes: ['CO-50'] }],
    }),
    200,
    'denial',
  );
};

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /claims/payers': { fresh: () => ({ path: '/claims/payers' }) },
  'POST /claims/payers': {
    fresh: (who) => ({
      path: '/claims/payers',
      body: { name: `Payer of ${who}`, kind: 'government' },
    }),
  },
  'GET /claims/plans': { fresh: () => ({ path: `/claims/plans?payerId=${h.payer.id}` }) },
  'POST /claims/plans': {
    fresh: (who) => ({
      path: '/claims/plans',
      body: { ...PLAN, payerId: h.payer.id, name: `Plan of ${who}` },
    }),
  },
  'GET /claims/coverages': {
    fresh: () => ({ path: `/claims/coverages?patientId=${f.patient.id}` }),
  },
  'POST /claims/coverages': {
    fresh: async (who) => {
      const patient = await h.patient();
      return {
        path: '/claims/coverages',
        body: {
          patientId: patient.id,
          planId: h.plan.id,
          memberNumber: `M-${who}`,
          holderName: patient.name,
          relationship: 'self',
          validFrom: '2020-01-01',
          validTo: '2099-12-31',
        },
      };
    },
    refused: () => ({
      path: '/claims/coverages',
      body: {
        patientId: f.patient.id,
        planId: h.plan.id,
        memberNumber: 'M-2',
        holderName: 'Holder',
        relationship: 'self',
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
        priority: 2,
      },
    }),
  },
  'GET /claims/coverages/{id}/deductible': {
    fresh: () => ({ path: `/claims/coverages/${f.coverage.id}/deductible` }),
  },
  'GET /claims/preauths': { fresh: () => ({ path: `/claims/preauths?patientId=${f.patient.id}` }) },
  'POST /claims/preauths': {
    fresh: () => ({
      path: '/claims/preauths',
      body: {
        coverageId: f.coverage.id,
        serviceTypes: ['procedure'],
        description: 'Minor procedure',
        requestedAmount: 100_000,
      },
    }),
  },
  'PATCH /claims/preauths/{id}': {
    fresh: async () => ({
      path: `/claims/preauths/${(await newPreauth()).id}`,
      body: { status: 'denied', reason: 'Not medically necessary' },
    }),
    refused: () => ({
      path: `/claims/preauths/${f.preauth.id}`,
      body: { status: 'denied', reason: 'Not medically necessary' },
    }),
  },
  'GET /claims/denials': { fresh: () => ({ path: '/claims/denials' }) },
  'GET /claims/aging': { fresh: () => ({ path: '/claims/aging?by=payer' }) },
  'GET /claims/health-check': { fresh: () => ({ path: '/claims/health-check' }) },
  'GET /claims/remittances': { fresh: () => ({ path: '/claims/remittances' }) },
  'POST /claims/remittances': {
    fresh: (who) => ({
      path: '/claims/remittances',
      body: {
        payerId: h.payer.id,
        reference: `UTR-${who}`,
        receivedOn: '2026-11-20',
        amount: 1000,
      },
    }),
  },
  'GET /claims/remittances/{id}': {
    fresh: () => ({ path: `/claims/remittances/${f.remittance.id}` }),
  },
  'POST /claims/remittances/{id}/allocations': {
    fresh: async () => {
      const { claim } = await h.approvedClaim(['LFT']);
      const remittance = await h.remittance(1000);
      return {
        path: `/claims/remittances/${remittance.id}/allocations`,
        body: { claimId: claim.id, amount: 1000 },
      };
    },
    refused: () => ({
      path: `/claims/remittances/${f.remittance.id}/allocations`,
      body: { claimId: f.claim.id, amount: 100 },
    }),
  },
  'GET /claims': { fresh: () => ({ path: '/claims?status=draft' }) },
  'POST /claims': {
    fresh: async () => {
      const { patient, coverage } = await h.coveredPatient();
      const invoice = await h.issuedInvoice(patient.id, ['LFT']);
      return { path: '/claims', body: { invoiceId: invoice.id, coverageId: coverage.id } };
    },
    refused: () => ({
      path: '/claims',
      body: { invoiceId: f.invoice.id, coverageId: f.coverage.id },
    }),
  },
  'GET /claims/{id}': { fresh: () => ({ path: `/claims/${f.claim.id}` }) },
  'GET /claims/{id}/fhir': { fresh: () => ({ path: `/claims/${f.claim.id}/fhir` }) },
  'GET /claims/{id}/claim-response': {
    fresh: async () => ({ path: `/claims/${(await submitted()).id}/claim-response` }),
    // Refused before the claim is read: no submitted claim (and invoice) for each of them, which
    // made fourteen invoices at once race for the invoice number.
    refused: () => ({ path: `/claims/${f.claim.id}/claim-response` }),
  },
  'POST /claims/{id}/submit': {
    fresh: async () => ({
      path: `/claims/${(await h.claimOf(['LFT'])).claim.id}/submit`,
      body: {},
    }),
    refused: () => ({ path: `/claims/${f.claim.id}/submit`, body: {} }),
  },
  'POST /claims/{id}/adjudication': {
    fresh: async () => ({
      path: `/claims/${(await submitted()).id}/adjudication`,
      body: { lines: [{ sequence: 1, approvedAmount: 9000 }] },
    }),
    refused: () => ({
      path: `/claims/${f.claim.id}/adjudication`,
      body: { lines: [{ sequence: 1, approvedAmount: 9000 }] },
    }),
  },
  'POST /claims/{id}/resubmit': {
    fresh: async () => ({
      path: `/claims/${(await denied()).id}/resubmit`,
      body: { note: 'Report attached' },
    }),
    refused: () => ({ path: `/claims/${f.claim.id}/resubmit`, body: { note: 'Report attached' } }),
  },
  'POST /claims/{id}/accept-denial': {
    fresh: async () => ({
      path: `/claims/${(await denied()).id}/accept-denial`,
      body: { note: 'Excluded' },
    }),
    refused: () => ({ path: `/claims/${f.claim.id}/accept-denial`, body: { note: 'Excluded' } }),
  },
  'POST /claims/{id}/cancel': {
    fresh: async () => ({
      path: `/claims/${(await h.claimOf(['LFT'])).claim.id}/cancel`,
      body: { reason: 'Wrong plan' },
    }),
    refused: () => ({ path: `/claims/${f.claim.id}/cancel`, body: { reason: 'Wrong plan' } }),
  },
};

beforeAll(async () => {
  clockToNineAm(TZ);
  const rt = await startTestRuntime();
  h = await claimsHospital(rt.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('CASHIER', h.cashier.api);
  staff.set('ACCOUNTANT', h.accountant.api);
  staff.set('INSURANCE_DESK', h.desk.api);
  // Every other role the kernel declares signs in too (a new role joins the matrix by itself).
  const others = ROLES.filter((r) => r !== 'ADMIN' && !staff.has(r));
  const signedIn = await Promise.all(others.map((role) => h.staff(role)));
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);

  const made = await h.claimOf(['LFT']);
  const [preauth, remittance] = await Promise.all([newPreauth(), h.remittance(1000)]);
  f = { ...made, preauth, remittance };
}, 120_000);
afterAll(() => resetClock());

describeRoleMatrix({
  title: 'the claims access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
});
