/**
 * Webhook deliveries: an event fans out to the hospital's active subscriptions to its type (one
 * delivery each, created on the condition that it does not exist), and each delivery is attempted
 * at once. An attempt first claims the delivery (`attempts = n → n + 1`, conditional, so two
 * runners never send the same attempt), then POSTs the payload signed with the subscription's
 * valid secrets. A 2xx delivers it; anything else (a status, a refused connection, 10 s without
 * an answer) schedules the next attempt after an exponential backoff, until MAX_ATTEMPTS, after
 * which it is `failed` and waits for a person's redelivery.
 */
import type { Logger } from '../../kernel/log';
import { isConditionFailure } from '../../kernel/store/conditions';
import { DUE_SHARDS, dueShard } from '../../kernel/store/outbox';
import type { Store, Stores } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { WEBHOOK_SOURCES } from './events';
import { postWebhook } from './post';
import { backoffSeconds, MAX_ATTEMPTS, SIGNATURE_HEADER, signatureHeader } from './signing';
import {
  allSubscriptions,
  DeliveryRecord as DeliveryRec,
  type DeliveryRecord,
  deliveryId,
  deliveryItem,
  dueAttributes,
  failingAttributes,
  findDelivery,
  findSubscription,
  type SubscriptionRecord,
  webhookDuePartition,
  webhookKeys,
} from './store';

export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The secrets that sign now: the current one, and the previous one during its overlap. */
export function signingSecrets(s: SubscriptionRecord, now: Date): string[] {
  const overlap =
    s.previousSecret &&
    s.previousSecretExpiresAt &&
    Date.parse(s.previousSecretExpiresAt) > now.getTime();
  return overlap ? [s.secret, s.previousSecret!] : [s.secret];
}

export interface FanOutReport {
  eventId?: string;
  created: number;
  alreadyThere: number;
  delivered: number;
  retrying: number;
}

/** One event from the bus to the hospital's subscriptions (the webhooks function). */
export async function fanOut(
  store: Store,
  detailType: string,
  detail: Record<string, unknown>,
  now: Date,
  log: Logger,
): Promise<FanOutReport> {
  const report: FanOutReport = { created: 0, alreadyThere: 0, delivered: 0, retrying: 0 };
  const source = WEBHOOK_SOURCES[detailType];
  if (!source) return report;
  const eventId = source.eventId(detail);
  report.eventId = eventId;
  const subs = (await allSubscriptions(store)).filter(
    (s) => s.active && s.eventTypes.includes(source.type),
  );
  const { tenantId: _t, eventId: _e, ...data } = detail;
  const at = now.toISOString();
  for (const sub of subs) {
    const delivery: DeliveryRecord = {
      id: deliveryId(eventId, sub.id),
      tenantId: sub.tenantId,
      subscriptionId: sub.id,
      eventId,
      eventType: source.type,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      payload: JSON.stringify({ id: eventId, type: source.type, createdAt: at, data }),
      createdAt: at,
      updatedAt: at,
    };
    try {
      await store.put({
        Item: deliveryItem(store, delivery),
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      report.created += 1;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      report.alreadyThere += 1;
      continue;
    }
    const after = await attempt(store, delivery, sub, now, log);
    if (after.status === 'delivered') report.delivered += 1;
    else report.retrying += 1;
  }
  return report;
}

/**
 * One attempt of a delivery as read (`d.attempts` failed attempts so far); answers the delivery
 * after it. Never throws for the receiver's failure: that is recorded and retried.
 */
export async function attempt(
  store: Store,
  d: DeliveryRecord,
  sub: SubscriptionRecord,
  now: Date,
  log: Logger,
): Promise<DeliveryRecord> {
  const key = webhookKeys(store).delivery(d.id);
  const n = d.attempts + 1;
  try {
    await store.update(
      updateItem(
        key,
        { set: { attempts: n, updatedAt: now.toISOString() } },
        {
          expression: '#status = :pending AND attempts = :n',
          names: { '#status': 'status' },
          values: { ':pending': 'pending', ':n': d.attempts },
        },
      ),
    );
  } catch (err) {
    // Another runner took this attempt (or a person redelivered it): its outcome is theirs.
    if (isConditionFailure(err)) return (await findDelivery(store, d.id)) ?? d;
    throw err;
  }
  const t = Math.floor(now.getTime() / 1000);
  const { statusCode, error } = await postWebhook(
    sub.url,
    {
      'content-type': 'application/json',
      'user-agent': 'HMS-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(signingSecrets(sub, now), t, d.payload),
      'HMS-Event-Id': d.eventId,
      'HMS-Delivery-Id': d.id,
    },
    d.payload,
    ATTEMPT_TIMEOUT_MS,
  );
  const at = now.toISOString();
  const base = {
    updatedAt: at,
    ...(statusCode !== undefined ? { lastStatusCode: statusCode } : {}),
  };
  if (!error) {
    await store.update(
      updateItem(key, {
        set: { ...base, status: 'delivered', deliveredAt: at },
        remove: ['gsi5pk', 'gsi5sk', 'gsi3pk', 'gsi3sk', 'nextAttemptAt', 'lastError'],
      }),
    );
    return { ...d, ...base, attempts: n, status: 'delivered', deliveredAt: at };
  }
  log.warn('webhook attempt failed', {
    deliveryId: d.id,
    subscriptionId: sub.id,
    attempt: n,
    error,
  });
  if (n >= MAX_ATTEMPTS) {
    await store.update(
      updateItem(key, {
        set: { ...base, status: 'failed', lastError: error, ...failingAttributes(store, d) },
        remove: ['gsi5pk', 'gsi5sk', 'nextAttemptAt'],
      }),
    );
    return { ...d, ...base, attempts: n, status: 'failed', lastError: error };
  }
  const next = new Date(now.getTime() + backoffSeconds(n) * 1000).toISOString();
  await store.update(
    updateItem(key, {
      set: {
        ...base,
        lastError: error,
        nextAttemptAt: next,
        ...dueAttributes(d, next),
        ...failingAttributes(store, d),
      },
    }),
  );
  return { ...d, ...base, attempts: n, lastError: error, nextAttemptAt: next };
}

export interface RetryReport {
  attempted: number;
  delivered: number;
}

/** The retry job: every pending delivery whose next attempt is due, in every hospital. */
export async function retryDueDeliveries(
  stores: Stores,
  now: Date,
  log: Logger,
): Promise<RetryReport> {
  const report: RetryReport = { attempted: 0, delivered: 0 };
  for (let shard = 0; shard < DUE_SHARDS; shard++) {
    const items = await stores.global.query({
      index: 'gsi5',
      partition: webhookDuePartition(shard),
      range: { between: ['0', `${now.toISOString()}#~`] },
    });
    for (const item of items) {
      const tenantId = String(item.tenantId);
      if (dueShard(tenantId) !== shard) continue;
      const store = stores.forTenant(tenantId);
      const d = DeliveryRec.read(item);
      const sub = await findSubscription(store, d.subscriptionId);
      report.attempted += 1;
      if (!sub?.active) {
        await store.update(
          updateItem(webhookKeys(store).delivery(d.id), {
            set: {
              status: 'failed',
              lastError: 'the subscription was removed or paused',
              updatedAt: now.toISOString(),
            },
            remove: ['gsi5pk', 'gsi5sk', 'nextAttemptAt'],
          }),
        );
        continue;
      }
      if ((await attempt(store, d, sub, now, log)).status === 'delivered') report.delivered += 1;
    }
  }
  return report;
}
