/**
 * Who may call the agent actions routes, written out by hand and checked against the running
 * service (modelled on role-matrix.test.ts): every allowed role succeeds on a valid request, every
 * other role gets 403, and so do API keys without the route's scope. Approval and rejection are
 * open to every signed-in role at the door; the action's own approver roles (those of its target
 * operation: DOCTOR for a prescription) decide, so the other roles' 403 comes from the service.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { SCOPE_NAMES, type Scope } from '../../shared/kernel/scopes';
import { addDays, todayIn, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import type { Client, Reply } from '../support/api';
import { hitlHospital, hitlRuntime, PARACETAMOL } from '../support/hitl';

const MATRIX_MODULES: readonly string[] = ['agent-actions'];

const NO_KEYS = 'no keys';
const READERS: readonly Role[] = [
  'ADMIN',
  'DOCTOR',
  'NURSE',
  'PHARMACIST',
  'RECEPTIONIST',
  'BED_MANAGER',
  'LAB_TECHNICIAN',
  'PATHOLOGIST',
  'RADIOLOGIST',
  'RADIOGRAPHER',
  'THEATRE_COORDINATOR',
];

interface Rule {
  ok: 200 | 201;
  roles: readonly Role[];
  key: Scope | typeof NO_KEYS;
}

const ACCESS = {
  'GET /agent-actions/pending': { ok: 200, roles: READERS, key: 'agent-actions:read' },
  'GET /agent-actions': { ok: 200, roles: READERS, key: 'agent-actions:read' },
  'GET /agent-actions/{id}': { ok: 200, roles: READERS, key: 'agent-actions:read' },
  'GET /agent-actions/settings': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  'PUT /agent-actions/settings': { ok: 200, roles: ['ADMIN'], key: NO_KEYS },
  // A prescription's approvers: the roles of encounters.prescribe, a doctor's clinical decision.
  'POST /agent-actions/{id}/approve': { ok: 200, roles: ['DOCTOR'], key: NO_KEYS },
  'POST /agent-actions/{id}/reject': { ok: 200, roles: ['DOCTOR'], key: NO_KEYS },
  'POST /agent-actions/proposals/prescription': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR', 'NURSE', 'PHARMACIST'],
    key: 'agents:clinical:propose',
  },
  'POST /agent-actions/proposals/admission': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR', 'NURSE', 'BED_MANAGER'],
    key: 'agents:clinical:propose',
  },
  'POST /agent-actions/proposals/discharge': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR', 'NURSE'],
    key: 'agents:clinical:propose',
  },
  'POST /agent-actions/proposals/lab-order': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR', 'NURSE'],
    key: 'agents:clinical:propose',
  },
  'POST /agent-actions/proposals/radiology-order': {
    ok: 201,
    roles: ['ADMIN', 'DOCTOR', 'NURSE'],
    key: 'agents:clinical:propose',
  },
  'POST /agent-actions/proposals/surgery-booking': {
    ok: 201,
    roles: ['ADMIN', 'THEATRE_COORDINATOR', 'DOCTOR', 'NURSE'],
    key: 'agents:clinical:propose',
  },
} as const satisfies Record<string, Rule>;
type RouteKey = keyof typeof ACCESS;
const ROUTE_KEYS = Object.keys(ACCESS) as RouteKey[];
const rule = (route: RouteKey): Rule => ACCESS[route];

const rt = hitlRuntime();
let h: Awaited<ReturnType<typeof hitlHospital>>;
let encounterId: string;
let shared: { id: string };
/** Fixtures the proposals refer to (proposing changes none of them). */
const fx = { patientId: '', wardId: '', admissionId: '', caseId: '', sessionId: '', start: '' };
const staff = new Map<Role, Client>();
const exactKey = new Map<Scope, Client>();
const allButKey = new Map<Scope, Client>();
let allScopesKey: Client;

async function pendingAction(): Promise<{ id: string }> {
  const r = await h.proposeRx(encounterId);
  if (r.status !== 201) throw new Error(`fixture proposal: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A valid request of the route; state-changing ones on an action of their own. */
async function request(route: RouteKey): Promise<{ path: string; body?: unknown }> {
  switch (route) {
    case 'GET /agent-actions/pending':
      return { path: '/agent-actions/pending?type=prescription&risk=LOW' };
    case 'GET /agent-actions':
      return { path: '/agent-actions?status=PENDING' };
    case 'GET /agent-actions/{id}':
      return { path: `/agent-actions/${shared.id}` };
    case 'GET /agent-actions/settings':
      return { path: '/agent-actions/settings' };
    case 'PUT /agent-actions/settings':
      return {
        path: '/agent-actions/settings',
        body: { types: { prescription: { lifetimeMinutes: 240 } } },
      };
    case 'POST /agent-actions/{id}/approve':
      return { path: `/agent-actions/${(await pendingAction()).id}/approve` };
    case 'POST /agent-actions/{id}/reject':
      return {
        path: `/agent-actions/${(await pendingAction()).id}/reject`,
        body: { reason: 'Not indicated' },
      };
    case 'POST /agent-actions/proposals/prescription':
      return {
        path: '/agent-actions/proposals/prescription',
        body: { encounterId, ...PARACETAMOL, rationale: 'Fever' },
      };
    case 'POST /agent-actions/proposals/admission':
      return {
        path: '/agent-actions/proposals/admission',
        body: {
          patientId: fx.patientId,
          source: 'direct',
          doctorId: h.doctor.id,
          reason: 'Pneumonia',
          wardId: fx.wardId,
          rationale: 'Needs IV antibiotics',
        },
      };
    case 'POST /agent-actions/proposals/discharge':
      return {
        path: '/agent-actions/proposals/discharge',
        body: {
          admissionId: fx.admissionId,
          finalDiagnoses: [{ text: 'Pneumonia' }],
          conditionAtDischarge: 'Improved',
          disposition: 'home',
          rationale: 'Afebrile for 48 hours',
        },
      };
    case 'POST /agent-actions/proposals/lab-order':
      return {
        path: '/agent-actions/proposals/lab-order',
        body: {
          source: { kind: 'encounter', id: encounterId },
          codes: ['58410-2'],
          rationale: 'Anaemia?',
        },
      };
    case 'POST /agent-actions/proposals/radiology-order':
      return {
        path: '/agent-actions/proposals/radiology-order',
        body: {
          source: { kind: 'encounter', id: encounterId },
          procedureCode: 'XR-CHEST',
          clinicalQuestion: 'Consolidation?',
          rationale: 'Crackles',
        },
      };
    case 'POST /agent-actions/proposals/surgery-booking':
      return {
        path: '/agent-actions/proposals/surgery-booking',
        body: {
          id: fx.caseId,
          sessionId: fx.sessionId,
          start: fx.start,
          rationale: 'First free slot on the list',
        },
      };
  }
}

function send(api: Client, route: RouteKey, req: { path: string; body?: unknown }): Promise<Reply> {
  const method = route.split(' ')[0]!;
  return api.call(method, req.path, method === 'GET' ? undefined : (req.body ?? {}));
}

beforeAll(async () => {
  h = await hitlHospital(rt.url);
  const { encounter } = await h.encounter();
  encounterId = encounter.id;
  shared = await pendingAction();
  const bedManager = await h.staff('BED_MANAGER');
  const ward = await bedManager.api.post('/wards', {
    name: 'Matrix ward',
    type: 'general',
    sexPolicy: 'mixed',
    dailyCharge: 100_000,
  });
  await bedManager.api.post(`/wards/${ward.body.id}/beds`, {
    series: { prefix: 'A', count: 2, features: [] },
  });
  const admitted = await h.patient();
  const adm = await h.reception.api.post('/admissions', {
    patientId: admitted.id,
    source: 'direct',
    doctorId: h.doctor.id,
    reason: 'Pneumonia',
    wardId: ward.body.id,
  });
  if (adm.status !== 201) throw new Error(`fixture admission: ${JSON.stringify(adm.body)}`);
  Object.assign(fx, {
    patientId: (await h.patient()).id,
    wardId: ward.body.id,
    admissionId: adm.body.id,
  });
  const pathologist = await h.staff('PATHOLOGIST');
  await pathologist.api.post('/lab/catalogue/starter', {});
  const radiologist = await h.staff('RADIOLOGIST');
  await radiologist.api.put('/radiology/procedures/XR-CHEST', {
    name: 'Chest X-ray PA',
    modality: 'DX',
    bodyPart: 'Chest',
    contrast: false,
    priceMinor: 45000,
  });
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  for (const role of ROLES.filter((r) => !staff.has(r))) staff.set(role, (await h.staff(role)).api);
  // A waiting surgical case and a session with free time (proposing changes neither).
  const coordinator = staff.get('THEATRE_COORDINATOR')!;
  const anaesthetist = await h.staff('DOCTOR');
  await coordinator.put('/theatre/theatres/MX1', { name: 'Matrix theatre', type: 'general' });
  const day = addDays(todayIn('Asia/Kolkata', new Date()), 7);
  const session = await coordinator.post('/theatre/sessions', {
    theatre: 'MX1',
    start: zonedDateTimeToUtc(day, '08:00', 'Asia/Kolkata').toISOString(),
    end: zonedDateTimeToUtc(day, '12:00', 'Asia/Kolkata').toISOString(),
    surgeonId: h.doctorUser.user.id,
    anaesthetistId: anaesthetist.user.id,
  });
  const surgical = await h.doctorUser.api.post('/theatre/cases', {
    source: { kind: 'encounter', id: encounterId },
    procedure: { text: 'Excision of a lipoma' },
    site: 'Back',
    laterality: 'not-applicable',
    surgeonId: h.doctorUser.user.id,
    anaesthetistId: anaesthetist.user.id,
    scrubNurseId: h.nurse.user.id,
    anaesthesiaType: 'local',
    expectedMinutes: 30,
    priority: 'elective',
  });
  if (session.status !== 201 || surgical.status !== 201)
    throw new Error(`fixture theatre: ${JSON.stringify([session.body, surgical.body])}`);
  Object.assign(fx, {
    caseId: surgical.body.id,
    sessionId: session.body.id,
    start: session.body.start,
  });
  const scopes = [...new Set(ROUTE_KEYS.map((r) => rule(r).key))].filter(
    (k): k is Scope => k !== NO_KEYS,
  );
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
  allScopesKey = (await h.key([...SCOPE_NAMES], 'all scopes')).api;
}, 120_000);

describe('the agent actions access table', () => {
  it('lists exactly the routes the agent-actions group serves', () => {
    const served = allRoutes()
      .filter((r) => MATRIX_MODULES.includes(r.module))
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(served).toEqual([...ROUTE_KEYS].sort());
  });

  it.each(ROUTE_KEYS)('staff roles: %s', async (route) => {
    const { roles, ok } = rule(route);
    for (const role of ROLES) {
      const res = await send(staff.get(role)!, route, await request(route));
      const label = `${role} → ${route}: ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, label).toBe(roles.includes(role) ? ok : 403);
    }
  });

  it.each(ROUTE_KEYS)('API keys: %s', async (route) => {
    const { key, ok } = rule(route);
    if (key === NO_KEYS) {
      const res = await send(allScopesKey, route, await request(route));
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toMatch(/^API keys may not use /);
      return;
    }
    expect((await send(exactKey.get(key)!, route, await request(route))).status).toBe(ok);
    const without = await send(allButKey.get(key)!, route, await request(route));
    expect(without.status).toBe(403);
    expect(without.body.message).toMatch(/^API key lacks the required scope/);
  });
});
