/**
 * The system monitor's rules: from what the service read (a snapshot), one item per health
 * concern, each with its count, whether it needs attention, what to do and where. Pure, so the
 * thresholds are tested at their edges (test/unit/monitor/rules.test.ts).
 */
import { EXPIRY_WARNING_MINUTES } from '../agent-actions/index';
import type { MonitorItem, SystemMonitor } from './schemas';

/** The OPD wait target: a patient checked in and still waiting longer than this is over it. */
export const OPD_WAIT_TARGET_MINUTES = 30;
/** Batches expiring within this many days (or expired) are listed. */
export const EXPIRY_SCAN_DAYS = 30;
/** Bed occupancy at or above this percentage needs attention (beds for the next admission). */
export const OCCUPANCY_ATTENTION_PERCENT = 90;
/** A trial with this many days left or fewer needs attention. */
export const TRIAL_WARNING_DAYS = 3;
/** An outbox event still unpublished this long after it was written needs attention. */
export const OUTBOX_STALE_MINUTES = 5;
/** Agent calls refused above this percentage need attention (a misconfigured key or agent). */
export const REFUSAL_ATTENTION_PERCENT = 20;

const EVIDENCE_LIMIT = 20;
const MINUTE = 60_000;
const DAY = 86_400_000;

export interface MonitorSnapshot {
  now: Date;
  windowHours: number;
  pendingActions: readonly { id: string; expiresAt: string }[];
  failedActions: readonly { id: string }[];
  /** Agent calls within the window. */
  agentCalls: readonly {
    id: string;
    actorId: string;
    keyName?: string | undefined;
    outcome: 'success' | 'refused' | 'failed';
    errorCode?: string | undefined;
  }[];
  openCriticals: readonly { id: string }[];
  wards: readonly { id: string; name: string; beds: Record<string, number> }[];
  /** Today's OPD queue entries of every doctor. */
  queue: readonly { appointmentId: string; status: string; checkedInAt: string }[];
  lowStock: readonly { itemId: string }[];
  expiringBatches: readonly { batchId: string; state: 'expired' | 'expiring' }[];
  /** The hospital's outbox items: pending, or DEAD (set aside by the relay after its attempts). */
  outbox: readonly { id: string; createdAt: string; dead: boolean }[];
  /** Notification messages (e-mail, SMS) whose last send failed. */
  failedNotifications: readonly { id: string; channel: string }[];
  /** Webhook deliveries whose last attempt failed: `pending` (retrying) or `failed` (given up). */
  failedWebhooks: readonly { id: string; status: 'pending' | 'failed' }[];
  tenant: { status: 'TRIAL' | 'ACTIVE' | 'SUSPENDED'; trialEndsAt: string };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
const ids = (list: readonly string[]) => list.slice(0, EVIDENCE_LIMIT);

function item(
  fields: Omit<MonitorItem, 'status' | 'evidence'> & { attention: boolean; evidence?: string[] },
): MonitorItem {
  const { attention, evidence = [], ...rest } = fields;
  return { ...rest, status: attention ? 'attention' : 'ok', evidence: ids(evidence) };
}

export function expiringActions(s: MonitorSnapshot) {
  const now = s.now.getTime();
  const soon = now + EXPIRY_WARNING_MINUTES * MINUTE;
  return s.pendingActions.filter((a) => {
    const at = Date.parse(a.expiresAt);
    return at > now && at <= soon;
  });
}

export function waitsOverTarget(s: MonitorSnapshot) {
  const limit = s.now.getTime() - OPD_WAIT_TARGET_MINUTES * MINUTE;
  return s.queue.filter((q) => q.status === 'waiting' && Date.parse(q.checkedInAt) < limit);
}

/** Whole days left of the trial, rounded up (a trial ending in 1 hour has 1 day left); 0 after it. */
export function trialDaysLeft(trialEndsAt: string, now: Date): number {
  const left = Date.parse(trialEndsAt) - now.getTime();
  return left > 0 ? Math.ceil(left / DAY) : 0;
}

export function monitorItems(s: MonitorSnapshot): SystemMonitor['items'] {
  const expiring = expiringActions(s);
  const failed = s.agentCalls.filter((c) => c.outcome === 'failed');
  const refused = s.agentCalls.filter((c) => c.outcome === 'refused');
  const limited = new Map<string, string>();
  for (const c of s.agentCalls)
    if (c.errorCode === 'rate_limited') limited.set(c.actorId, c.keyName ?? c.actorId);
  const beds = (state: string) => s.wards.reduce((n, w) => n + (w.beds[state] ?? 0), 0);
  const totalBeds = s.wards.reduce(
    (n, w) => n + Object.values(w.beds).reduce((a, b) => a + b, 0),
    0,
  );
  const occupied = beds('occupied');
  const occupancy = percent(occupied, totalBeds);
  const housekeeping = beds('housekeeping');
  const late = waitsOverTarget(s);
  const expired = s.expiringBatches.filter((b) => b.state === 'expired');
  const pendingEvents = s.outbox.filter((e) => !e.dead);
  const staleBefore = s.now.getTime() - OUTBOX_STALE_MINUTES * MINUTE;
  const stale = pendingEvents.filter((e) => Date.parse(e.createdAt) < staleBefore);
  const dead = s.outbox.filter((e) => e.dead);
  const trialLeft = trialDaysLeft(s.tenant.trialEndsAt, s.now);
  const window = `the last ${s.windowHours} h`;
  return [
    item({
      key: 'agent-actions-expiring',
      title: 'Agent actions close to expiry',
      attention: expiring.length > 0,
      count: expiring.length,
      detail: `${expiring.length} pending agent action(s) expire within ${EXPIRY_WARNING_MINUTES} minutes (${s.pendingActions.length} pending in all)`,
      action: expiring.length
        ? 'Approve or reject them before they expire; an expired proposal must be proposed again'
        : 'Nothing to do',
      route: 'GET /agent-actions/pending',
      page: '/admin',
      evidence: expiring.map((a) => a.id),
    }),
    item({
      key: 'agent-actions-failed',
      title: 'Agent action executions that failed',
      attention: s.failedActions.length > 0,
      count: s.failedActions.length,
      detail: `${s.failedActions.length} approved agent action(s) failed when carried out`,
      action: s.failedActions.length
        ? 'Read each failed action’s error, then do the change by hand or ask the agent to propose it again'
        : 'Nothing to do',
      route: 'GET /agent-actions?status=FAILED',
      page: '/admin',
      evidence: s.failedActions.map((a) => a.id),
    }),
    item({
      key: 'agent-call-errors',
      title: 'Agent call errors and refusals',
      attention:
        failed.length > 0 ||
        percent(refused.length, s.agentCalls.length) > REFUSAL_ATTENTION_PERCENT,
      count: failed.length + refused.length,
      detail: `${s.agentCalls.length} agent call(s) in ${window}: ${failed.length} failed (${percent(failed.length, s.agentCalls.length)} %), ${refused.length} refused (${percent(refused.length, s.agentCalls.length)} %)`,
      action:
        failed.length + refused.length
          ? 'Open the audit log filtered by outcome: failures quote a request id for the logs; refusals usually mean a key lacks a scope or sends bad arguments'
          : 'Nothing to do',
      route: 'GET /agenty/admin/audit?outcome=failed',
      evidence: [...failed, ...refused].map((c) => c.id),
    }),
    item({
      key: 'rate-limited-credentials',
      title: 'Rate-limited credentials',
      attention: limited.size > 0,
      count: limited.size,
      detail: `${limited.size} credential(s) were refused for the agent rate limit in ${window}${limited.size ? `: ${[...limited.values()].join(', ')}` : ''}`,
      action: limited.size
        ? 'Slow the agent down, or raise the hospital’s agent rate limit if the load is expected'
        : 'Nothing to do',
      route: 'GET /agenty/admin/audit?outcome=refused',
      evidence: [...limited.keys()],
    }),
    item({
      key: 'critical-results-unacknowledged',
      title: 'Unacknowledged critical results',
      attention: s.openCriticals.length > 0,
      count: s.openCriticals.length,
      detail: `${s.openCriticals.length} critical lab result(s) not yet acknowledged by a clinician`,
      action: s.openCriticals.length
        ? 'Call the requesting doctor and acknowledge each result once they know'
        : 'Nothing to do',
      route: 'GET /lab/criticals',
      page: '/diagnostics',
      evidence: s.openCriticals.map((a) => a.id),
    }),
    item({
      key: 'bed-occupancy',
      title: 'Bed occupancy',
      attention: totalBeds > 0 && occupancy >= OCCUPANCY_ATTENTION_PERCENT,
      count: occupied,
      detail: `${occupied} of ${totalBeds} bed(s) occupied (${occupancy} %) in ${s.wards.length} ward(s); ${beds('unoccupied')} free`,
      action:
        totalBeds > 0 && occupancy >= OCCUPANCY_ATTENTION_PERCENT
          ? 'Review discharges due today and clean beds first; plan for transfers out'
          : 'Nothing to do',
      route: 'GET /wards',
      page: '/bed-board',
      evidence: s.wards.map((w) => w.id),
    }),
    item({
      key: 'housekeeping-backlog',
      title: 'Housekeeping backlog',
      attention: housekeeping > 0,
      count: housekeeping,
      detail: `${housekeeping} bed(s) waiting to be cleaned`,
      action: housekeeping
        ? 'Send housekeeping; mark each bed clean when done so it can take a patient'
        : 'Nothing to do',
      route: 'POST /beds/{id}/clean',
      page: '/bed-board',
    }),
    item({
      key: 'opd-waits-over-target',
      title: 'OPD waits over target',
      attention: late.length > 0,
      count: late.length,
      detail: `${late.length} checked-in patient(s) have waited over ${OPD_WAIT_TARGET_MINUTES} minutes (${s.queue.filter((q) => q.status === 'waiting').length} waiting)`,
      action: late.length
        ? 'Tell the waiting patients, and move them to a doctor with a shorter queue'
        : 'Nothing to do',
      route: 'GET /appointments/queue',
      page: '/front-desk',
      evidence: late.map((q) => q.appointmentId),
    }),
    item({
      key: 'low-stock',
      title: 'Low stock',
      attention: s.lowStock.length > 0,
      count: s.lowStock.length,
      detail: `${s.lowStock.length} formulary item(s) at or below their reorder level`,
      action: s.lowStock.length
        ? 'Order the suggested quantities (whole packs) and receive them'
        : 'Nothing to do',
      route: 'GET /pharmacy/low-stock',
      evidence: s.lowStock.map((r) => r.itemId),
    }),
    item({
      key: 'expiring-batches',
      title: 'Expired and expiring batches',
      attention: s.expiringBatches.length > 0,
      count: s.expiringBatches.length,
      detail: `${expired.length} batch(es) with stock expired, ${s.expiringBatches.length - expired.length} expiring within ${EXPIRY_SCAN_DAYS} days`,
      action: s.expiringBatches.length
        ? 'Write off expired stock; use or return batches close to expiry first'
        : 'Nothing to do',
      route: `GET /pharmacy/expiry-scan?withinDays=${EXPIRY_SCAN_DAYS}`,
      evidence: s.expiringBatches.map((b) => b.batchId),
    }),
    item({
      key: 'outbox-backlog',
      title: 'Event outbox backlog',
      attention: stale.length > 0,
      count: pendingEvents.length,
      detail: `${pendingEvents.length} event(s) written but not yet published, ${stale.length} of them for over ${OUTBOX_STALE_MINUTES} minutes`,
      action: stale.length
        ? 'The relay retries with backoff: check the bus and the relay’s logs ("outbox publish failed")'
        : 'Nothing to do',
      doc: 'docs/operations.md#dlq-alarms-executordlqalarm-and-the-outbox-relay-alarms',
      evidence: stale.map((e) => e.id),
    }),
    item({
      key: 'dead-events',
      title: 'Dead events',
      attention: dead.length > 0,
      count: dead.length,
      detail: `${dead.length} event(s) set aside as DEAD after every publication attempt failed`,
      action: dead.length
        ? 'Find the cause in the relay’s logs ("outbox event dead"), fix it, then ask the operator to publish them again'
        : 'Nothing to do',
      doc: 'docs/operations.md#dlq-alarms-executordlqalarm-and-the-outbox-relay-alarms',
      evidence: dead.map((e) => e.id),
    }),
    item({
      key: 'failed-notifications',
      title: 'Failed notifications',
      attention: s.failedNotifications.length > 0,
      count: s.failedNotifications.length,
      detail: `${s.failedNotifications.length} message(s) not sent: ${s.failedNotifications.filter((n) => n.channel === 'email').length} e-mail, ${s.failedNotifications.filter((n) => n.channel === 'sms').length} SMS; each is tried again by the next delivery of its event or run of its trigger`,
      action: s.failedNotifications.length
        ? 'Read each message’s reason in the notifications outbox (a sender identity, SES sandbox or SMS origination problem is the operator’s); reach urgent ones by phone meanwhile'
        : 'Nothing to do',
      route: 'GET /notifications/outbox',
      evidence: s.failedNotifications.map((n) => n.id),
    }),
    item({
      key: 'failed-webhooks',
      title: 'Failed webhook deliveries',
      attention: s.failedWebhooks.length > 0,
      count: s.failedWebhooks.length,
      detail: `${s.failedWebhooks.length} webhook delivery(ies) failing: ${s.failedWebhooks.filter((d) => d.status === 'pending').length} retrying with backoff, ${s.failedWebhooks.filter((d) => d.status === 'failed').length} given up after every attempt`,
      action: s.failedWebhooks.length
        ? 'Read each delivery’s last error on the outbox panel, have the receiver fixed, then redeliver the ones given up'
        : 'Nothing to do',
      route: 'GET /webhooks/failing',
      page: '/admin',
      evidence: s.failedWebhooks.map((d) => d.id),
    }),
    s.tenant.status === 'TRIAL'
      ? item({
          key: 'trial',
          title: 'Free trial',
          attention: trialLeft <= TRIAL_WARNING_DAYS,
          count: trialLeft,
          detail:
            trialLeft > 0
              ? `${trialLeft} day(s) of the free trial left (ends ${s.tenant.trialEndsAt})`
              : `The free trial ended on ${s.tenant.trialEndsAt}: changes are disabled`,
          action:
            trialLeft <= TRIAL_WARNING_DAYS
              ? 'Activate a subscription to keep making changes after the trial'
              : 'Nothing to do yet',
          route: 'GET /tenants/current',
        })
      : item({
          key: 'trial',
          title: 'Free trial',
          attention: false,
          count: 0,
          detail: `The hospital is ${s.tenant.status.toLowerCase()}: no trial applies`,
          action: 'Nothing to do',
          route: 'GET /tenants/current',
        }),
  ];
}
