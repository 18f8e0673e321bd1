import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { newOutboxItem, outboxItem } from '../../shared/kernel/store/outbox';
import { Store } from '../../shared/kernel/store/store';
import { mcpClient, toolAnswer } from '../support/agents';
import { type Client, client, expectError } from '../support/api';
import { must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';
import { pharmacyHospital } from '../support/pharmacy';

// The system monitor against a hospital the test builds through the API on DynamoDB Local: each
// count equals what the test made, and what the route it points to lists (the outside check),
// and another hospital's data never shows (docs/monitor.md).

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof pharmacyHospital>>;
let manager: Client;

const monitor = async (api: Client = manager, query = '') =>
  must(api.get(`/system/monitor${query}`), 200, 'monitor');
const itemOf = (m: any, key: string) => m.items.find((i: any) => i.key === key);
const counts = (m: any) =>
  Object.fromEntries(m.items.map((i: any) => [i.key, [i.count, i.status]]));
/** Every item of a list route, paged to the end: the outside check. */
async function listAll(api: Client, path: string): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: any = await must(
      api.get(`${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      200,
      path,
    );
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

beforeAll(async () => {
  h = await pharmacyHospital(opd.url, TZ);
  manager = (await h.staff('MANAGER')).api;
}, 120_000);

describe('system monitor', () => {
  it('an empty hospital: nothing needs attention but the counts are there, trial 14 days', async () => {
    const m = await monitor();
    expect(m.windowHours).toBe(24);
    expect(counts(m)).toEqual({
      'agent-actions-expiring': [0, 'ok'],
      'agent-actions-failed': [0, 'ok'],
      'agent-call-errors': [0, 'ok'],
      'rate-limited-credentials': [0, 'ok'],
      'critical-results-unacknowledged': [0, 'ok'],
      'bed-occupancy': [0, 'ok'],
      'housekeeping-backlog': [0, 'ok'],
      'opd-waits-over-target': [0, 'ok'],
      'low-stock': [0, 'ok'],
      'expiring-batches': [0, 'ok'],
      'outbox-backlog': [0, 'ok'],
      'dead-events': [0, 'ok'],
      'failed-notifications': [0, 'ok'],
      'failed-webhooks': [0, 'ok'],
      trial: [14, 'ok'],
    });
    expect(m.attention).toBe(0);
  });

  it('counts what the test made, equal to what each route lists', async () => {
    const today = opd.today;
    // Stock: one item low (5 on hand, reorder at 20) in a batch expiring in 10 days; one well
    // stocked far from expiry; one expired batch of a third item.
    const low = await h.item({ reorderLevel: 20 });
    const fine = await h.item({ reorderLevel: 5 });
    await h.receive(today, [
      { itemId: low.id, batchNumber: 'LOW-1', days: 10, quantity: 5, unitCost: 100 },
      { itemId: fine.id, batchNumber: 'FINE-1', days: 400, quantity: 200, unitCost: 100 },
    ]);
    // Beds: a ward of 4: one occupied, one in housekeeping.
    const bedManager = (await h.staff('BED_MANAGER')).api;
    const ward = await must(
      bedManager.post('/wards', {
        name: 'Monitor ward',
        type: 'general',
        sexPolicy: 'mixed',
        dailyCharge: 100_000,
      }),
      201,
      'ward',
    );
    const beds = await must(
      bedManager.post(`/wards/${ward.id}/beds`, {
        series: { prefix: 'M', count: 4, features: [] },
      }),
      201,
      'beds',
    );
    const inpatient = await h.patient();
    await must(
      h.reception.api.post('/admissions', {
        patientId: inpatient.id,
        source: 'direct',
        doctorId: h.doctor.id,
        reason: 'Pneumonia',
        bedId: beds.items[0].id,
      }),
      201,
      'admission',
    );
    await must(
      bedManager.patch(`/beds/${beds.items[1].id}/state`, {
        state: 'housekeeping',
        reason: 'Spill',
      }),
      200,
      'housekeeping',
    );
    // A critical result: haemoglobin 6.2 g/dL for a man (lab staff, starter catalogue).
    const pathologist = await h.staff('PATHOLOGIST');
    const tech = await h.staff('LAB_TECHNICIAN');
    await must(
      pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
      200,
      'starter',
    );
    const labPatient = await h.patient({ sex: 'male', dateOfBirth: '1975-02-10' });
    const enc = await must(
      h.doctorUser.api.post('/encounters', { patientId: labPatient.id, chiefComplaint: 'Fatigue' }),
      201,
      'encounter',
    );
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'encounter', id: enc.id },
        codes: ['718-7'],
      }),
      201,
      'order',
    );
    await must(h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    await must(
      tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '718-7', value: 6.2 }],
      }),
      200,
      'results',
    );
    // Agent actions: prescriptions live 45 minutes (two proposed), then 10 hours (one more).
    const agent = await h.key(['agents:clinical:propose', 'agent-actions:read'], 'clinical agent');
    const lifetime = (minutes: number) =>
      must(
        h.admin.put('/agent-actions/settings', {
          types: { prescription: { lifetimeMinutes: minutes } },
        }),
        200,
        'lifetime',
      );
    const propose = () =>
      must(
        agent.api.post('/agent-actions/proposals/prescription', {
          encounterId: enc.id,
          drugName: 'Paracetamol',
          strength: '500 mg',
          dose: '1 tablet',
          route: 'oral',
          frequency: 'every 6 hours when required',
          durationDays: 3,
          quantity: 12,
          rationale: 'Fever',
        }),
        201,
        'proposal',
      );
    await lifetime(45);
    const soon = [await propose(), await propose()];
    await lifetime(600);
    await propose();
    // Agent calls: one that succeeds, one refused (a scope the key lacks), one failed (bad input).
    const opsKey = await h.key(['agents:operations:read'], 'ops agent');
    const mcp = await mcpClient(opd.url, 'http', { token: opsKey.key.secret });
    try {
      expect(toolAnswer(await mcp.callTool({ name: 'get-low-stock', arguments: {} })).isError).toBe(
        false,
      );
      expect(
        toolAnswer(await mcp.callTool({ name: 'get-low-stock', arguments: { limit: 0 } })).isError,
      ).toBe(true);
      expect(
        toolAnswer(await mcp.callTool({ name: 'search-patients', arguments: { q: 'a' } })).isError,
      ).toBe(true);
    } finally {
      await mcp.close();
    }
    // OPD: two patients checked in now; 31 minutes later both wait over the 30-minute target.
    const slots = (
      await must(
        h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${today}`),
        200,
        'slots',
      )
    ).slots;
    const waiting: string[] = [];
    for (const slot of slots.slice(0, 2)) {
      const p = await h.patient();
      const appt = await must(
        h.reception.api.post('/appointments', {
          patientId: p.id,
          doctorId: h.doctor.id,
          start: slot.start,
          reason: 'Fever',
        }),
        201,
        'book',
      );
      await must(
        h.reception.api.patch(`/appointments/${appt.id}/status`, { status: 'checked-in' }),
        200,
        'check in',
      );
      waiting.push(appt.id);
    }
    // Events the API cannot leave behind (the local bus takes every one at once), written
    // straight into the table as a bus outage would leave them: one still unpublished (due
    // tomorrow, so the relay leaves it) and one the relay set aside as DEAD.
    const store = new Store(h.tenantId);
    const event = { source: 'hms.test', detailType: 'Test', detail: {} };
    const stuck = newOutboxItem(h.tenantId, event, systemClock.now());
    stuck.dueAt = new Date(systemClock.now().getTime() + 86_400_000).toISOString();
    const deadEvent = newOutboxItem(h.tenantId, event, systemClock.now());
    await store.put({ Item: outboxItem(stuck) });
    const { gsi5pk: _pk, gsi5sk: _sk, ...deadItem } = outboxItem(deadEvent);
    await store.put({ Item: { ...deadItem, status: 'DEAD', attempts: 10 } });
    const before = await monitor();
    expect(itemOf(before, 'opd-waits-over-target').count).toBe(0);
    shiftClock(31 * 60_000);
    const admin = await signedInAgain(h);
    manager = (await h.staff('MANAGER')).api;

    const m = await monitor();
    expect(counts(m)).toEqual({
      'agent-actions-expiring': [2, 'attention'],
      'agent-actions-failed': [0, 'ok'],
      'agent-call-errors': [2, 'attention'],
      'rate-limited-credentials': [0, 'ok'],
      'critical-results-unacknowledged': [1, 'attention'],
      'bed-occupancy': [1, 'ok'],
      'housekeeping-backlog': [1, 'attention'],
      'opd-waits-over-target': [2, 'attention'],
      'low-stock': [1, 'attention'],
      'expiring-batches': [1, 'attention'],
      'outbox-backlog': [1, 'attention'],
      'dead-events': [1, 'attention'],
      'failed-notifications': [0, 'ok'],
      'failed-webhooks': [0, 'ok'],
      trial: [14, 'ok'],
    });
    expect(m.attention).toBe(9);
    expect(itemOf(m, 'outbox-backlog').evidence).toEqual([stuck.id]);
    expect(itemOf(m, 'dead-events').evidence).toEqual([deadEvent.id]);
    expect(itemOf(m, 'agent-actions-expiring').evidence.sort()).toEqual(
      soon.map((a) => a.id).sort(),
    );
    expect(itemOf(m, 'opd-waits-over-target').evidence.sort()).toEqual([...waiting].sort());
    expect(itemOf(m, 'bed-occupancy').detail).toBe(
      '1 of 4 bed(s) occupied (25 %) in 1 ward(s); 2 free',
    );
    expect(itemOf(m, 'agent-call-errors').detail).toBe(
      '3 agent call(s) in the last 24 h: 1 failed (33.3 %), 1 refused (33.3 %)',
    );

    // The outside check: the same numbers from the routes each item names.
    const now = systemClock.now().getTime();
    const pending = await listAll(admin, '/agent-actions/pending');
    expect(pending).toHaveLength(3);
    expect(
      pending.filter((a) => {
        const at = Date.parse(a.expiresAt);
        return at > now && at <= now + 60 * 60_000;
      }),
    ).toHaveLength(itemOf(m, 'agent-actions-expiring').count);
    expect(await listAll(admin, '/agent-actions?status=FAILED')).toHaveLength(
      itemOf(m, 'agent-actions-failed').count,
    );
    const audit = await listAll(admin, '/agenty/admin/audit');
    expect(audit.filter((r) => r.outcome !== 'success')).toHaveLength(
      itemOf(m, 'agent-call-errors').count,
    );
    expect(await listAll(admin, '/lab/criticals')).toHaveLength(
      itemOf(m, 'critical-results-unacknowledged').count,
    );
    const wards = await listAll(admin, '/wards');
    expect(wards.reduce((n, w) => n + w.bedCounts.occupied, 0)).toBe(
      itemOf(m, 'bed-occupancy').count,
    );
    expect(wards.reduce((n, w) => n + w.bedCounts.housekeeping, 0)).toBe(
      itemOf(m, 'housekeeping-backlog').count,
    );
    expect(await listAll(h.pharmacist.api, '/pharmacy/low-stock')).toHaveLength(
      itemOf(m, 'low-stock').count,
    );
    expect(await listAll(h.pharmacist.api, '/pharmacy/expiry-scan?withinDays=30')).toHaveLength(
      itemOf(m, 'expiring-batches').count,
    );
    const queue = await must(admin.get('/appointments/queue'), 200, 'queue');
    expect(
      queue.doctors
        .flatMap((d: any) => d.items)
        .filter(
          (i: any) => i.status === 'waiting' && Date.parse(i.checkedInAt) < now - 30 * 60_000,
        ),
    ).toHaveLength(itemOf(m, 'opd-waits-over-target').count);

    // The MCP tool answers the same items.
    const monitorKey = await h.key(['agents:operations:read'], 'monitor agent');
    const tool = await mcpClient(opd.url, 'http', { token: monitorKey.key.secret });
    try {
      const answer = toolAnswer(await tool.callTool({ name: 'system-monitor', arguments: {} }));
      expect(answer.isError).toBe(false);
      expect(counts(answer.body)).toEqual(counts(await monitor()));
    } finally {
      await tool.close();
    }
  }, 180_000);

  it('another hospital sees none of it', async () => {
    const other = await pharmacyHospital(opd.url, TZ);
    const m = await monitor((await other.staff('MANAGER')).api);
    expect(m.items.filter((i: any) => i.key !== 'trial').every((i: any) => i.count === 0)).toBe(
      true,
    );
  }, 60_000);

  it('the A2A skill answers a question in words through @a2a-js/sdk', async () => {
    const card = agentCard({ baseUrl: opd.url, mcpUrl: opd.url });
    expect(card.skills.map((sk: any) => sk.id)).toContain('system-monitor');
    const { key } = await h.key(['agents:operations:read'], 'a2a monitor agent');
    const a2a = await new JsonRpcTransportFactory({
      fetchImpl: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            authorization: `Bearer ${key.secret}`,
          },
        }),
    }).create(`${opd.url}/a2a`, AgentCard.fromJSON(card));
    const task = (await a2a.sendMessage({
      tenant: '',
      message: {
        messageId: crypto.randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [
          {
            content: {
              $case: 'text' as const,
              value: 'What needs attention in the hospital right now?',
            },
            metadata: undefined,
            filename: '',
            mediaType: '',
          },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    } as never)) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const answer = task.artifacts[0].parts[0].content.value;
    expect(task.artifacts[0].name).toBe('system-monitor');
    expect(counts(answer)).toEqual(counts(await monitor()));
  }, 60_000);

  it('windowHours is validated and named', async () => {
    for (const bad of ['0', '169', 'x', '1.5'])
      expectError(await manager.get(`/system/monitor?windowHours=${bad}`), 400, /windowHours/);
    const m = await monitor(manager, '?windowHours=1');
    expect(m.windowHours).toBe(1);
    expect(itemOf(m, 'agent-call-errors').detail).toContain('in the last 1 h');
  });
});

/** The hospital's administrator, signed in again (the clock moved). */
async function signedInAgain(hh: typeof h): Promise<Client> {
  const { email, password } = hh.registration.credentials;
  const login = await must(hh.anon.post('/auth/login', { email, password }), 200, 'login');
  return client(opd.url, { token: login.accessToken, tenantId: hh.tenantId });
}
