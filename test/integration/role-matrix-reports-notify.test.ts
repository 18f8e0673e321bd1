import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { ROLES, type Role } from '../../shared/kernel/roles';
import type { Client } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';
import {
  describeRoleMatrix,
  type MatrixRequest,
  type MatrixRequests,
  type MatrixRule,
} from '../support/role-matrix';

// Who may call the reports, notifications and webhooks routes (issue 20 items 6-9), written out by
// hand and checked against the running service: managers (and accountants) read reports; every
// person reads and sets their own notification preferences and messages (never an API key: it
// has none); administrators keep the outbox, the templates and the webhooks.

const MATRIX_MODULES: readonly string[] = ['reports', 'notifications', 'webhooks'];
const EVERYONE: readonly Role[] = ROLES;
const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

const ACCESS = {
  'GET /reports/{report}': {
    ok: 200,
    roles: ['ADMIN', 'MANAGER', 'ACCOUNTANT'],
    key: 'reports:read',
  },
  'GET /notifications/preferences': {
    ok: 200,
    roles: EVERYONE,
    key: 'notifications:read',
    person: true,
  },
  'PUT /notifications/preferences': {
    ok: 200,
    roles: EVERYONE,
    key: 'notifications:write',
    person: true,
  },
  'GET /notifications': { ok: 200, roles: EVERYONE, key: 'notifications:read', person: true },
  'GET /notifications/outbox': { ok: 200, roles: ADMIN_ONLY, key: 'notifications:read' },
  'GET /notifications/templates': { ok: 200, roles: ADMIN_ONLY, key: 'notifications:read' },
  'PUT /notifications/templates/{kind}/{channel}': {
    ok: 200,
    roles: ADMIN_ONLY,
    key: 'notifications:write',
  },
  'POST /webhooks': { ok: 201, roles: ADMIN_ONLY, key: 'webhooks:write' },
  'GET /webhooks': { ok: 200, roles: ADMIN_ONLY, key: 'webhooks:read' },
  'GET /webhooks/failing': { ok: 200, roles: ADMIN_ONLY, key: 'webhooks:read' },
  'DELETE /webhooks/{id}': { ok: 200, roles: ADMIN_ONLY, key: 'webhooks:write' },
  'POST /webhooks/{id}/rotate-secret': { ok: 200, roles: ADMIN_ONLY, key: 'webhooks:write' },
  'GET /webhooks/{id}/deliveries': { ok: 200, roles: ADMIN_ONLY, key: 'webhooks:read' },
  'POST /webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    ok: 200,
    roles: ADMIN_ONLY,
    key: 'webhooks:write',
  },
} as const satisfies Record<string, MatrixRule>;

type RouteKey = keyof typeof ACCESS;

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
const staff = new Map<Role, Client>();
let receiverUrl = '';
let server: Server;
let f: { sub: any; delivery: any };

const newSubscription = () =>
  must(
    h.admin.post('/webhooks', { url: receiverUrl, eventTypes: ['lab.critical_result'] }),
    201,
    'subscribe',
  );

const REQUESTS: Record<RouteKey, (who: string) => Promise<MatrixRequest> | MatrixRequest> = {
  'GET /reports/{report}': () => ({ path: '/reports/outpatient' }),
  'GET /notifications/preferences': () => ({ path: '/notifications/preferences' }),
  'PUT /notifications/preferences': () => ({
    path: '/notifications/preferences',
    body: { email: true, sms: false, quietHours: { start: '22:00', end: '07:00' } },
  }),
  'GET /notifications': () => ({ path: '/notifications' }),
  'GET /notifications/outbox': () => ({ path: '/notifications/outbox' }),
  'GET /notifications/templates': () => ({ path: '/notifications/templates' }),
  'PUT /notifications/templates/{kind}/{channel}': (who) => ({
    path: '/notifications/templates/agent-action-proposed/email',
    body: { subject: 'Approval waiting', body: `Action {{actionId}} (set by ${who})` },
  }),
  'POST /webhooks': () => ({
    path: '/webhooks',
    body: { url: receiverUrl, eventTypes: ['agent_action.proposed'] },
  }),
  'GET /webhooks': () => ({ path: '/webhooks' }),
  'GET /webhooks/failing': () => ({ path: '/webhooks/failing' }),
  'DELETE /webhooks/{id}': async (who) => ({
    path: `/webhooks/${who === 'refused' ? f.sub.id : (await newSubscription()).subscription.id}`,
  }),
  'POST /webhooks/{id}/rotate-secret': () => ({
    path: `/webhooks/${f.sub.id}/rotate-secret`,
    body: { overlapMinutes: 0 },
  }),
  'GET /webhooks/{id}/deliveries': () => ({ path: `/webhooks/${f.sub.id}/deliveries` }),
  'POST /webhooks/{id}/deliveries/{deliveryId}/redeliver': () => ({
    path: `/webhooks/${f.sub.id}/deliveries/${f.delivery.id}/redeliver`,
  }),
};

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
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
  // A subscription with one delivery: a critical result (haemoglobin 6.2 for a man).
  const { subscription: sub } = await newSubscription();
  const { encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1975-02-10' });
  const order = await must(
    h.doctorUser.api.post('/lab/orders', {
      source: { kind: 'encounter', id: encounter.id },
      codes: ['718-7'],
    }),
    201,
    'order',
  );
  await must(h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
  await must(
    h.tech.api.post(`/lab/orders/${order.id}/results`, {
      results: [{ code: '718-7', value: 6.2 }],
    }),
    200,
    'results',
  );
  let delivery: any;
  for (let i = 0; i < 50 && !delivery; i++) {
    delivery = (await must(h.admin.get(`/webhooks/${sub.id}/deliveries`), 200, 'deliveries'))
      .items[0];
    if (!delivery) await new Promise((ok) => setTimeout(ok, 100));
  }
  f = { sub, delivery };
}, 120_000);
afterAll(() => new Promise((ok) => server.close(ok)));

describeRoleMatrix({
  title: 'the reports, notifications and webhooks access table',
  modules: MATRIX_MODULES,
  access: ACCESS,
  // Refused callers get the request built for 'refused' (on the shared fixtures).
  requests: Object.fromEntries(
    Object.entries(REQUESTS).map(([route, request]) => [
      route,
      { fresh: request, refused: () => request('refused') },
    ]),
  ) as Record<RouteKey, MatrixRequests>,
  adminMayNotCall: [],
  staff,
  key: async (scopes, name) => (await h.key(scopes, name)).api,
  fixtures: 'one by one',
});
