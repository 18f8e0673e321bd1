/**
 * Events to people: for one event from the bus, who is told (rules of each kind), on which
 * channels (their preferences and quiet hours), in which words (the hospital's templates), and
 * the sending, exactly once per event, person and channel: the message item is created on the
 * condition that it does not exist (its id derives from the event's own id, not the bus's), so a
 * second delivery of the same event finds it and sends nothing. A send that failed is marked
 * `failed` and the handler throws, so EventBridge delivers again and only the failed messages are
 * tried again (claimed by a conditional `failed → sending`).
 */
import type { TenantInfo } from '../../kernel/context';
import type { Logger } from '../../kernel/log';
import { isConditionFailure } from '../../kernel/store/conditions';
import type { Store } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { utcToZonedParts } from '../../kernel/time/zoned-time';
import { parseOrThrow } from '../../kernel/validation';
import { AGENT_ACTION_PROPOSED, AgentActionProposedDetail } from '../agent-actions/index';
import { fromMinorUnits } from '../billing/index';
import { CLAIM_DENIED, ClaimDeniedDetail } from '../claims/index';
import { LAB_CRITICAL_RESULT, LabCriticalResultDetail } from '../lab/index';
import { findTenantInfo } from '../tenants/index';
import { activeUsersWithRoles, findUser } from '../users/index';
import { KINDS, type NotificationKind, render } from './kinds';
import { type ChannelPreferences, channelsFor, DEFAULT_PREFERENCES } from './rules';
import {
  customTemplate,
  failedIndex,
  findNotification,
  type NotificationRecord,
  notificationId,
  notificationItem,
  notificationKeys,
  readPreferences,
  readTemplates,
} from './store';
import { send, transportMode } from './transport';

/** The event detail types notifications listen to (the EventBridge rule's pattern). */
export const NOTIFIED_EVENTS = [LAB_CRITICAL_RESULT, AGENT_ACTION_PROPOSED, CLAIM_DENIED] as const;

export interface Recipient {
  /** A user's id, or `patient:<id>` for a patient (not a user: no preferences of their own). */
  userId: string;
  name: string;
  email: string;
  /** Channels fixed by the trigger (a patient's contact details) instead of stored preferences. */
  preferences?: ChannelPreferences;
}

export interface Plan {
  kind: NotificationKind;
  eventId: string;
  values: Record<string, string>;
  /** Values that are instants: shown on the hospital's wall clock. */
  instants: readonly string[];
  recipients: Recipient[];
}

/** `2026-11-25 07:51 (Asia/Kolkata)`: what a person reads, in the hospital's time. */
export function wallClock(iso: string, timeZone: string): string {
  const { date, time } = utcToZonedParts(new Date(iso), timeZone);
  return `${date} ${time.slice(0, 5)} (${timeZone})`;
}

export const asRecipient = (u: { id: string; name: string; email: string }): Recipient => ({
  userId: u.id,
  name: u.name,
  email: u.email,
});

async function planFor(
  store: Store,
  detailType: string,
  detail: unknown,
): Promise<Plan | undefined> {
  if (detailType === LAB_CRITICAL_RESULT) {
    const d = parseOrThrow(LabCriticalResultDetail, detail);
    const user = await findUser(store, d.requesterId);
    return {
      kind: 'lab-critical-result',
      eventId: d.eventId,
      values: { mrn: d.mrn, testName: d.testName, orderId: d.orderId, raisedAt: d.raisedAt },
      instants: ['raisedAt'],
      recipients: user?.active ? [asRecipient(user)] : [],
    };
  }
  if (detailType === AGENT_ACTION_PROPOSED) {
    const d = parseOrThrow(AgentActionProposedDetail, detail);
    const users = await activeUsersWithRoles(store, d.approverRoles);
    return {
      kind: 'agent-action-proposed',
      eventId: d.eventId,
      values: { actionId: d.actionId, type: d.type, risk: d.risk, expiresAt: d.expiresAt },
      instants: ['expiresAt'],
      recipients: users.map(asRecipient),
    };
  }
  if (detailType === CLAIM_DENIED) {
    const d = parseOrThrow(ClaimDeniedDetail, detail);
    const users = await activeUsersWithRoles(store, ['INSURANCE_DESK']);
    return {
      kind: 'claim-denied',
      // One message per adjudication with a denial (a second round's denial is news again).
      eventId: d.adjudicationId,
      values: {
        claimNumber: d.claimNumber,
        payerName: d.payerName,
        deniedAmount: `${fromMinorUnits(d.deniedAmount, d.currency)} ${d.currency}`,
        reasonCodes: d.reasonCodes.join(', '),
        adjudicatedAt: d.adjudicatedAt,
      },
      instants: ['adjudicatedAt'],
      recipients: users.map(asRecipient),
    };
  }
  return undefined;
}

export interface DeliveryReport {
  eventId?: string;
  sent: number;
  held: number;
  alreadyDone: number;
  failed: number;
}

/** Delivers one event's notifications in its hospital; throws when any send failed. */
export async function deliverNotifications(
  store: Store,
  detailType: string,
  detail: unknown,
  now: Date,
  log: Logger,
): Promise<DeliveryReport> {
  const [tenant, plan] = await Promise.all([
    findTenantInfo(store),
    planFor(store, detailType, detail),
  ]);
  if (!tenant || !plan) return { sent: 0, held: 0, alreadyDone: 0, failed: 0 };
  return deliverPlan(store, tenant, plan, now, log);
}

/**
 * Sends one plan's messages (an event's, or a scheduled trigger's), each created once per event,
 * person and channel; throws when any send failed (a later delivery or run retries those).
 */
export async function deliverPlan(
  store: Store,
  tenant: TenantInfo,
  plan: Plan,
  now: Date,
  log: Logger,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, held: 0, alreadyDone: 0, failed: 0 };
  report.eventId = plan.eventId;
  const templates = await readTemplates(store);
  const values: Record<string, string> = { ...plan.values, hospital: tenant.name };
  for (const name of plan.instants)
    if (values[name]) values[name] = wallClock(values[name], tenant.timeZone);
  const at = now.toISOString();
  const mode = transportMode();
  for (const r of plan.recipients) {
    const prefs = r.preferences ?? (await readPreferences(store, r.userId)) ?? DEFAULT_PREFERENCES;
    for (const decision of channelsFor(plan.kind, prefs, now, tenant.timeZone)) {
      const { channel } = decision;
      const template =
        customTemplate(templates, plan.kind, channel) ?? KINDS[plan.kind].defaults[channel];
      const record: NotificationRecord = {
        id: notificationId(plan.eventId, r.userId, channel),
        tenantId: tenant.id,
        eventId: plan.eventId,
        kind: plan.kind,
        channel,
        recipientUserId: r.userId,
        recipientName: r.name,
        to: channel === 'email' ? r.email : (prefs.phone ?? ''),
        ...(channel === 'email' ? { subject: render(template.subject, values) } : {}),
        body: render(template.body, values),
        status: decision.send ? 'sending' : 'held',
        ...(decision.send ? {} : { reason: decision.reason }),
        transport: mode === 'local' ? 'local' : channel === 'email' ? 'ses' : 'sns',
        attempts: decision.send ? 1 : 0,
        createdAt: at,
      };
      const claimed = await claim(store, record);
      if (!claimed) {
        report.alreadyDone += 1;
        continue;
      }
      if (!decision.send) {
        report.held += 1;
        continue;
      }
      const key = notificationKeys(store).message(claimed.id);
      try {
        const sent = await send({
          channel,
          to: claimed.to,
          subject: claimed.subject ?? '',
          body: claimed.body,
        });
        await store.update(
          updateItem(key, {
            set: {
              status: 'sent',
              sentAt: now.toISOString(),
              transport: sent.transport,
              messageId: sent.messageId,
            },
            remove: ['reason', 'gsi3pk', 'gsi3sk'],
          }),
        );
        report.sent += 1;
      } catch (err) {
        const reason = (err as Error).message || (err as Error).name || 'send failed';
        log.warn('notification send failed', { id: claimed.id, channel, reason });
        // Listed among the failed (a sparse index) until a later delivery sends it.
        await store.update(
          updateItem(key, {
            set: { status: 'failed', reason, ...failedIndex(store, claimed) },
          }),
        );
        report.failed += 1;
      }
    }
  }
  if (report.failed > 0)
    throw new Error(
      `${report.failed} notification(s) of ${plan.eventId} failed; delivering again retries them`,
    );
  return report;
}

/**
 * Creates the message, or takes back one that failed before; undefined when another delivery of
 * the same event already created it (sent, being sent, or held).
 */
async function claim(
  store: Store,
  record: NotificationRecord,
): Promise<NotificationRecord | undefined> {
  try {
    await store.put({
      Item: notificationItem(store, record),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return record;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const existing = await findNotification(store, record.id);
  if (existing?.status !== 'failed') return undefined;
  try {
    await store.update(
      updateItem(
        notificationKeys(store).message(record.id),
        { set: { status: 'sending', attempts: existing.attempts + 1 } },
        {
          expression: '#status = :failed',
          names: { '#status': 'status' },
          values: { ':failed': 'failed' },
        },
      ),
    );
    return { ...existing, status: 'sending', attempts: existing.attempts + 1 };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
