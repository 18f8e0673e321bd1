import { beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import type { Client } from '../support/api';
import {
  type InpatientHospital,
  inpatientHospital,
  must,
  NORMAL_VITALS,
} from '../support/inpatient';
import { opdRuntime } from '../support/opd';
import {
  describeRoleMatrix,
  type MatrixRequests,
  type MatrixRule,
  NO_KEYS,
} from '../support/role-matrix';

// Who may call what in the inpatient area, written out by hand from docs/routes.md and checked
// against the running service, as test/integration/role-matrix.test.ts does for the platform and
// the OPD: every allowed role's call succeeds with the route's success status on a real request,
// every other role is refused with 403, and so are API keys without the route's scope.

/** The resource groups whose routes this file's table covers. */
const MATRIX_MODULES: readonly string[] = ['beds', 'admissions'];

const ANY_ROLE = ROLES;
/** The admitting desk, the ward's clinicians and the bed manager. */
const WARD_STAFF: readonly Role[] = ['ADMIN', 'RECEPTIONIST', 'DOCTOR', 'NURSE', 'BED_MANAGER'];

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
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
let h: InpatientHospital;
const staff = new Map<Role, Client>();
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

const REQUESTS: Record<RouteKey, MatrixRequests> = {
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

beforeAll(async () => {
  h = await inpatientHospital(rt.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('BED_MANAGER', h.bedManager.api);
  // Every other role the kernel declares signs in too (a new role joins the matrix by itself).
  const others = ROLES.filter((r) => r !== 'ADMIN' && !staff.has(r));
  const signedIn = await Promise.all(others.map((role) => h.staff(role)));
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);
  const wards = await Promise.all([h.ward({}, 40, []), h.ward({}, 40, []), h.ward({}, 40, [])]);
  for (const w of wards) pool.push(...w.beds);
  const ward = wards[0];
  const bed = freeBed();
  f = { ward, bed, admission: await newAdmission(), discharged: undefined };
  f.discharged = await newDischarged();
}, 120_000);

describeRoleMatrix({
  title: 'the inpatient access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: ['POST /admissions/{id}/prescriptions'],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
});
