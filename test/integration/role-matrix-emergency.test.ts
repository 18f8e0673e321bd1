import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import type { Client } from '../support/api';
import { must, NORMAL_VITALS } from '../support/inpatient';
import { opdHospital, opdRuntime } from '../support/opd';
import {
  describeRoleMatrix,
  type MatrixRequest,
  type MatrixRequests,
  type MatrixRule,
  NO_KEYS,
} from '../support/role-matrix';

// Who may call what in the emergency department and decision support, written out by hand from
// docs/routes.md and checked against the running service: every allowed role's call succeeds on
// a real request, every other role is refused with 403, and so are API keys without the route's
// scope. Clinical decisions (triage, disposition, overriding a card) are never an API key's.

const MATRIX_MODULES: readonly string[] = ['emergency', 'decision-support'];
const ED: readonly Role[] = ['ADMIN', 'RECEPTIONIST', 'NURSE', 'DOCTOR'];
const CLINICAL: readonly Role[] = [
  'ADMIN',
  'DOCTOR',
  'NURSE',
  'PHARMACIST',
  'LAB_TECHNICIAN',
  'PATHOLOGIST',
  'RADIOLOGIST',
  'RADIOGRAPHER',
];

const ACCESS = {
  'POST /emergency/arrivals': { ok: 201, roles: ED, key: 'emergency:write' },
  'GET /emergency/board': { ok: 200, roles: ED, key: 'emergency:read' },
  'GET /emergency/stats': { ok: 200, roles: ED, key: 'emergency:read' },
  'GET /emergency/settings/targets': { ok: 200, roles: ED, key: 'emergency:read' },
  'PUT /emergency/settings/targets': { ok: 200, roles: ['ADMIN'], key: 'emergency:write' },
  'GET /emergency/visits/{id}': { ok: 200, roles: ED, key: 'emergency:read' },
  'POST /emergency/visits/{id}/triage': { ok: 200, roles: ['NURSE', 'DOCTOR'], key: NO_KEYS },
  'POST /emergency/visits/{id}/seen': {
    ok: 200,
    roles: ['ADMIN', 'NURSE', 'DOCTOR'],
    key: 'emergency:write',
  },
  'POST /emergency/visits/{id}/identify': { ok: 200, roles: ED, key: 'emergency:write' },
  'POST /emergency/visits/{id}/disposition': { ok: 200, roles: ['DOCTOR'], key: NO_KEYS },
  'POST /emergency/visits/{id}/left': { ok: 200, roles: ED, key: 'emergency:write' },

  'GET /cds-services': { ok: 200, roles: CLINICAL, key: 'cds:read' },
  'POST /cds-services/{id}': { ok: 200, roles: CLINICAL, key: 'cds:read' },
  'POST /cds-services/{id}/feedback': { ok: 200, roles: CLINICAL, key: 'cds:write' },
  'GET /cds-services/{id}/feedback': { ok: 200, roles: CLINICAL, key: 'cds:read' },
  'GET /decision-support/patients/{patient}/alerts': { ok: 200, roles: CLINICAL, key: 'cds:read' },
  'POST /decision-support/overrides': {
    ok: 201,
    roles: ['DOCTOR', 'NURSE', 'PHARMACIST'],
    key: NO_KEYS,
  },
  'GET /decision-support/patients/{patientId}/overrides': {
    ok: 200,
    roles: CLINICAL,
    key: 'cds:read',
  },
  'GET /decision-support/rules': { ok: 200, roles: CLINICAL, key: 'cds:read' },
  'PUT /decision-support/rules/{id}': { ok: 200, roles: ['ADMIN'], key: 'cds:write' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof opdHospital>>;
const staff = new Map<Role, Client>();
let patient: any;

const req = (path: string, body?: unknown): MatrixRequest => ({ path, body });
const NO = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
};
const TARGETS = { triageMinutes: 15, level1: 0, level2: 10, level3: 60, level4: 120, level5: 240 };

/** A new unidentified arrival (no patient: any number may be open at once). */
const newVisit = () =>
  must(
    h.reception.api.post('/emergency/arrivals', {
      unidentified: { description: 'matrix' },
      arrivalMode: 'walk-in',
      presentingComplaint: 'Pain',
    }),
    201,
    'arrival',
  );
const newTriaged = async () => {
  const v = await newVisit();
  return must(
    h.nurse.api.post(`/emergency/visits/${v.id}/triage`, {
      answers: { ...NO, resources: ['xray'] },
      vitals: NORMAL_VITALS,
    }),
    200,
    'triage',
  );
};

const REQUESTS: Record<RouteKey, (who: string) => Promise<MatrixRequest> | MatrixRequest> = {
  'POST /emergency/arrivals': () =>
    req('/emergency/arrivals', {
      unidentified: {},
      arrivalMode: 'walk-in',
      presentingComplaint: 'Cough',
    }),
  'GET /emergency/board': () => req('/emergency/board'),
  'GET /emergency/stats': () => req(`/emergency/stats?date=${opd.today}`),
  'GET /emergency/settings/targets': () => req('/emergency/settings/targets'),
  'PUT /emergency/settings/targets': () => req('/emergency/settings/targets', TARGETS),
  'GET /emergency/visits/{id}': async () => req(`/emergency/visits/${(await newVisit()).id}`),
  'POST /emergency/visits/{id}/triage': async () =>
    req(`/emergency/visits/${(await newVisit()).id}/triage`, {
      answers: { ...NO, resources: [] },
      vitals: NORMAL_VITALS,
    }),
  'POST /emergency/visits/{id}/seen': async () =>
    req(`/emergency/visits/${(await newTriaged()).id}/seen`, {}),
  'POST /emergency/visits/{id}/identify': async () => {
    const p = await h.patient();
    return req(`/emergency/visits/${(await newVisit()).id}/identify`, { patientId: p.id });
  },
  'POST /emergency/visits/{id}/disposition': async () =>
    req(`/emergency/visits/${(await newTriaged()).id}/disposition`, { kind: 'discharge' }),
  'POST /emergency/visits/{id}/left': async () =>
    req(`/emergency/visits/${(await newVisit()).id}/left`, {}),

  'GET /cds-services': () => req('/cds-services'),
  'POST /cds-services/{id}': () =>
    req('/cds-services/hms-patient-view', {
      hook: 'patient-view',
      hookInstance: randomUUID(),
      context: { userId: 'Practitioner/1', patientId: patient.id },
    }),
  'POST /cds-services/{id}/feedback': () =>
    req('/cds-services/hms-order-sign/feedback', {
      feedback: [
        {
          card: randomUUID(),
          outcome: 'overridden',
          overrideReason: { reason: { code: 'not-applicable' } },
          outcomeTimestamp: new Date().toISOString(),
        },
      ],
    }),
  'GET /cds-services/{id}/feedback': () => req('/cds-services/hms-order-sign/feedback'),
  'GET /decision-support/patients/{patient}/alerts': () =>
    req(`/decision-support/patients/${patient.id}/alerts`),
  'POST /decision-support/overrides': (who) =>
    req('/decision-support/overrides', {
      patientId: patient.id,
      ruleId: 'drug-interaction',
      cardSummary: `Overridden by ${who}`,
      indicator: 'warning',
      reasonCode: 'patient-monitored',
    }),
  'GET /decision-support/patients/{patientId}/overrides': () =>
    req(`/decision-support/patients/${patient.id}/overrides`),
  'GET /decision-support/rules': () => req('/decision-support/rules'),
  'PUT /decision-support/rules/{id}': (who) =>
    req('/decision-support/rules/duplicate-therapy', {
      enabled: true,
      reason: `Checked by ${who}`,
    }),
};

beforeAll(async () => {
  h = await opdHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  for (const role of ROLES) if (!staff.has(role)) staff.set(role, (await h.staff(role)).api);
  patient = await h.patient();
}, 120_000);

describeRoleMatrix({
  title: 'the access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  // One request for every caller: each makes its own fixtures.
  requests: Object.fromEntries(
    Object.entries(REQUESTS).map(([route, fresh]) => [route, { fresh }]),
  ) as Record<RouteKey, MatrixRequests>,
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
  fixtures: 'one by one',
});
