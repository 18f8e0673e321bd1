import { beforeAll, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { type Client, client, type Reply } from '../support/api';
import { DAY_SCHEDULE, opdHospital, opdRuntime } from '../support/opd';
import {
  ANY_KEY,
  describeRoleMatrix,
  type MatrixRequests,
  type MatrixRule,
  NO_KEYS,
} from '../support/role-matrix';
import { exportEnded } from '../support/tenant-export';

// Who may call what, written out by hand from docs/routes.md, and checked against the running
// service: every allowed role's call succeeds with the route's success status on a real request,
// every other role is refused with 403, and so are API keys without the route's scope.
// The only thing read from the manifest is the list of routes it serves (method and path), so
// a new route fails the first test until it has a row here.

// ─── The expected access table ──────────────────────────────────────────────────────────────

/**
 * The modules whose routes this file's table covers (a route belongs to its operation's module,
 * shared/manifest/derive.ts). Each later area has its own matrix file
 * (test/integration/role-matrix-<area>.test.ts) declaring its MATRIX_MODULES;
 * test/unit/architecture/role-matrix-coverage.test.ts checks every module with routes is in
 * exactly one.
 */
const MATRIX_MODULES: readonly string[] = [
  'web',
  'tenants',
  'settings',
  'auth',
  'users',
  'api-keys',
  'patients',
  'departments',
  'doctors',
  'appointments',
  'encounters',
];

/** "any signed-in user": every staff role, from the kernel. */
const ANY_ROLE = ROLES;

const ACCESS = {
  'GET /tenants/current': { ok: 200, roles: ANY_ROLE, key: ANY_KEY },
  'PATCH /tenants/current': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'POST /tenants/current/exports': { ok: 202, roles: ['ADMIN'], key: NO_KEYS },
  'GET /tenants/current/exports': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'GET /tenants/current/exports/{id}': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'GET /tenants/current/exports/{id}/pages/{n}': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'GET /settings': { ok: 200, roles: ['ADMIN'], key: 'settings:read' },
  'PUT /settings': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'GET /auth/me': { ok: 200, roles: ANY_ROLE, key: NO_KEYS },

  'POST /users': { ok: 201, roles: ['ADMIN'], key: NO_KEYS },
  'GET /users': { ok: 200, roles: ['ADMIN'], key: 'users:read' },
  'GET /users/directory': { ok: 200, roles: ANY_ROLE, key: 'users:read' },
  'PATCH /users/{id}': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },

  'POST /api-keys': { ok: 201, roles: ['ADMIN'], key: NO_KEYS },
  'GET /api-keys': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'POST /api-keys/{id}/revoke': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'POST /api-keys/{id}/rotate': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },

  'POST /patients/register': {
    ok: 201,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE'],
    key: 'patients:write',
  },
  'GET /patients': { ok: 200, roles: ANY_ROLE, key: 'patients:read' },
  'GET /patients/{id}': { ok: 200, roles: ANY_ROLE, key: 'patients:read' },
  'PATCH /patients/{id}': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'patients:write',
  },
  'GET /patients/{id}/access-log': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },

  'POST /departments': { ok: 201, roles: ['ADMIN'], key: 'doctors:write' },
  'GET /departments': { ok: 200, roles: ANY_ROLE, key: 'doctors:read' },
  'POST /doctors': { ok: 201, roles: ['ADMIN'], key: 'doctors:write' },
  'GET /doctors': { ok: 200, roles: ANY_ROLE, key: 'doctors:read' },
  'GET /doctors/{id}': { ok: 200, roles: ANY_ROLE, key: 'doctors:read' },
  'PUT /doctors/{id}/schedule': { ok: 200, roles: ['ADMIN', 'DOCTOR'], key: 'doctors:write' },

  'GET /doctors/{id}/availability': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:read',
  },
  'POST /appointments': {
    ok: 201,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:write',
  },
  'GET /appointments': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:read',
  },
  'GET /appointments/queue': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:read',
  },
  'GET /appointments/{id}': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:read',
  },
  'PATCH /appointments/{id}/status': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'],
    key: 'appointments:write',
  },

  'POST /encounters': { ok: 201, roles: ['ADMIN', 'DOCTOR'], key: 'encounters:write' },
  'GET /encounters': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'NURSE', 'PHARMACIST'],
    key: 'encounters:read',
  },
  'GET /encounters/{id}': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'NURSE', 'PHARMACIST'],
    key: 'encounters:read',
  },
  'PATCH /encounters/{id}': { ok: 200, roles: ['ADMIN', 'DOCTOR'], key: 'encounters:write' },
  'PATCH /encounters/{id}/vitals': {
    ok: 200,
    roles: ['ADMIN', 'NURSE', 'DOCTOR'],
    key: 'encounters:write',
  },
  // Prescribing is a clinical decision: doctors only, never an administrator or a key (issue 16).
  'POST /encounters/{id}/prescriptions': {
    ok: 201,
    roles: ['DOCTOR'],
    key: NO_KEYS,
  },
  'PATCH /encounters/{id}/prescriptions/{prescriptionId}': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR'],
    key: 'encounters:write',
  },
} as const satisfies Record<string, MatrixRule>;

/** Routes anyone may call without credentials (not part of the matrix). */
const PUBLIC_ROUTES = [
  'GET /health',
  'GET /',
  'GET /get-started',
  'GET /login',
  'GET /admin',
  'GET /billing-desk',
  'GET /diagnostics',
  'GET /bed-board',
  'GET /front-desk',
  'GET /billing-health',
  'GET /hospital-settings',
  'GET /patient-access-log',
  'GET /manager-reports',
  'GET /oauth/consent',
  'GET /theatre',
  'GET /theatre/checklist',
  'GET /roster',
  'GET /connected-agents',
  'GET /ed',
  'GET /ed/triage',
  'GET /assets/{name}',
  // The public signing keys (JWKS), for anyone verifying the service's tokens.
  'GET /.well-known/jwks.json',
  'GET /api/docs',
  'GET /api/docs/{name}',
  'POST /tenants',
  'POST /auth/login',
];

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof opdHospital>>;
let h: Hospital;
const staff = new Map<Role, Client>();

/**
 * Shared fixtures. Requests of callers that must be refused use these: each such request would be
 * valid if it ran, so a 403 can only be the access rule.
 */
let f: {
  patient: any;
  targetUser: any;
  doctorUserWithoutProfile: any;
  spareKey: any;
  booked: any;
  checkedIn: any;
  encounter: any;
  prescription: any;
  unbookedSlot: string;
};
let freeSlots: string[] = [];

/** The hospital's export, started once by the first route that needs it and followed to its end. */
let hospitalExport: Promise<{ id: string }> | undefined;
function finishedExport() {
  hospitalExport ??= (async () => {
    const started = await must(
      h.admin.post('/tenants/current/exports', { pageItems: 1000 }),
      202,
      'export',
    );
    return exportEnded(h.admin, started.id);
  })();
  return hospitalExport;
}

let n = 0;
/** A number unique in this file: distinct names, e-mails, phones and dates of birth. */
const next = () => ++n;

function patientBody(label: string) {
  const i = next();
  return {
    name: `Matrix Patient ${label} ${i}`,
    dateOfBirth: new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    sex: 'female',
    phone: `+91 97${String(i).padStart(8, '0')}`,
  };
}

const PARACETAMOL = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'every 6 hours as needed',
  durationDays: 3,
  quantity: 12,
};

const VITALS = {
  respiratoryRate: 16,
  spo2: 98,
  supplementalOxygen: false,
  systolic: 122,
  diastolic: 78,
  pulse: 76,
  consciousness: 'A',
  temperatureC: 36.9,
};

/** Answers `expected` or throws with the reply: for fixtures, which must not fail silently. */
async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const newPatient = () =>
  must(h.reception.api.post('/patients/register', patientBody('fixture')), 201, 'patient');

function takeSlot(): string {
  const slot = freeSlots.shift();
  if (!slot) throw new Error('fixture: no free slot left today');
  return slot;
}

const bookingBody = (start: string) => ({
  patientId: f.patient.id,
  doctorId: h.doctor.id,
  start,
  reason: 'Follow-up of blood pressure',
});

const newBooking = () =>
  must(h.reception.api.post('/appointments', bookingBody(takeSlot())), 201, 'appointment');

async function newCheckedIn() {
  const appt = await newBooking();
  return must(
    h.reception.api.patch(`/appointments/${appt.id}/status`, { status: 'checked-in' }),
    200,
    'check-in',
  );
}

const newWalkIn = () =>
  must(
    h.doctorUser.api.post('/encounters', { patientId: f.patient.id, chiefComplaint: 'Headache' }),
    201,
    'walk-in encounter',
  );

const newPrescription = (encounterId: string) =>
  must(
    h.doctorUser.api.post(`/encounters/${encounterId}/prescriptions`, PARACETAMOL),
    201,
    'prescription',
  );

const newUser = (role: Role) =>
  must(
    h.admin.post('/users', {
      name: `Matrix ${role} ${next()}`,
      email: `matrix-${role.toLowerCase()}-${next()}@example.test`,
      role,
    }),
    201,
    `${role} user`,
  ).then((b) => b.user);

const newKey = () =>
  must(
    h.admin.post('/api-keys', { name: `Spare ${next()}`, scopes: ['patients:read'] }),
    201,
    'key',
  );

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /tenants/current': { fresh: () => ({ path: '/tenants/current' }) },
  'PATCH /tenants/current': {
    fresh: () => ({ path: '/tenants/current', body: { country: 'IN' } }),
  },
  // One export at a time per hospital: a start waits until the shared export has ended.
  'POST /tenants/current/exports': {
    fresh: async () => {
      await finishedExport();
      return { path: '/tenants/current/exports', body: { pageItems: 1000 } };
    },
  },
  'GET /tenants/current/exports': { fresh: () => ({ path: '/tenants/current/exports' }) },
  'GET /tenants/current/exports/{id}': {
    fresh: async () => ({ path: `/tenants/current/exports/${(await finishedExport()).id}` }),
  },
  'GET /tenants/current/exports/{id}/pages/{n}': {
    fresh: async () => ({
      path: `/tenants/current/exports/${(await finishedExport()).id}/pages/1`,
    }),
  },
  'GET /settings': { fresh: () => ({ path: '/settings' }) },
  'PUT /settings': {
    fresh: () => ({ path: '/settings', body: { agents: { rateLimitPerMinute: 20 } } }),
  },
  'GET /auth/me': { fresh: () => ({ path: '/auth/me' }) },

  'POST /users': {
    fresh: (who) => ({
      path: '/users',
      body: {
        name: `Created by ${who}`,
        email: `created-by-${who.toLowerCase()}-${next()}@example.test`,
        role: 'RECEPTIONIST',
      },
    }),
  },
  'GET /users': { fresh: () => ({ path: '/users' }) },
  'GET /users/directory': { fresh: () => ({ path: '/users/directory?role=NURSE' }) },
  'PATCH /users/{id}': {
    fresh: (who) => ({ path: `/users/${f.targetUser.id}`, body: { name: `Renamed by ${who}` } }),
  },

  'POST /api-keys': {
    fresh: (who) => ({
      path: '/api-keys',
      body: { name: `Made by ${who} ${next()}`, scopes: ['patients:read'] },
    }),
  },
  'GET /api-keys': { fresh: () => ({ path: '/api-keys' }) },
  'POST /api-keys/{id}/revoke': {
    fresh: async () => ({ path: `/api-keys/${(await newKey()).id}/revoke` }),
    refused: () => ({ path: `/api-keys/${f.spareKey.id}/revoke` }),
  },
  'POST /api-keys/{id}/rotate': {
    fresh: async () => ({ path: `/api-keys/${(await newKey()).id}/rotate` }),
    refused: () => ({ path: `/api-keys/${f.spareKey.id}/rotate` }),
  },

  'POST /patients/register': {
    fresh: (who) => ({ path: '/patients/register', body: patientBody(`by ${who}`) }),
  },
  'GET /patients': { fresh: () => ({ path: `/patients?q=${f.patient.mrn}` }) },
  'GET /patients/{id}': { fresh: () => ({ path: `/patients/${f.patient.id}` }) },
  'GET /patients/{id}/access-log': {
    fresh: () => ({ path: `/patients/${f.patient.id}/access-log` }),
  },
  'PATCH /patients/{id}': {
    fresh: async () => ({
      path: `/patients/${(await newPatient()).id}`,
      body: { address: { line: '12 MG Road', city: 'Pune' }, bloodGroup: 'O+' },
    }),
    refused: () => ({ path: `/patients/${f.patient.id}`, body: { bloodGroup: 'O+' } }),
  },

  'POST /departments': {
    fresh: (who) => ({ path: '/departments', body: { name: `Department of ${who} ${next()}` } }),
  },
  'GET /departments': { fresh: () => ({ path: '/departments' }) },
  'POST /doctors': {
    fresh: async () => ({
      path: '/doctors',
      body: {
        userId: (await newUser('DOCTOR')).id,
        departmentId: h.department.id,
        specialty: 'Cardiology',
        consultationFee: 800,
        schedule: DAY_SCHEDULE,
      },
    }),
    refused: () => ({
      path: '/doctors',
      body: {
        userId: f.doctorUserWithoutProfile.id,
        departmentId: h.department.id,
        specialty: 'Cardiology',
        consultationFee: 800,
      },
    }),
  },
  'GET /doctors': { fresh: () => ({ path: `/doctors?departmentId=${h.department.id}` }) },
  'GET /doctors/{id}': { fresh: () => ({ path: `/doctors/${h.doctor.id}` }) },
  // The hospital's doctor is the DOCTOR of the matrix: a doctor may change only their own
  // schedule. Every caller sets the same schedule, so bookings stay on the grid.
  'PUT /doctors/{id}/schedule': {
    fresh: () => ({ path: `/doctors/${h.doctor.id}/schedule`, body: DAY_SCHEDULE }),
  },

  'GET /doctors/{id}/availability': {
    fresh: () => ({ path: `/doctors/${h.doctor.id}/availability?date=${opd.today}` }),
  },
  'POST /appointments': {
    fresh: () => ({ path: '/appointments', body: bookingBody(takeSlot()) }),
    refused: () => ({ path: '/appointments', body: bookingBody(f.unbookedSlot) }),
  },
  'GET /appointments': {
    fresh: () => ({ path: `/appointments?date=${opd.today}&doctorId=${h.doctor.id}` }),
  },
  'GET /appointments/queue': {
    fresh: () => ({ path: `/appointments/queue?doctorId=${h.doctor.id}&date=${opd.today}` }),
  },
  'GET /appointments/{id}': { fresh: () => ({ path: `/appointments/${f.booked.id}` }) },
  'PATCH /appointments/{id}/status': {
    fresh: async (who) => ({
      path: `/appointments/${(await newBooking()).id}/status`,
      body: { status: 'cancelled', reason: `Patient phoned ${who} to cancel` },
    }),
    refused: () => ({
      path: `/appointments/${f.booked.id}/status`,
      body: { status: 'cancelled', reason: 'Patient phoned to cancel' },
    }),
  },

  'POST /encounters': {
    fresh: async () => ({
      path: '/encounters',
      body: { appointmentId: (await newCheckedIn()).id },
    }),
    refused: () => ({ path: '/encounters', body: { appointmentId: f.checkedIn.id } }),
  },
  'GET /encounters': { fresh: () => ({ path: `/encounters?date=${opd.today}` }) },
  'GET /encounters/{id}': { fresh: () => ({ path: `/encounters/${f.encounter.id}` }) },
  'PATCH /encounters/{id}': {
    fresh: async (who) => ({
      path: `/encounters/${(await newWalkIn()).id}`,
      body: {
        diagnosis: [{ text: 'Tension-type headache', code: 'G44.2', system: 'ICD-10' }],
        notes: `Recorded by ${who}`,
      },
    }),
    refused: () => ({ path: `/encounters/${f.encounter.id}`, body: { notes: 'Rest' } }),
  },
  'PATCH /encounters/{id}/vitals': {
    fresh: async () => ({ path: `/encounters/${(await newWalkIn()).id}/vitals`, body: VITALS }),
    refused: () => ({ path: `/encounters/${f.encounter.id}/vitals`, body: VITALS }),
  },
  'POST /encounters/{id}/prescriptions': {
    fresh: async () => ({
      path: `/encounters/${(await newWalkIn()).id}/prescriptions`,
      body: PARACETAMOL,
    }),
    refused: () => ({ path: `/encounters/${f.encounter.id}/prescriptions`, body: PARACETAMOL }),
  },
  'PATCH /encounters/{id}/prescriptions/{prescriptionId}': {
    fresh: async (who) => {
      const encounter = await newWalkIn();
      const rx = await newPrescription(encounter.id);
      return {
        path: `/encounters/${encounter.id}/prescriptions/${rx.id}`,
        body: { status: 'on-hold', reason: `Held by ${who}: awaiting liver function tests` },
      };
    },
    refused: () => ({
      path: `/encounters/${f.encounter.id}/prescriptions/${f.prescription.id}`,
      body: { status: 'on-hold', reason: 'Awaiting liver function tests' },
    }),
  },
};

beforeAll(async () => {
  h = await opdHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  // Every other role the kernel declares signs in too (a new role joins the matrix by itself).
  const others = ROLES.filter((r) => r !== 'ADMIN' && !staff.has(r));
  const [signedIn, patient, targetUser, doctorUserWithoutProfile, slots] = await Promise.all([
    Promise.all(others.map((role) => h.staff(role))),
    newPatient(),
    newUser('ACCOUNTANT'),
    newUser('DOCTOR'),
    must(
      h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${opd.today}`),
      200,
      'availability',
    ),
  ]);
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);
  freeSlots = slots.slots.map((s: { start: string }) => s.start);
  f = { patient, targetUser, doctorUserWithoutProfile } as typeof f;
  f.unbookedSlot = takeSlot();
  const [booked, checkedIn, encounter] = await Promise.all([
    newBooking(),
    newCheckedIn(),
    newWalkIn(),
  ]);
  Object.assign(f, { booked, checkedIn, encounter });
  f.prescription = await newPrescription(encounter.id);

  f.spareKey = await newKey();
  // The export Scans the whole shared test table: it runs while the other rows do.
  finishedExport().catch(() => {});
}, 60_000);

// ─── The tests ─────────────────────────────────────────────────────────────────────────────

describeRoleMatrix({
  title: 'the access table',
  modules: MATRIX_MODULES,
  publicRoutes: PUBLIC_ROUTES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: ['POST /encounters/{id}/prescriptions'],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
  // The export rows may wait for the hospital's export to end.
  timeout: 120_000,
  tableTests: () => {
    it('public routes answer without credentials', async () => {
      const anon = client(opd.url);
      for (const route of PUBLIC_ROUTES) {
        const [method, template] = route.split(' ') as [string, string];
        // A page script by a name that serves nothing: not found, not unauthorised.
        const path = template.replace('{name}', 'no-such-script.js');
        const res = await anon.call(method, path, method === 'GET' ? undefined : {});
        // An empty body gets past the access rule to validation.
        expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(
          path !== template ? 404 : method === 'GET' ? 200 : 400,
        );
      }
    });
  },
});
