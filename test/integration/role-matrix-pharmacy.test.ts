import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { shiftClock } from '../../shared/kernel/clock';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { type Client, client, type Reply } from '../support/api';
import { DAY_SCHEDULE, opdRuntime } from '../support/opd';
import { pharmacyHospital } from '../support/pharmacy';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';

// Who may call the pharmacy's routes, written out by hand and checked against the running
// service, as test/integration/role-matrix.test.ts does for the platform and outpatient groups:
// every allowed role's call succeeds with the route's success status, every other role gets 403,
// and so do API keys without the route's scope.

// ─── The expected access table ──────────────────────────────────────────────────────────────

/** The resource groups this file covers (see test/unit/architecture/role-matrix-coverage.test.ts). */
const MATRIX_MODULES: readonly string[] = ['pharmacy'];

const PHARMACY: readonly Role[] = ['ADMIN', 'PHARMACIST'];
const STOCK_READERS: readonly Role[] = ['ADMIN', 'PHARMACIST', 'DOCTOR', 'NURSE'];

const ACCESS = {
  'POST /pharmacy/items': { ok: 201, roles: PHARMACY, key: 'pharmacy:write' },
  'GET /pharmacy/items': { ok: 200, roles: STOCK_READERS, key: 'pharmacy:read' },
  'PATCH /pharmacy/items/{id}': { ok: 200, roles: PHARMACY, key: 'pharmacy:write' },
  'GET /pharmacy/items/{id}/stock': { ok: 200, roles: STOCK_READERS, key: 'pharmacy:read' },
  'GET /pharmacy/items/{id}/movements': { ok: 200, roles: PHARMACY, key: 'pharmacy:read' },
  'GET /pharmacy/items/{id}/batches/{batchId}/movements': {
    ok: 200,
    roles: PHARMACY,
    key: 'pharmacy:read',
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/adjustments': {
    ok: 201,
    roles: PHARMACY,
    key: 'pharmacy:write',
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/write-off': {
    ok: 200,
    roles: PHARMACY,
    key: 'pharmacy:write',
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/recall': {
    ok: 200,
    roles: PHARMACY,
    key: 'pharmacy:write',
  },
  'POST /pharmacy/receipts': { ok: 201, roles: PHARMACY, key: 'pharmacy:write' },
  'GET /pharmacy/receipts': { ok: 200, roles: PHARMACY, key: 'pharmacy:read' },
  'POST /pharmacy/dispenses': { ok: 201, roles: PHARMACY, key: 'pharmacy:write' },
  'POST /pharmacy/dispenses/{id}/returns': { ok: 201, roles: PHARMACY, key: 'pharmacy:write' },
  'GET /pharmacy/dispenses': { ok: 200, roles: STOCK_READERS, key: 'pharmacy:read' },
  'GET /pharmacy/expiry-scan': { ok: 200, roles: PHARMACY, key: 'pharmacy:read' },
  'GET /pharmacy/low-stock': { ok: 200, roles: PHARMACY, key: 'pharmacy:read' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures ──────────────────────────────────────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
const DAY_MS = 24 * 3600 * 1000;
/** Write-offs need expired batches: batches expiring tomorrow are received, then the clock moves. */
const SHIFT_DAYS = 2;

const staff = new Map<Role, Client>();
let pharmacist: Client;
let doctor: Client;
let today = '';
let f: {
  item: any;
  /** A batch with plenty of stock, for adjustments and refused recalls. */
  batch: any;
  expired: any[];
  expiredSpare: any;
  encounter: any;
  rx: any;
  dispense: any;
};

let n = 0;
const next = () => ++n;

async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const receiptBody = (batchNumber: string, quantity = 100, days = 100) => ({
  supplier: 'Medline Distributors',
  invoiceReference: `M-${randomUUID().slice(0, 8)}`,
  lines: [
    {
      itemId: f.item.id,
      batchNumber,
      expiryDate: addDays(today, days),
      quantity,
      unitCost: 90,
    },
  ],
});

async function newBatch() {
  const receipt = await must(
    pharmacist.post('/pharmacy/receipts', receiptBody(`B-${next()}`)),
    201,
    'receipt',
  );
  return { id: receipt.lines[0].batchId };
}

async function newPrescription(quantity = 1) {
  const patient = await must(
    staff.get('RECEPTIONIST')!.post('/patients/register', {
      name: `Pharmacy Matrix ${next()}`,
      dateOfBirth: '1970-01-01',
      sex: 'male',
      phone: `+91 96${String(next()).padStart(8, '0')}`,
    }),
    201,
    'patient',
  );
  const encounter = await must(
    doctor.post('/encounters', { patientId: patient.id }),
    201,
    'encounter',
  );
  const rx = await must(
    doctor.post(`/encounters/${encounter.id}/prescriptions`, {
      drugName: 'Paracetamol',
      strength: '500 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'three times a day',
      durationDays: 1,
      quantity,
    }),
    201,
    'prescription',
  );
  return { encounter, rx };
}

const dispenseBody = (p: { encounter: any; rx: any }) => ({
  encounterId: p.encounter.id,
  prescriptionId: p.rx.id,
  itemId: f.item.id,
});

async function newDispense() {
  const p = await newPrescription(2);
  return must(pharmacist.post('/pharmacy/dispenses', dispenseBody(p)), 201, 'dispense');
}

const batchPath = (b: { id: string }, what: string) =>
  `/pharmacy/items/${f.item.id}/batches/${b.id}/${what}`;

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'POST /pharmacy/items': {
    fresh: (who) => ({
      path: '/pharmacy/items',
      body: {
        code: `IBU-${who.replace(/_/g, '').slice(0, 4)}-${next()}`,
        genericName: 'Ibuprofen',
        form: 'tablet',
        strength: '400 mg',
        unit: 'tablet',
        packSize: 10,
        pricing: { kind: 'markup', percent: 15 },
        reorderLevel: 30,
      },
    }),
  },
  'GET /pharmacy/items': { fresh: () => ({ path: '/pharmacy/items' }) },
  'PATCH /pharmacy/items/{id}': {
    fresh: () => ({ path: `/pharmacy/items/${f.item.id}`, body: { reorderLevel: 40 } }),
  },
  'GET /pharmacy/items/{id}/stock': {
    fresh: () => ({ path: `/pharmacy/items/${f.item.id}/stock` }),
  },
  'GET /pharmacy/items/{id}/movements': {
    fresh: () => ({ path: `/pharmacy/items/${f.item.id}/movements` }),
  },
  'GET /pharmacy/items/{id}/batches/{batchId}/movements': {
    fresh: () => ({ path: batchPath(f.batch, 'movements') }),
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/adjustments': {
    fresh: () => ({
      path: batchPath(f.batch, 'adjustments'),
      body: { quantity: -1, reason: 'damage' },
    }),
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/write-off': {
    fresh: () => {
      const batch = f.expired.shift();
      if (!batch) throw new Error('fixture: no expired batch left');
      return { path: batchPath(batch, 'write-off'), body: {} };
    },
    refused: () => ({ path: batchPath(f.expiredSpare, 'write-off'), body: {} }),
  },
  'POST /pharmacy/items/{id}/batches/{batchId}/recall': {
    fresh: async () => ({
      path: batchPath(await newBatch(), 'recall'),
      body: { reason: 'Manufacturer recall' },
    }),
    refused: () => ({
      path: batchPath(f.batch, 'recall'),
      body: { reason: 'Manufacturer recall' },
    }),
  },
  'POST /pharmacy/receipts': {
    fresh: (who) => ({
      path: '/pharmacy/receipts',
      body: receiptBody(`R-${who.replace(/_/g, '')}-${next()}`, 5),
    }),
  },
  'GET /pharmacy/receipts': { fresh: () => ({ path: '/pharmacy/receipts' }) },
  'POST /pharmacy/dispenses': {
    fresh: async () => ({
      path: '/pharmacy/dispenses',
      body: dispenseBody(await newPrescription()),
    }),
    refused: () => ({ path: '/pharmacy/dispenses', body: dispenseBody(f) }),
  },
  'POST /pharmacy/dispenses/{id}/returns': {
    fresh: async () => ({
      path: `/pharmacy/dispenses/${(await newDispense()).id}/returns`,
      body: { quantity: 1, reason: 'Unused' },
    }),
    refused: () => ({
      path: `/pharmacy/dispenses/${f.dispense.id}/returns`,
      body: { quantity: 1, reason: 'Unused' },
    }),
  },
  'GET /pharmacy/dispenses': {
    fresh: () => ({ path: `/pharmacy/dispenses?prescriptionId=${f.rx.id}` }),
  },
  'GET /pharmacy/expiry-scan': { fresh: () => ({ path: '/pharmacy/expiry-scan?withinDays=30' }) },
  'GET /pharmacy/low-stock': { fresh: () => ({ path: '/pharmacy/low-stock' }) },
};

beforeAll(async () => {
  const h = await pharmacyHospital(opd.url, TZ);
  f = {} as typeof f;
  f.item = await h.item({ reorderLevel: 10 });
  // Six batches expiring tomorrow: written off once the clock has moved past their date.
  const shortDated = await h.receive(
    opd.today,
    Array.from({ length: 6 }, (_, i) => ({
      itemId: f.item.id,
      batchNumber: `EXP-${i}`,
      days: 1,
      quantity: 3,
      unitCost: 70,
    })),
  );
  f.expired = shortDated.lines.map((l: any) => ({ id: l.batchId }));
  f.expiredSpare = f.expired.pop();

  // From here on the hospital's date is SHIFT_DAYS later (opdRuntime resets the clock after
  // the file): sign everyone in afresh so no token has expired.
  shiftClock(SHIFT_DAYS * DAY_MS);
  today = addDays(opd.today, SHIFT_DAYS);
  const anon = client(opd.url);
  const signIn = async (credentials: { email: string; password: string }) => {
    const login = await must(anon.post('/auth/login', credentials), 200, 'sign-in');
    return client(opd.url, { token: login.accessToken, tenantId: h.tenantId });
  };
  const admin = await signIn(h.registration.credentials);
  staff.set('ADMIN', admin);
  const others = ROLES.filter((r) => r !== 'ADMIN');
  const signedIn = await Promise.all(
    others.map(async (role) => {
      const created = await must(
        admin.post('/users', {
          name: `Pharmacy matrix ${role}`,
          email: `pm-${role.toLowerCase()}-${randomUUID().slice(0, 6)}@example.test`,
          role,
        }),
        201,
        `${role} user`,
      );
      return { role, user: created.user, api: await signIn(created.credentials) };
    }),
  );
  for (const s of signedIn) staff.set(s.role, s.api);
  pharmacist = staff.get('PHARMACIST')!;
  doctor = staff.get('DOCTOR')!;
  await must(
    admin.post('/doctors', {
      userId: signedIn.find((s) => s.role === 'DOCTOR')!.user.id,
      departmentId: h.department.id,
      specialty: 'General Practice',
      consultationFee: 400,
      schedule: DAY_SCHEDULE,
    }),
    201,
    'doctor profile',
  );

  const stock = await must(
    pharmacist.post('/pharmacy/receipts', receiptBody('BIG-1', 1000)),
    201,
    'stock',
  );
  f.batch = { id: stock.lines[0].batchId };
  Object.assign(f, await newPrescription());
  f.dispense = await newDispense();
}, 90_000);

describeRoleMatrix({
  title: 'the pharmacy access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => {
    const created = await must(staff.get('ADMIN')!.post('/api-keys', { name, scopes }), 201, 'key');
    return client(opd.url, { token: created.secret });
  },
});
