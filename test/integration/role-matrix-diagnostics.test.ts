import { beforeAll, expect } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { addDays, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import type { Client } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';
import { describeRoleMatrix, type MatrixRequests, type MatrixRule } from '../support/role-matrix';

// Who may call what in the laboratory and radiology, written out by hand from docs/routes.md and
// checked against the running service, as in role-matrix.test.ts: every allowed role's call
// succeeds on a real request, every other role is refused with 403, and so are API keys without
// the route's scope. Two routes are clinical decisions the service refuses even where the access
// rule would pass (ADMIN, API keys): they are marked `decision` and checked for that refusal.

// ─── The expected access table ──────────────────────────────────────────────────────────────

const MATRIX_MODULES: readonly string[] = ['lab', 'radiology'];

const ANY_ROLE = ROLES;
const LAB_READERS = ['ADMIN', 'DOCTOR', 'NURSE', 'LAB_TECHNICIAN', 'PATHOLOGIST'] as const;
const RAD_READERS = ['ADMIN', 'DOCTOR', 'NURSE', 'RADIOGRAPHER', 'RADIOLOGIST'] as const;

const ACCESS = {
  'GET /lab/catalogue': { ok: 200, roles: ANY_ROLE, key: 'lab:read' },
  'PUT /lab/catalogue/tests/{code}': { ok: 200, roles: ['ADMIN', 'PATHOLOGIST'], key: 'lab:write' },
  'PUT /lab/catalogue/panels/{code}': {
    ok: 200,
    roles: ['ADMIN', 'PATHOLOGIST'],
    key: 'lab:write',
  },
  'POST /lab/catalogue/starter': { ok: 200, roles: ['ADMIN', 'PATHOLOGIST'], key: 'lab:write' },
  'POST /lab/orders': { ok: 201, roles: ['ADMIN', 'DOCTOR'], key: 'lab:write' },
  'GET /lab/orders/{id}': { ok: 200, roles: LAB_READERS, key: 'lab:read' },
  'PATCH /lab/orders/{id}/status': { ok: 200, roles: ['ADMIN', 'DOCTOR'], key: 'lab:write' },
  'POST /lab/orders/{id}/specimens': {
    ok: 201,
    roles: ['ADMIN', 'LAB_TECHNICIAN', 'NURSE'],
    key: 'lab:write',
  },
  'POST /lab/orders/{id}/specimens/{accession}/reject': {
    ok: 200,
    roles: ['ADMIN', 'LAB_TECHNICIAN', 'PATHOLOGIST'],
    key: 'lab:write',
  },
  'POST /lab/orders/{id}/results': {
    ok: 200,
    roles: ['ADMIN', 'LAB_TECHNICIAN'],
    key: 'lab:write',
  },
  'PATCH /lab/orders/{id}/results/{code}': {
    ok: 200,
    roles: ['ADMIN', 'LAB_TECHNICIAN', 'PATHOLOGIST'],
    key: 'lab:write',
  },
  'POST /lab/orders/{id}/verify': {
    ok: 200,
    roles: ['ADMIN', 'LAB_TECHNICIAN', 'PATHOLOGIST'],
    key: 'lab:write',
  },
  'POST /lab/orders/{id}/alerts/{alertId}/acknowledge': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'NURSE'],
    key: 'lab:write',
  },
  'GET /lab/worklists/{list}': { ok: 200, roles: LAB_READERS, key: 'lab:read' },
  'GET /lab/criticals': { ok: 200, roles: LAB_READERS, key: 'lab:read' },
  'GET /lab/patients/{patientId}/orders': { ok: 200, roles: LAB_READERS, key: 'lab:read' },
  'GET /lab/patients/{patientId}/cumulative': { ok: 200, roles: LAB_READERS, key: 'lab:read' },

  'GET /radiology/catalogue': { ok: 200, roles: ANY_ROLE, key: 'radiology:read' },
  'PUT /radiology/procedures/{code}': {
    ok: 200,
    roles: ['ADMIN', 'RADIOLOGIST'],
    key: 'radiology:write',
  },
  'PUT /radiology/rooms/{code}': {
    ok: 200,
    roles: ['ADMIN', 'RADIOLOGIST'],
    key: 'radiology:write',
  },
  'POST /radiology/orders': { ok: 201, roles: ['ADMIN', 'DOCTOR'], key: 'radiology:write' },
  'GET /radiology/orders/{id}': { ok: 200, roles: RAD_READERS, key: 'radiology:read' },
  'PATCH /radiology/orders/{id}/status': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR'],
    key: 'radiology:write',
  },
  'PATCH /radiology/orders/{id}/safety': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'NURSE', 'RADIOGRAPHER'],
    key: 'radiology:write',
  },
  'POST /radiology/orders/{id}/safety-override': {
    ok: 200,
    roles: ['DOCTOR', 'RADIOLOGIST'],
    key: 'radiology:write',
    decision: /^Only a doctor may override a radiology safety question/,
  },
  'POST /radiology/orders/{id}/schedule': {
    ok: 200,
    roles: ['ADMIN', 'RADIOGRAPHER', 'RECEPTIONIST'],
    key: 'radiology:write',
  },
  'POST /radiology/orders/{id}/start': {
    ok: 200,
    roles: ['ADMIN', 'RADIOGRAPHER'],
    key: 'radiology:write',
  },
  'POST /radiology/orders/{id}/complete': {
    ok: 200,
    roles: ['ADMIN', 'RADIOGRAPHER'],
    key: 'radiology:write',
  },
  'PUT /radiology/orders/{id}/report': {
    ok: 200,
    roles: ['ADMIN', 'RADIOLOGIST'],
    key: 'radiology:write',
  },
  'POST /radiology/orders/{id}/addenda': {
    ok: 201,
    roles: ['ADMIN', 'RADIOLOGIST'],
    key: 'radiology:write',
  },
  'GET /radiology/worklists/{list}': { ok: 200, roles: RAD_READERS, key: 'radiology:read' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures and one valid request per route ──────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof diagnosticsHospital>>;
let h: Hospital;
const staff = new Map<Role, Client>();

let f: {
  patient: any;
  encounter: any;
  labOrder: any;
  collected: any;
  entered: any;
  reported: any;
  alert: any;
  blocked: any;
  cleared: any;
  scheduled: any;
  started: any;
  completed: any;
  radReported: any;
};

let n = 0;
const next = () => ++n;
/** A distinct slot of the 15-minute X-ray room, from tomorrow on. */
const slot = () => {
  const i = next();
  const day = addDays(opd.today, 1 + Math.floor(i / 96));
  const m = (i % 96) * 15;
  const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return zonedDateTimeToUtc(day, time, TZ).toISOString();
};

const lab = (path: string, body?: unknown) => ({ path, body });

const newLabOrder = (codes = ['2951-2']) =>
  must(
    h.doctorUser.api.post('/lab/orders', {
      source: { kind: 'encounter', id: f.encounter.id },
      codes,
      confirmDuplicate: true,
    }),
    201,
    'lab order',
  );
const newCollected = async () => {
  const o = await newLabOrder();
  return must(h.tech2.api.post(`/lab/orders/${o.id}/specimens`, {}), 201, 'collect');
};
/** Results entered by a technician outside the matrix, so any matrix caller may verify. */
const newEntered = async (value = 140) => {
  const o = await newCollected();
  return must(
    h.tech2.api.post(`/lab/orders/${o.id}/results`, { results: [{ code: '2951-2', value }] }),
    200,
    'results',
  );
};
const newReported = async () => {
  const o = await newEntered();
  return must(h.pathologist.api.post(`/lab/orders/${o.id}/verify`, {}), 200, 'verify');
};
const newAlert = async () => {
  const o = await newEntered(110);
  const open = await must(h.doctorUser.api.get('/lab/criticals?limit=100'), 200, 'criticals');
  return open.items.find((a: any) => a.orderId === o.id);
};

const newRadOrder = (safety = {}) =>
  must(
    h.doctorUser.api.post('/radiology/orders', {
      source: { kind: 'encounter', id: f.encounter.id },
      procedureCode: 'XR-CHEST',
      clinicalQuestion: 'Cough: consolidation?',
      safety,
    }),
    201,
    'radiology order',
  );
const newScheduled = async () => {
  const o = await newRadOrder();
  return must(
    h.radiographer.api.post(`/radiology/orders/${o.id}/schedule`, { room: 'XR1', start: slot() }),
    200,
    'schedule',
  );
};
const newStarted = async () =>
  must(
    h.radiographer.api.post(`/radiology/orders/${(await newScheduled()).id}/start`, {}),
    200,
    'start',
  );
const newCompleted = async () =>
  must(
    h.radiographer.api.post(`/radiology/orders/${(await newStarted()).id}/complete`, {}),
    200,
    'complete',
  );
const REPORT = { findings: 'Clear lungs.', impression: 'Normal chest.', status: 'final' };
const newRadReported = async () =>
  must(
    h.radiologist.api.put(`/radiology/orders/${(await newCompleted()).id}/report`, REPORT),
    200,
    'report',
  );
const newMri = () =>
  must(
    h.doctorUser.api.post('/radiology/orders', {
      source: { kind: 'encounter', id: f.encounter.id },
      procedureCode: 'MR-KNEE',
      clinicalQuestion: 'Locking knee: meniscal tear?',
    }),
    201,
    'MRI order',
  );

const TEST_DEF = {
  codeSystem: 'local',
  name: 'Serum lactate',
  specimenType: 'plasma',
  container: 'Fluoride oxalate tube (grey top)',
  resultType: 'numeric',
  unit: 'mmol/L',
  turnaroundHours: 1,
  priceMinor: 30000,
  ranges: [{ sex: 'any', low: 0.5, high: 2.2, criticalHigh: 4 }],
};

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /lab/catalogue': { fresh: () => lab('/lab/catalogue') },
  'PUT /lab/catalogue/tests/{code}': {
    fresh: (who) =>
      lab(`/lab/catalogue/tests/LACT-${next()}`, { ...TEST_DEF, name: `Lactate by ${who}` }),
  },
  'PUT /lab/catalogue/panels/{code}': {
    fresh: () =>
      lab(`/lab/catalogue/panels/ELEC-${next()}`, {
        codeSystem: 'local',
        name: 'Electrolytes',
        tests: ['2951-2', '2823-3'],
        priceMinor: 25000,
      }),
  },
  'POST /lab/catalogue/starter': {
    fresh: () => lab('/lab/catalogue/starter', { acceptPublishedRanges: true }),
  },
  'POST /lab/orders': {
    fresh: () =>
      lab('/lab/orders', {
        source: { kind: 'encounter', id: f.encounter.id },
        codes: ['2823-3'],
        confirmDuplicate: true,
      }),
  },
  'GET /lab/orders/{id}': { fresh: () => lab(`/lab/orders/${f.labOrder.id}`) },
  'PATCH /lab/orders/{id}/status': {
    fresh: async (who) =>
      lab(`/lab/orders/${(await newLabOrder()).id}/status`, {
        status: 'on-hold',
        reason: `Held by ${who}`,
      }),
    refused: () =>
      lab(`/lab/orders/${f.labOrder.id}/status`, { status: 'on-hold', reason: 'Hold' }),
  },
  'POST /lab/orders/{id}/specimens': {
    fresh: async () => lab(`/lab/orders/${(await newLabOrder()).id}/specimens`, {}),
    refused: () => lab(`/lab/orders/${f.labOrder.id}/specimens`, {}),
  },
  'POST /lab/orders/{id}/specimens/{accession}/reject': {
    fresh: async () => {
      const o = await newCollected();
      return lab(`/lab/orders/${o.id}/specimens/${o.specimens[0].accession}/reject`, {
        reason: 'clotted',
      });
    },
    refused: () =>
      lab(`/lab/orders/${f.collected.id}/specimens/${f.collected.specimens[0].accession}/reject`, {
        reason: 'clotted',
      }),
  },
  'POST /lab/orders/{id}/results': {
    fresh: async () =>
      lab(`/lab/orders/${(await newCollected()).id}/results`, {
        results: [{ code: '2951-2', value: 139 }],
      }),
    refused: () =>
      lab(`/lab/orders/${f.collected.id}/results`, { results: [{ code: '2951-2', value: 139 }] }),
  },
  'PATCH /lab/orders/{id}/results/{code}': {
    fresh: async () =>
      lab(`/lab/orders/${(await newReported()).id}/results/2951-2`, {
        value: 141,
        reason: 'Recalibrated',
      }),
    refused: () =>
      lab(`/lab/orders/${f.reported.id}/results/2951-2`, { value: 141, reason: 'Recalibrated' }),
  },
  'POST /lab/orders/{id}/verify': {
    fresh: async () => lab(`/lab/orders/${(await newEntered()).id}/verify`, {}),
    refused: () => lab(`/lab/orders/${f.entered.id}/verify`, {}),
  },
  'POST /lab/orders/{id}/alerts/{alertId}/acknowledge': {
    fresh: async () => {
      const a = await newAlert();
      return lab(`/lab/orders/${a.orderId}/alerts/${a.id}/acknowledge`, {});
    },
    refused: () => lab(`/lab/orders/${f.alert.orderId}/alerts/${f.alert.id}/acknowledge`, {}),
  },
  'GET /lab/worklists/{list}': { fresh: () => lab('/lab/worklists/collection') },
  'GET /lab/criticals': { fresh: () => lab('/lab/criticals') },
  'GET /lab/patients/{patientId}/orders': {
    fresh: () => lab(`/lab/patients/${f.patient.id}/orders`),
  },
  'GET /lab/patients/{patientId}/cumulative': {
    fresh: () => lab(`/lab/patients/${f.patient.id}/cumulative`),
  },

  'GET /radiology/catalogue': { fresh: () => lab('/radiology/catalogue') },
  'PUT /radiology/procedures/{code}': {
    fresh: (who) =>
      lab(`/radiology/procedures/US-${next()}`, {
        name: `Ultrasound pelvis (${who})`,
        modality: 'US',
        bodyPart: 'Pelvis',
        contrast: false,
        priceMinor: 100000,
      }),
  },
  'PUT /radiology/rooms/{code}': {
    fresh: () =>
      lab(`/radiology/rooms/US${next()}`, { name: 'Ultrasound', modality: 'US', slotMinutes: 20 }),
  },
  'POST /radiology/orders': {
    fresh: () =>
      lab('/radiology/orders', {
        source: { kind: 'encounter', id: f.encounter.id },
        procedureCode: 'XR-CHEST',
        clinicalQuestion: 'Cough',
      }),
  },
  'GET /radiology/orders/{id}': { fresh: () => lab(`/radiology/orders/${f.cleared.id}`) },
  'PATCH /radiology/orders/{id}/status': {
    fresh: async (who) =>
      lab(`/radiology/orders/${(await newRadOrder()).id}/status`, {
        status: 'revoked',
        reason: `By ${who}`,
      }),
    refused: () =>
      lab(`/radiology/orders/${f.cleared.id}/status`, { status: 'revoked', reason: 'No' }),
  },
  'PATCH /radiology/orders/{id}/safety': {
    fresh: async () => lab(`/radiology/orders/${(await newMri()).id}/safety`, { implant: 'no' }),
    refused: () => lab(`/radiology/orders/${f.blocked.id}/safety`, { implant: 'no' }),
  },
  'POST /radiology/orders/{id}/safety-override': {
    fresh: async () =>
      lab(`/radiology/orders/${(await newMri()).id}/safety-override`, {
        reason: 'Pacemaker is MR-conditional (checked with cardiology)',
      }),
    refused: () => lab(`/radiology/orders/${f.blocked.id}/safety-override`, { reason: 'Checked' }),
  },
  'POST /radiology/orders/{id}/schedule': {
    fresh: async () =>
      lab(`/radiology/orders/${(await newRadOrder()).id}/schedule`, { room: 'XR1', start: slot() }),
    refused: () =>
      lab(`/radiology/orders/${f.cleared.id}/schedule`, { room: 'XR1', start: slot() }),
  },
  'POST /radiology/orders/{id}/start': {
    fresh: async () => lab(`/radiology/orders/${(await newScheduled()).id}/start`, {}),
    refused: () => lab(`/radiology/orders/${f.scheduled.id}/start`, {}),
  },
  'POST /radiology/orders/{id}/complete': {
    fresh: async () => lab(`/radiology/orders/${(await newStarted()).id}/complete`, {}),
    refused: () => lab(`/radiology/orders/${f.started.id}/complete`, {}),
  },
  'PUT /radiology/orders/{id}/report': {
    fresh: async () => lab(`/radiology/orders/${(await newCompleted()).id}/report`, REPORT),
    refused: () => lab(`/radiology/orders/${f.completed.id}/report`, REPORT),
  },
  'POST /radiology/orders/{id}/addenda': {
    fresh: async () =>
      lab(`/radiology/orders/${(await newRadReported()).id}/addenda`, { text: 'Addendum' }),
    refused: () => lab(`/radiology/orders/${f.radReported.id}/addenda`, { text: 'Addendum' }),
  },
  'GET /radiology/worklists/{list}': { fresh: () => lab('/radiology/worklists/requested') },
};

beforeAll(async () => {
  h = await diagnosticsHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('LAB_TECHNICIAN', h.tech.api);
  staff.set('PATHOLOGIST', h.pathologist.api);
  staff.set('RADIOGRAPHER', h.radiographer.api);
  staff.set('RADIOLOGIST', h.radiologist.api);
  // Every other role the kernel declares signs in too (a new role joins the matrix by itself).
  for (const role of ROLES.filter((r) => r !== 'ADMIN' && !staff.has(r)))
    staff.set(role, (await h.staff(role)).api);
  const r = h.radiologist.api;
  await must(
    r.put('/radiology/procedures/XR-CHEST', {
      name: 'Chest X-ray',
      modality: 'DX',
      bodyPart: 'Chest',
      contrast: false,
      priceMinor: 45000,
    }),
    200,
    'procedure',
  );
  await must(
    r.put('/radiology/procedures/MR-KNEE', {
      name: 'MRI knee',
      modality: 'MR',
      bodyPart: 'Knee',
      contrast: false,
      priceMinor: 600000,
    }),
    200,
    'procedure',
  );
  await must(
    r.put('/radiology/rooms/XR1', { name: 'X-ray 1', modality: 'DX', slotMinutes: 15 }),
    200,
    'room',
  );
  const { patient, encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1968-08-08' });
  f = { patient, encounter } as typeof f;
  const [
    labOrder,
    collected,
    entered,
    reported,
    alert,
    blocked,
    cleared,
    scheduled,
    started,
    completed,
    radReported,
  ] = await Promise.all([
    newLabOrder(),
    newCollected(),
    newEntered(),
    newReported(),
    newAlert(),
    newMri(),
    newRadOrder(),
    newScheduled(),
    newStarted(),
    newCompleted(),
    newRadReported(),
  ]);
  Object.assign(f, {
    labOrder,
    collected,
    entered,
    reported,
    alert,
    blocked,
    cleared,
    scheduled,
    started,
    completed,
    radReported,
  });
  expect(blocked.safetyBlocked).toBe(true);
}, 120_000);

describeRoleMatrix({
  title: 'the access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
});
