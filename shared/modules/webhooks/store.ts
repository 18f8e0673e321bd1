/**
 * Storage of webhooks: the subscription (`WEBHOOK#<id>`, listed through gsi1, holding its secret
 * and, during a rotation's overlap, the previous one: the table is encrypted with its KMS key) and
 * one delivery per event and subscription (`WEBHOOKDELIVERY#<id>`, the id derived from both, so a
 * second delivery of an event creates nothing), listed per subscription newest first (gsi1); a
 * pending delivery waits for its next attempt in the cross-tenant due index (gsi5,
 * `DUE#WEBHOOK#<shard>`) that the retry job reads. A delivery whose last attempt failed (still
 * retrying, or given up) is also in the hospital's sparse failing list (gsi3) until an attempt
 * succeeds: the outbox panel and the system monitor read it, never the deliveries one by one.
 */
import { createHash } from 'node:crypto';
import { defineRecord } from '../../kernel/records';
import { crossTenantPartition, sortKey } from '../../kernel/store/keys';
import { dueShard, dueSortKey } from '../../kernel/store/outbox';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { Delivery, Subscription } from './schemas';

export const SubscriptionRecord = defineRecord(
  'WebhookSubscription',
  z.extend(Subscription, {
    tenantId: z.string(),
    secret: z.string(),
    previousSecret: z.optional(z.string()),
  }),
);
export type SubscriptionRecord = z.output<typeof SubscriptionRecord.schema>;

export const DeliveryRecord = defineRecord(
  'WebhookDelivery',
  z.extend(Delivery, { tenantId: z.string() }),
);
export type DeliveryRecord = z.output<typeof DeliveryRecord.schema>;

export function deliveryId(eventId: string, subscriptionId: string): string {
  return createHash('sha256').update(`${eventId}\n${subscriptionId}`).digest('hex').slice(0, 32);
}

export const webhookKeys = (store: Store) => ({
  subscription: (id: string) => store.keys.entity('WEBHOOK', id),
  all: () => store.keys.collection('WEBHOOKS'),
  delivery: (id: string) => store.keys.entity('WEBHOOKDELIVERY', id),
  deliveries: (subscriptionId: string) =>
    store.keys.collection('WEBHOOKDELIVERIES', subscriptionId),
  failing: () => store.keys.collection('WEBHOOKDELIVERIES', 'FAILING'),
});

/** The index attributes that list a delivery whose last attempt failed. */
export function failingAttributes(store: Store, d: Pick<DeliveryRecord, 'createdAt' | 'id'>) {
  return { gsi3pk: webhookKeys(store).failing(), gsi3sk: sortKey(d.createdAt, d.id) };
}

/** `DUE#WEBHOOK#3`: where a tenant's pending deliveries wait for the retry job. */
export function webhookDuePartition(shard: number): string {
  return crossTenantPartition('DUE', 'WEBHOOK', String(shard));
}

export function subscriptionItem(store: Store, s: SubscriptionRecord): Item {
  const keys = webhookKeys(store);
  return SubscriptionRecord.item(s, {
    ...keys.subscription(s.id),
    gsi1pk: keys.all(),
    gsi1sk: sortKey(s.createdAt, s.id),
  });
}

/** The index attributes that queue a pending delivery for its next attempt. */
export function dueAttributes(d: Pick<DeliveryRecord, 'tenantId' | 'id'>, at: string) {
  return {
    gsi5pk: webhookDuePartition(dueShard(d.tenantId)),
    gsi5sk: dueSortKey(at, d.tenantId, d.id),
  };
}

export function deliveryItem(store: Store, d: DeliveryRecord): Item {
  const keys = webhookKeys(store);
  return DeliveryRecord.item(d, {
    ...keys.delivery(d.id),
    gsi1pk: keys.deliveries(d.subscriptionId),
    gsi1sk: sortKey(d.createdAt, d.id),
    ...(d.status === 'pending' && d.nextAttemptAt ? dueAttributes(d, d.nextAttemptAt) : {}),
    ...(d.lastError && d.status !== 'delivered' ? failingAttributes(store, d) : {}),
  });
}

export async function findSubscription(
  store: Store,
  id: string,
): Promise<SubscriptionRecord | undefined> {
  const item = await store.get(webhookKeys(store).subscription(id));
  return item ? SubscriptionRecord.read(item) : undefined;
}

export async function allSubscriptions(store: Store): Promise<SubscriptionRecord[]> {
  const items = await store.query({ index: 'gsi1', partition: webhookKeys(store).all() });
  return items.map((i) => SubscriptionRecord.read(i));
}

export async function findDelivery(store: Store, id: string): Promise<DeliveryRecord | undefined> {
  const item = await store.get(webhookKeys(store).delivery(id), { consistent: true });
  return item ? DeliveryRecord.read(item) : undefined;
}

/** The hospital's deliveries whose last attempt failed (retrying or given up), oldest first. */
export async function failingDeliveries(store: Store): Promise<DeliveryRecord[]> {
  const items = await store.query({ index: 'gsi3', partition: webhookKeys(store).failing() });
  return items.map((i) => DeliveryRecord.read(i));
}
