import { describe, expect, it } from 'vitest';
import {
  type MonitorSnapshot,
  monitorItems,
  trialDaysLeft,
} from '../../../shared/modules/monitor/rules';

// The monitor's rules at their thresholds: 60 minutes to an action's expiry, 30 minutes of OPD
// wait, 90 % occupancy, 20 % refusals, 3 trial days (docs/monitor.md).

const NOW = new Date('2026-03-02T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function snapshot(over: Partial<MonitorSnapshot> = {}): MonitorSnapshot {
  return {
    now: NOW,
    windowHours: 24,
    pendingActions: [],
    failedActions: [],
    agentCalls: [],
    openCriticals: [],
    wards: [],
    queue: [],
    lowStock: [],
    expiringBatches: [],
    outbox: [],
    failedNotifications: [],
    failedWebhooks: [],
    tenant: { status: 'TRIAL', trialEndsAt: at(10 * 24 * 60) },
    ...over,
  };
}
const itemOf = (s: MonitorSnapshot, key: string) => monitorItems(s).find((i) => i.key === key)!;

describe('system monitor rules', () => {
  it('an empty hospital: every item ok, in the documented order', () => {
    const items = monitorItems(snapshot());
    expect(items.map((i) => [i.key, i.status, i.count])).toEqual([
      ['agent-actions-expiring', 'ok', 0],
      ['agent-actions-failed', 'ok', 0],
      ['agent-call-errors', 'ok', 0],
      ['rate-limited-credentials', 'ok', 0],
      ['critical-results-unacknowledged', 'ok', 0],
      ['bed-occupancy', 'ok', 0],
      ['housekeeping-backlog', 'ok', 0],
      ['opd-waits-over-target', 'ok', 0],
      ['low-stock', 'ok', 0],
      ['expiring-batches', 'ok', 0],
      ['outbox-backlog', 'ok', 0],
      ['dead-events', 'ok', 0],
      ['failed-notifications', 'ok', 0],
      ['failed-webhooks', 'ok', 0],
      ['trial', 'ok', 10],
    ]);
    expect(items.every((i) => i.action === 'Nothing to do' || i.key === 'trial')).toBe(true);
  });

  it('pending actions: within 60 minutes counts, 61 minutes and already past do not', () => {
    const s = snapshot({
      pendingActions: [
        { id: 'a60', expiresAt: at(60) },
        { id: 'a1', expiresAt: at(1) },
        { id: 'a61', expiresAt: at(61) },
        { id: 'past', expiresAt: at(0) },
      ],
    });
    const i = itemOf(s, 'agent-actions-expiring');
    expect([i.status, i.count, i.evidence]).toEqual(['attention', 2, ['a60', 'a1']]);
    expect(i.detail).toContain('(4 pending in all)');
    expect(i.route).toBe('GET /agent-actions/pending');
  });

  it('failed executions', () => {
    const i = itemOf(snapshot({ failedActions: [{ id: 'f1' }] }), 'agent-actions-failed');
    expect([i.status, i.count, i.evidence]).toEqual(['attention', 1, ['f1']]);
  });

  it('agent calls: any failure needs attention; refusals only above 20 %', () => {
    const call = (id: string, outcome: 'success' | 'refused' | 'failed', errorCode?: string) => ({
      id,
      actorId: `k-${id}`,
      outcome,
      errorCode,
    });
    const fiveOk = ['1', '2', '3', '4'].map((id) => call(id, 'success'));
    // 1 refused of 5 = 20 %: not above.
    let i = itemOf(
      snapshot({ agentCalls: [...fiveOk, call('r', 'refused', 'forbidden')] }),
      'agent-call-errors',
    );
    expect([i.status, i.count]).toEqual(['ok', 1]);
    expect(i.detail).toBe('5 agent call(s) in the last 24 h: 0 failed (0 %), 1 refused (20 %)');
    // 2 refused of 6 = 33.3 %.
    i = itemOf(
      snapshot({
        agentCalls: [...fiveOk, call('r', 'refused', 'forbidden'), call('s', 'refused', 'invalid')],
      }),
      'agent-call-errors',
    );
    expect([i.status, i.count]).toEqual(['attention', 2]);
    expect(i.detail).toContain('2 refused (33.3 %)');
    i = itemOf(
      snapshot({ agentCalls: [...fiveOk, call('x', 'failed', 'internal')] }),
      'agent-call-errors',
    );
    expect([i.status, i.count, i.evidence]).toEqual(['attention', 1, ['x']]);
  });

  it('rate-limited credentials are counted once each, by key name', () => {
    const limited = (id: string, actorId: string, keyName?: string) => ({
      id,
      actorId,
      keyName,
      outcome: 'refused' as const,
      errorCode: 'rate_limited',
    });
    const i = itemOf(
      snapshot({
        agentCalls: [
          limited('1', 'key1', 'reception agent'),
          limited('2', 'key1', 'reception agent'),
          limited('3', 'user9'),
          { id: '4', actorId: 'key2', outcome: 'refused', errorCode: 'forbidden' },
        ],
      }),
      'rate-limited-credentials',
    );
    expect([i.status, i.count, i.evidence]).toEqual(['attention', 2, ['key1', 'user9']]);
    expect(i.detail).toContain(': reception agent, user9');
  });

  it('bed occupancy: 90 % needs attention, 89 % does not; housekeeping counted', () => {
    const ward = (occupied: number, unoccupied: number, housekeeping = 0) => ({
      id: `w${occupied}`,
      name: 'W',
      beds: { occupied, unoccupied, housekeeping, closed: 0, isolated: 0, contaminated: 0 },
    });
    let i = itemOf(snapshot({ wards: [ward(9, 1)] }), 'bed-occupancy');
    expect([i.status, i.count]).toEqual(['attention', 9]);
    expect(i.detail).toBe('9 of 10 bed(s) occupied (90 %) in 1 ward(s); 1 free');
    i = itemOf(snapshot({ wards: [ward(89, 11)] }), 'bed-occupancy');
    expect([i.status, i.count]).toEqual(['ok', 89]);
    const h = itemOf(snapshot({ wards: [ward(1, 1, 2), ward(3, 0, 1)] }), 'housekeeping-backlog');
    expect([h.status, h.count]).toEqual(['attention', 3]);
  });

  it('OPD waits: waiting over 30 minutes counts; exactly 30, or not waiting, does not', () => {
    const q = (id: string, status: string, minutesAgo: number) => ({
      appointmentId: id,
      status,
      checkedInAt: at(-minutesAgo),
    });
    const i = itemOf(
      snapshot({
        queue: [q('a31', 'waiting', 31), q('a30', 'waiting', 30), q('c', 'in-consultation', 90)],
      }),
      'opd-waits-over-target',
    );
    expect([i.status, i.count, i.evidence]).toEqual(['attention', 1, ['a31']]);
    expect(i.detail).toContain('(2 waiting)');
  });

  it('stock: low items and expired/expiring batches', () => {
    const s = snapshot({
      lowStock: [{ itemId: 'i1' }],
      expiringBatches: [
        { batchId: 'b1', state: 'expired' },
        { batchId: 'b2', state: 'expiring' },
        { batchId: 'b3', state: 'expiring' },
      ],
    });
    expect(itemOf(s, 'low-stock').count).toBe(1);
    const e = itemOf(s, 'expiring-batches');
    expect([e.status, e.count]).toEqual(['attention', 3]);
    expect(e.detail).toBe('1 batch(es) with stock expired, 2 expiring within 30 days');
  });

  it('outbox: pending events over 5 minutes old need attention; DEAD events counted apart', () => {
    const s = snapshot({
      outbox: [
        { id: 'e6', createdAt: at(-6), dead: false },
        { id: 'e5', createdAt: at(-5), dead: false },
        { id: 'e1', createdAt: at(-1), dead: false },
        { id: 'd1', createdAt: at(-600), dead: true },
      ],
    });
    const backlog = itemOf(s, 'outbox-backlog');
    expect([backlog.status, backlog.count, backlog.evidence]).toEqual(['attention', 3, ['e6']]);
    expect(backlog.detail).toBe(
      '3 event(s) written but not yet published, 1 of them for over 5 minutes',
    );
    const fresh = itemOf(
      snapshot({ outbox: [{ id: 'e5', createdAt: at(-5), dead: false }] }),
      'outbox-backlog',
    );
    expect([fresh.status, fresh.count]).toEqual(['ok', 1]);
    const dead = itemOf(s, 'dead-events');
    expect([dead.status, dead.count, dead.evidence]).toEqual(['attention', 1, ['d1']]);
  });

  it('failed notifications: any needs attention, counted per channel', () => {
    const s = snapshot({
      failedNotifications: [
        { id: 'n1', channel: 'email' },
        { id: 'n2', channel: 'sms' },
        { id: 'n3', channel: 'email' },
      ],
    });
    const failed = itemOf(s, 'failed-notifications');
    expect([failed.status, failed.count, failed.evidence]).toEqual([
      'attention',
      3,
      ['n1', 'n2', 'n3'],
    ]);
    expect(failed.detail).toMatch(/^3 message\(s\) not sent: 2 e-mail, 1 SMS/);
    expect(failed.route).toBe('GET /notifications/outbox');
  });

  it('failed webhook deliveries: any needs attention, retrying and given up counted apart', () => {
    const s = snapshot({
      failedWebhooks: [
        { id: 'w1', status: 'pending' },
        { id: 'w2', status: 'failed' },
        { id: 'w3', status: 'pending' },
      ],
    });
    const failed = itemOf(s, 'failed-webhooks');
    expect([failed.status, failed.count, failed.evidence]).toEqual([
      'attention',
      3,
      ['w1', 'w2', 'w3'],
    ]);
    expect(failed.detail).toBe(
      '3 webhook delivery(ies) failing: 2 retrying with backoff, 1 given up after every attempt',
    );
    expect(failed.route).toBe('GET /webhooks/failing');
    expect(itemOf(snapshot(), 'failed-webhooks').action).toBe('Nothing to do');
  });

  it('trial: days rounded up, attention at 3 days, none for an active hospital', () => {
    expect(trialDaysLeft(at(60), NOW)).toBe(1);
    expect(trialDaysLeft(at(3 * 24 * 60), NOW)).toBe(3);
    expect(trialDaysLeft(at(3 * 24 * 60 + 1), NOW)).toBe(4);
    expect(trialDaysLeft(at(-5), NOW)).toBe(0);
    const three = itemOf(
      snapshot({ tenant: { status: 'TRIAL', trialEndsAt: at(3 * 1440) } }),
      'trial',
    );
    expect([three.status, three.count]).toEqual(['attention', 3]);
    const four = itemOf(
      snapshot({ tenant: { status: 'TRIAL', trialEndsAt: at(3 * 1440 + 1) } }),
      'trial',
    );
    expect([four.status, four.count]).toEqual(['ok', 4]);
    const ended = itemOf(snapshot({ tenant: { status: 'TRIAL', trialEndsAt: at(-1) } }), 'trial');
    expect(ended.detail).toContain('ended');
    const active = itemOf(snapshot({ tenant: { status: 'ACTIVE', trialEndsAt: '' } }), 'trial');
    expect([active.status, active.count]).toEqual(['ok', 0]);
  });

  it('evidence is capped at 20 ids', () => {
    const failedActions = Array.from({ length: 25 }, (_, n) => ({ id: `f${n}` }));
    const i = itemOf(snapshot({ failedActions }), 'agent-actions-failed');
    expect([i.count, i.evidence.length]).toEqual([25, 20]);
  });
});
