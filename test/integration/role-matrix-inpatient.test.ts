import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES, type Scope } from '../../shared/kernel/scopes';
import type { Client, Reply } from '../support/api';
import {
  type InpatientHospital,
  inpatientHospital,
  must,
  NORMAL_VITALS,
} from '../support/inpatient';
import { opdRuntime } from '../support/opd';
import {
  expectRouteRefused,
  expectRouteSuccess,
  type MatrixRequest,
  sendMatrixRequest,
} from '../support/role-matrix';

// Who may call what in the inpatient area, written out by hand from docs/routes.md and checked
// against the running service, as test/integration/role-matrix.test.ts does for the platform and
// the OPD: every allowed role's call succeeds with the route's success status on a real request,
// every other role is refused with 403, and so are API keys without the route's scope.

/** The resource groups whose routes this file's table covers. */
const MATRIX_MODULES: readonly string[] = ['beds', 'admissions'];

/** Every staff role, from the kernel; the tables below say, by hand, what each may do. */
const MATRIX_ROLES = ROLES;

const ANY_ROLE = MATRIX_ROLES;
/** The admitting desk, the ward's clinicians and the bed manager. */
const WARD_STAFF: readonly Role[] = ['ADMIN', 'RECEPTIONIST', 'DOCTOR', 'NURSE', 'BED_MANAGER'];

/** A clinical decision: a signed-in person's, never an API key's, whatever its scopes. */
const NO_KEYS = 'no keys';

interface Rule {
  ok: 200 | 201;
  roles: readonly Role[];
  key: Scope | typeof NO_KEYS;
}

const ACCESS = {
  'POST /wards': { ok: 201, roles: ['ADMIN', 'BED_MANAGER'], key: 'beds:write' },
  'GET /wards': { ok: 200, roles: ANY_ROLE, key: 'beds:read' },
  'GET /wards/{id}': { ok: 200, roles: ANY_ROLE, key: 'beds:read' },
  'POST /wards/{id}/beds': { ok: 201, roles: ['ADMIN', 'BED_MANAGER'], key: 'beds:write' },
  'GET /wards/{id}/board': { ok: 200, roles: WARD_STAFF, key: 'beds:read' },
  'GET /beds/availability': { ok: 200, roles: ANY_ROLE, key: 'beds:read' },
  'GET /beds/{id}': { ok: 200, roles: WARD_STAFF, key: 'beds:read' },
  'PATCH /beds/{id}/state': { ok: 200, roles: ['ADMIN', 'BED_MANAGER'], key: 'beds:write' },
  'POST /beds/{id}/clean': { ok: 200, roles: ['ADMIN', 'NURSE', 'BED_MANAGER'], key: 'beds:write' },

  'POST /admissions': {
    ok: 201,
    roles: ['ADMIN', 'RECEPTIONIST', 'DOCTOR'],
    key: 'admissions:write',
  },
  'GET /admissions': { ok: 200, roles: WARD_STAFF, key: 'admissions:read' },
  'GET /admissions/{id}': { ok: 200, roles: WARD_STAFF, key: 'admissions:read' },
  'POST /admissions/{id}/transfer': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'BED_MANAGER'],
    key: 'admissions:write',
  },
  'POST /admissions/{id}/observations': {
    ok: 201,
    roles: ['ADMIN', 'NURSE', 'DOCTOR'],
    key: 'admissions:write',
  },
  'PATCH /admissions/{id}/pregnancy': {
    ok: 200,
    roles: ['ADMIN', 'NURSE', 'DOCTOR'],
    key: 'admissions:write',
  },
  'POST /admissions/{id}/nursing-notes': {
    ok: 201,
    roles: ['ADMIN', 'NURSE'],
    key: 'admissions:write',
  },
  'POST /admissions/{id}/round-notes': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR'],
    key: 'admissions:write',
  },
  'POST /admissions/{id}/discharge': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR'],
    key: 'admissions:write',
  },
  'POST /admissions/{id}/entered-in-error': {
    ok: 200,
    roles: ['ADMIN', 'RECEPTIONIST', 'DOCTOR'],
    key: 'admissions:write',
  },
  'PATCH /admissions/{id}/prescriptions/{prescriptionId}': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR'],
    key: 'admissions:write',
  },
  // Prescribing a discharge medicine is a doctor's clinical decision (issue 16).
  'POST /admissions/{id}/prescriptions': { ok: 201, roles: ['DOCTOR'], key: NO_KEYS },
} as const satisfies Record<string, Rule>;

type RouteKey = keyof typeof ACCESS;
const ROUTE_KEYS = Object.keys(ACCESS) as RouteKey[];
const rule = (route: RouteKey): Rule => ACCESS[route];

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
type Who = Role | 'KEY';

let h: InpatientHospital;
const staff = new Map<Role, Client>();
const exactKey = new Map<Scope, Client>();
const allButKey = new Map<Scope, Client>();
let allScopesKey: Client;
/** Free beds for fresh admissions and transfers, taken one each. */
const pool: any[] = [];
let f: { ward: any; bed: any; admission: any; discharged: any };
let n = 0;
const next = () => ++n;

function freeBed() {
  const bed = pool.shift();
  if (!bed) throw new Error('fixture: no free bed left');
  return bed;
}

async function newAdmission() {
  const patient = await h.patient();
  return must(h.admit(patient.id, { bedId: freeBed().id }), 201, 'admission');
}

/** A bed in housekeeping, for marking clean. */
async function dirtyBed() {
  const bed = freeBed();
  await must(
    h.bedManager.api.patch(`/beds/${bed.id}/state`, { state: 'housekeeping' }),
    200,
    'dirty',
  );
  return bed;
}

/** A discharge medicine prescribed during the stay. */
const TTO = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'four times a day',
  durationDays: 5,
  quantity: 20,
};

const DISCHARGE = {
  finalDiagnoses: [{ text: 'Cellulitis of the leg', code: 'L03.1', system: 'ICD-10' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

/** A discharged admission with one discharge prescription. */
async function newDischarged() {
  const a = await newAdmission();
  return must(
    h.doctorUser.api.post(`/admissions/${a.id}/discharge`, {
      ...DISCHARGE,
      medications: [
        {
          drugName: 'Paracetamol',
          strength: '500 mg',
          dose: '1 tablet',
          route: 'oral',
          frequency: 'four times a day',
          durationDays: 5,
          quantity: 20,
        },
      ],
    }),
    200,
    'discharge',
  );
}

type Req = MatrixRequest;
interface Requests {
  fresh: (who: Who) => Promise<Req> | Req;
  refused?: () => Req;
}

const REQUESTS: Record<RouteKey, Requests> = {
  'POST /wards': {
    fresh: (who) => ({
      path: '/wards',
      body: {
        name: `Ward of ${who} ${next()}`,
        type: 'general',
        sexPolicy: 'mixed',
        dailyCharge: 100_000,
      },
    }),
  },
  'GET /wards': { fresh: () => ({ path: '/wards' }) },
  'GET /wards/{id}': { fresh: () => ({ path: `/wards/${f.ward.id}` }) },
  'POST /wards/{id}/beds': {
    fresh: () => ({ path: `/wards/${f.ward.id}/beds`, body: { beds: [{ code: `M${next()}` }] } }),
  },
  'GET /wards/{id}/board': { fresh: () => ({ path: `/wards/${f.ward.id}/board` }) },
  'GET /beds/availability': { fresh: () => ({ path: '/beds/availability?type=general' }) },
  'GET /beds/{id}': { fresh: () => ({ path: `/beds/${f.bed.id}` }) },
  'PATCH /beds/{id}/state': {
    fresh: (who) => ({
      path: `/beds/${freeBed().id}/state`,
      body: { state: 'closed', reason: `Closed by ${who}` },
    }),
    refused: () => ({ path: `/beds/${f.bed.id}/state`, body: { state: 'closed' } }),
  },
  'POST /beds/{id}/clean': {
    fresh: async () => ({ path: `/beds/${(await dirtyBed()).id}/clean` }),
    refused: () => ({ path: `/beds/${f.bed.id}/clean` }),
  },

  'POST /admissions': {
    fresh: async () => ({
      path: '/admissions',
      body: {
        patientId: (await h.patient()).id,
        source: 'emergency',
        doctorId: h.doctor.id,
        reason: 'Cellulitis',
        bedId: freeBed().id,
      },
    }),
    refused: () => ({
      path: '/admissions',
      body: {
        patientId: f.admission.patientId,
        source: 'direct',
        doctorId: h.doctor.id,
        reason: 'x',
        bedId: f.bed.id,
      },
    }),
  },
  'GET /admissions': { fresh: () => ({ path: `/admissions?wardId=${f.ward.id}` }) },
  'GET /admissions/{id}': { fresh: () => ({ path: `/admissions/${f.admission.id}` }) },
  'POST /admissions/{id}/transfer': {
    fresh: async (who) => ({
      path: `/admissions/${(await newAdmission()).id}/transfer`,
      body: { bedId: freeBed().id, reason: `Moved by ${who}` },
    }),
    refused: () => ({
      path: `/admissions/${f.admission.id}/transfer`,
      body: { bedId: f.bed.id, reason: 'x' },
    }),
  },
  'POST /admissions/{id}/observations': {
    fresh: () => ({ path: `/admissions/${f.admission.id}/observations`, body: NORMAL_VITALS }),
  },
  'PATCH /admissions/{id}/pregnancy': {
    fresh: () => ({
      path: `/admissions/${f.admission.id}/pregnancy`,
      body: { status: 'not-pregnant' },
    }),
  },
  'POST /admissions/{id}/nursing-notes': {
    fresh: (who) => ({
      path: `/admissions/${f.admission.id}/nursing-notes`,
      body: { text: `By ${who}` },
    }),
  },
  'POST /admissions/{id}/round-notes': {
    fresh: (who) => ({
      path: `/admissions/${f.admission.id}/round-notes`,
      body: { text: `By ${who}` },
    }),
  },
  'POST /admissions/{id}/discharge': {
    fresh: async () => ({
      path: `/admissions/${(await newAdmission()).id}/discharge`,
      body: DISCHARGE,
    }),
    refused: () => ({ path: `/admissions/${f.admission.id}/discharge`, body: DISCHARGE }),
  },
  'POST /admissions/{id}/entered-in-error': {
    fresh: async (who) => ({
      path: `/admissions/${(await newAdmission()).id}/entered-in-error`,
      body: { reason: `Wrong patient, noticed by ${who}` },
    }),
    refused: () => ({
      path: `/admissions/${f.admission.id}/entered-in-error`,
      body: { reason: 'x' },
    }),
  },
  'POST /admissions/{id}/prescriptions': {
    fresh: () => ({ path: `/admissions/${f.admission.id}/prescriptions`, body: TTO }),
  },
  'PATCH /admissions/{id}/prescriptions/{prescriptionId}': {
    fresh: async (who) => {
      const d = await newDischarged();
      return {
        path: `/admissions/${d.id}/prescriptions/${d.prescriptions[0].id}`,
        body: { status: 'stopped', reason: `Stopped by ${who}: liver function` },
      };
    },
    refused: () => ({
      path: `/admissions/${f.discharged.id}/prescriptions/${f.discharged.prescriptions[0].id}`,
      body: { status: 'on-hold', reason: 'Awaiting review' },
    }),
  },
};

const send = (api: Client, route: RouteKey, req: Req) => sendMatrixRequest(api, route, req);
const expectSuccess = (res: Reply, route: RouteKey, who: string) =>
  expectRouteSuccess(res, route, who, rule(route).ok);
const expectRefused = expectRouteRefused;

beforeAll(async () => {
  h = await inpatientHospital(rt.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('BED_MANAGER', h.bedManager.api);
  const others = [
    'PHARMACIST',
    'ACCOUNTANT',
    'LAB_TECHNICIAN',
    'RADIOLOGIST',
    'CASHIER',
    'PATHOLOGIST',
    'RADIOGRAPHER',
    'MANAGER',
  ] as const;
  const signedIn = await Promise.all(others.map((role) => h.staff(role)));
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);
  const wards = await Promise.all([h.ward({}, 40, []), h.ward({}, 40, []), h.ward({}, 40, [])]);
  for (const w of wards) pool.push(...w.beds);
  const ward = wards[0];
  const bed = freeBed();
  f = { ward, bed, admission: await newAdmission(), discharged: undefined };
  f.discharged = await newDischarged();
  const scopes = [...new Set(ROUTE_KEYS.map((r) => rule(r).key))].filter(
    (k): k is Scope => k !== NO_KEYS,
  );
  allScopesKey = (await h.key([...SCOPE_NAMES], 'all scopes')).api;
  for (const scope of scopes) {
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
}, 120_000);

describe('the inpatient access table', () => {
  it('lists exactly the routes of its groups', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...ROUTE_KEYS].sort());
  });

  it('covers every staff role, and lets ADMIN call every route but the clinical decisions', () => {
    // The matrix signs in as every staff role the kernel declares.
    expect([...staff.keys()].sort()).toEqual([...ROLES].sort());
    const clinicalDecisions: readonly string[] = ['POST /admissions/{id}/prescriptions'];
    for (const route of ROUTE_KEYS)
      if (clinicalDecisions.includes(route))
        expect(rule(route).roles, route).not.toContain('ADMIN');
      else expect(rule(route).roles, route).toContain('ADMIN');
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
    if (key === NO_KEYS) {
      const everyScope = await send(allScopesKey, route, refused ? refused() : await fresh('KEY'));
      expectRefused(everyScope, route, 'a key with every scope', /^API keys may not use /);
      return;
    }
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
