import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import { addDays, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import type { Client } from '../support/api';
import { opdRuntime } from '../support/opd';
import {
  describeRoleMatrix,
  type MatrixRequest,
  type MatrixRequests,
  type MatrixRule,
  NO_KEYS,
} from '../support/role-matrix';
import { confirmPhase, must, type TheatreHospital, theatreHospital } from '../support/theatre';

// Who may call what in the operating theatre, written out by hand from issue 17 and
// docs/theatre.md, and checked against the running service: every allowed role's call succeeds
// on a real request, every other role is refused with 403, and so are API keys without the
// route's scope. Rows marked `decision` are refused by a declared decision even where the role
// rule passes: the checklist is confirmed by the named team member only (a clinical decision: no
// ADMIN, no key), and the timeline, operative record and handover by the case's team only.

const MATRIX_MODULES: readonly string[] = ['theatre'];
const STAFF = ['ADMIN', 'THEATRE_COORDINATOR', 'DOCTOR', 'NURSE'] as const;
const COORDINATION = ['ADMIN', 'THEATRE_COORDINATOR'] as const;
const BOOKERS = ['ADMIN', 'THEATRE_COORDINATOR', 'DOCTOR'] as const;

const TEAM_ONLY = /^Only a member of the case’s team records/;

const ACCESS = {
  'GET /theatre/theatres': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'PUT /theatre/theatres/{code}': { ok: 200, roles: COORDINATION, key: 'theatre:write' },
  'GET /theatre/theatres/{theatre}/checklist': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'GET /theatre/settings': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'PUT /theatre/settings': { ok: 200, roles: COORDINATION, key: 'theatre:write' },
  'POST /theatre/sessions': { ok: 201, roles: COORDINATION, key: 'theatre:write' },
  'POST /theatre/cases': { ok: 201, roles: BOOKERS, key: 'theatre:write' },
  'GET /theatre/cases/{id}': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'PATCH /theatre/cases/{id}/pre-op': {
    ok: 200,
    roles: ['ADMIN', 'DOCTOR', 'NURSE'],
    key: 'theatre:write',
  },
  'POST /theatre/cases/{id}/schedule': { ok: 200, roles: BOOKERS, key: 'theatre:write' },
  'POST /theatre/cases/{id}/cancel': { ok: 200, roles: BOOKERS, key: 'theatre:write' },
  'GET /theatre/cases/{id}/checklist': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'POST /theatre/cases/{id}/checklist/confirmations': {
    ok: 200,
    roles: ['DOCTOR', 'NURSE'],
    key: NO_KEYS,
  },
  'POST /theatre/cases/{id}/timeline': {
    ok: 200,
    roles: ['DOCTOR', 'NURSE'],
    key: 'theatre:write',
    decision: TEAM_ONLY,
  },
  'PATCH /theatre/cases/{id}/record': {
    ok: 200,
    roles: ['DOCTOR', 'NURSE'],
    key: 'theatre:write',
    decision: TEAM_ONLY,
  },
  'POST /theatre/cases/{id}/handover': {
    ok: 200,
    roles: ['DOCTOR', 'NURSE'],
    key: 'theatre:write',
    decision: TEAM_ONLY,
  },
  'GET /theatre/admissions/{id}/cases': {
    ok: 200,
    roles: ['ADMIN', 'THEATRE_COORDINATOR', 'DOCTOR', 'NURSE', 'BED_MANAGER'],
    key: 'theatre:read',
  },
  'GET /theatre/lists': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'GET /theatre/waiting-list': { ok: 200, roles: STAFF, key: 'theatre:read' },
  'GET /theatre/utilisation': { ok: 200, roles: COORDINATION, key: 'theatre:read' },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

// ─── Fixtures ──────────────────────────────────────────────────────────────────────────────

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: TheatreHospital;
const staff = new Map<Role, Client>();
let f: {
  theatre: string;
  todayTheatre: string;
  case: any;
  admission: any;
  sessions: any[];
};

/** Ten-minute slots in whole-day sessions of one theatre, handed out in turn (no clashes). */
let slot = 0;
const SLOTS_PER_DAY = 140;
function nextSlot() {
  const n = slot++;
  const s = f.sessions[Math.floor(n / SLOTS_PER_DAY)];
  if (!s) throw new Error('out of matrix slots');
  return {
    sessionId: s.id,
    start: new Date(Date.parse(s.start) + (n % SLOTS_PER_DAY) * 600_000).toISOString(),
  };
}

const waiting = (team: Record<string, unknown> = {}) =>
  h.requestCase({ expectedMinutes: 10, ...team });
async function scheduled(team: Record<string, unknown> = {}) {
  const c = await waiting(team);
  return must(
    h.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, nextSlot()),
    200,
    'schedule',
  );
}
async function inTheatre() {
  const c = await scheduled();
  return must(
    h.scrubNurse.api.post(`/theatre/cases/${c.id}/timeline`, { event: 'in-room' }),
    200,
    'in room',
  );
}
async function completed() {
  const c = await inTheatre();
  const tl = (event: string, api: Client) =>
    must(api.post(`/theatre/cases/${c.id}/timeline`, { event }), 200, event);
  await confirmPhase(h, c.id, 'sign-in');
  await tl('anaesthesia-start', h.anaesthetist.api);
  await confirmPhase(h, c.id, 'time-out');
  await tl('incision', h.surgeon.api);
  await tl('closure', h.surgeon.api);
  await confirmPhase(h, c.id, 'sign-out');
  return tl('out-of-room', h.scrubNurse.api);
}

const onCase =
  (suffix: string, body?: unknown): (() => MatrixRequest) =>
  () => ({
    path: `/theatre/cases/${f.case.id}${suffix}`,
    ...(body === undefined ? {} : { body }),
  });

const REQUESTS: Record<RouteKey, MatrixRequests> = {
  'GET /theatre/theatres': { fresh: async () => ({ path: '/theatre/theatres' }) },
  'PUT /theatre/theatres/{code}': {
    fresh: async () => ({
      path: `/theatre/theatres/M${randomUUID().slice(0, 6)}`,
      body: { name: 'Matrix theatre', type: 'day-surgery' },
    }),
  },
  'GET /theatre/theatres/{theatre}/checklist': {
    fresh: async () => ({ path: `/theatre/theatres/${f.todayTheatre}/checklist` }),
  },
  'GET /theatre/settings': { fresh: async () => ({ path: '/theatre/settings' }) },
  'PUT /theatre/settings': {
    fresh: async () => ({ path: '/theatre/settings', body: { localItems: [] } }),
  },
  'POST /theatre/sessions': {
    fresh: async () => {
      const t = await h.theatre();
      const day = addDays(opd.today, 30);
      return {
        path: '/theatre/sessions',
        body: {
          theatre: t.code,
          start: zonedDateTimeToUtc(day, '08:00', TZ).toISOString(),
          end: zonedDateTimeToUtc(day, '12:00', TZ).toISOString(),
          surgeonId: h.surgeon.user.id,
          anaesthetistId: h.anaesthetist.user.id,
        },
      };
    },
    refused: () => ({ path: '/theatre/sessions', body: { theatre: f.theatre } }),
  },
  'POST /theatre/cases': {
    fresh: async () => {
      const { encounterId } = await h.encounter();
      return {
        path: '/theatre/cases',
        body: {
          source: { kind: 'encounter', id: encounterId },
          procedure: { text: 'Inguinal hernia repair' },
          site: 'Groin',
          laterality: 'right',
          surgeonId: h.surgeon.user.id,
          anaesthetistId: h.anaesthetist.user.id,
          scrubNurseId: h.scrubNurse.user.id,
          anaesthesiaType: 'spinal',
          expectedMinutes: 45,
          priority: 'elective',
        },
      };
    },
    refused: () => ({ path: '/theatre/cases', body: {} }),
  },
  'GET /theatre/cases/{id}': { fresh: async () => ({ path: `/theatre/cases/${f.case.id}` }) },
  'PATCH /theatre/cases/{id}/pre-op': {
    fresh: async () => ({ path: `/theatre/cases/${f.case.id}/pre-op`, body: { bloodGroup: 'O+' } }),
  },
  'POST /theatre/cases/{id}/schedule': {
    fresh: async () => {
      const c = await waiting();
      return { path: `/theatre/cases/${c.id}/schedule`, body: nextSlot() };
    },
    refused: onCase('/schedule', {}),
  },
  'POST /theatre/cases/{id}/cancel': {
    fresh: async () => {
      const c = await scheduled();
      return { path: `/theatre/cases/${c.id}/cancel`, body: { reason: 'patient-unfit' } };
    },
    refused: onCase('/cancel', {}),
  },
  'GET /theatre/cases/{id}/checklist': {
    fresh: async () => ({ path: `/theatre/cases/${f.case.id}/checklist` }),
  },
  'POST /theatre/cases/{id}/checklist/confirmations': {
    // The doctor is the anaesthetist of their case (the item is theirs), the nurse its scrub nurse.
    fresh: async (who) => {
      if (who === 'DOCTOR') {
        const c = await scheduled({
          surgeonId: h.anaesthetist.user.id,
          anaesthetistId: h.surgeon.user.id,
        });
        return {
          path: `/theatre/cases/${c.id}/checklist/confirmations`,
          body: { item: 'anaesthesia-check' },
        };
      }
      const c = await scheduled();
      return {
        path: `/theatre/cases/${c.id}/checklist/confirmations`,
        body: { item: 'patient-confirmed' },
      };
    },
    refused: onCase('/checklist/confirmations', { item: 'patient-confirmed' }),
  },
  'POST /theatre/cases/{id}/timeline': {
    fresh: async () => {
      const c = await scheduled();
      return { path: `/theatre/cases/${c.id}/timeline`, body: { event: 'in-room' } };
    },
    refused: onCase('/timeline', { event: 'in-room' }),
  },
  'PATCH /theatre/cases/{id}/record': {
    fresh: async () => {
      const c = await inTheatre();
      return { path: `/theatre/cases/${c.id}/record`, body: { estimatedBloodLossMl: 100 } };
    },
    refused: onCase('/record', { estimatedBloodLossMl: 100 }),
  },
  'POST /theatre/cases/{id}/handover': {
    fresh: async (who) => {
      // ADMIN and keys are refused whatever the case's state: any booked case will do.
      const c = who === 'DOCTOR' || who === 'NURSE' ? await completed() : f.case;
      return {
        path: `/theatre/cases/${c.id}/handover`,
        body: { to: 'Recovery bay 2', notes: 'Stable' },
      };
    },
    refused: onCase('/handover', { to: 'x', notes: 'y' }),
  },
  'GET /theatre/admissions/{id}/cases': {
    fresh: async () => ({ path: `/theatre/admissions/${f.admission.id}/cases` }),
  },
  'GET /theatre/lists': { fresh: async () => ({ path: `/theatre/lists?date=${opd.today}` }) },
  'GET /theatre/waiting-list': { fresh: async () => ({ path: '/theatre/waiting-list' }) },
  'GET /theatre/utilisation': {
    fresh: async () => ({ path: `/theatre/utilisation?date=${opd.today}` }),
  },
};

beforeAll(async () => {
  h = await theatreHospital(opd.url, TZ);
  staff.set('ADMIN', h.admin);
  staff.set('DOCTOR', h.doctorUser.api);
  staff.set('NURSE', h.nurse.api);
  staff.set('RECEPTIONIST', h.reception.api);
  staff.set('BED_MANAGER', h.bedManager.api);
  staff.set('THEATRE_COORDINATOR', h.coordinator.api);
  const others = ROLES.filter((r) => !staff.has(r));
  const signedIn = await Promise.all(others.map((role) => h.staff(role)));
  for (const [i, role] of others.entries()) staff.set(role, signedIn[i]!.api);

  const [t, todayT] = await Promise.all([h.theatre(), h.theatre()]);
  const sessions = [];
  for (let d = 10; d < 15; d++)
    sessions.push(await h.session(t.code, addDays(opd.today, d), '00:05', '23:55'));
  const todaySession = await h.session(todayT.code, opd.today, '10:00', '23:00');
  const w = await h.ward();
  const p = await h.patient();
  const admission = await must(h.admit(p.id, { wardId: w.id }), 201, 'admission');
  f = { theatre: t.code, todayTheatre: todayT.code, case: undefined, admission, sessions };
  f.case = await scheduled();
  const todayCase = await waiting();
  await must(
    h.coordinator.api.post(`/theatre/cases/${todayCase.id}/schedule`, {
      sessionId: todaySession.id,
      start: todaySession.start,
    }),
    200,
    'today',
  );
  await h.requestCase({ expectedMinutes: 10 }, { kind: 'admission', id: admission.id });
}, 180_000);

describeRoleMatrix({
  title: 'the theatre access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  requests: REQUESTS,
  // The checklist is confirmed by the named team member only (and the `decision` rows).
  adminMayNotCall: ['POST /theatre/cases/{id}/checklist/confirmations'],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
  timeout: 60_000,
});
