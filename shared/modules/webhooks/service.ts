/** The webhooks operations: subscriptions, their secrets, deliveries and redelivery (administrators). */
import { randomUUID } from 'node:crypto';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import type * as z from '../../kernel/zod';
import { attempt } from './deliver';
import {
  type CreateSubscriptionInput,
  Delivery,
  FailingDeliveries,
  type RotateSecretInput,
  Subscription,
} from './schemas';
import { newSecret } from './signing';
import {
  allSubscriptions,
  DeliveryRecord,
  deliveryItem,
  failingDeliveries,
  findDelivery,
  findSubscription,
  SubscriptionRecord as SubscriptionRec,
  type SubscriptionRecord,
  subscriptionItem,
  webhookKeys,
} from './store';
import { checkResolvedUrl } from './url-policy';

const hint = (secret: string) => secret.slice(-4);

/** Default overlap of a rotated secret: a day. */
export const DEFAULT_OVERLAP_MINUTES = 24 * 60;

async function requireSubscription(ctx: Context, id: string): Promise<SubscriptionRecord> {
  const s = await findSubscription(ctx.store, id);
  if (!s) throw new NotFound(`Webhook subscription ${id} not found`);
  return s;
}

export async function createSubscription(
  ctx: Context,
  input: z.output<typeof CreateSubscriptionInput>,
) {
  await checkResolvedUrl(input.url);
  const at = ctx.now.toISOString();
  const secret = newSecret();
  const record: SubscriptionRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    url: input.url,
    eventTypes: [...new Set(input.eventTypes)],
    ...(input.description ? { description: input.description } : {}),
    active: true,
    secret,
    secretHint: hint(secret),
    createdAt: at,
    updatedAt: at,
  };
  await ctx.store.put({
    Item: subscriptionItem(ctx.store, record),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return { subscription: view(Subscription, record), secret };
}

export async function listSubscriptions(ctx: Context, input: PageRequest) {
  return ctx.store.queryPage(
    { index: 'gsi1', partition: webhookKeys(ctx.store).all() },
    input,
    (item) => view(Subscription, SubscriptionRec.read(item)),
  );
}

export async function deleteSubscription(ctx: Context, input: { id: string }) {
  await requireSubscription(ctx, input.id);
  await ctx.store.delete({ Key: webhookKeys(ctx.store).subscription(input.id) });
  return { id: input.id, deleted: true };
}

/**
 * A new secret; the old one keeps signing (a second `v1`) for the overlap, so the receiver can
 * switch without losing a delivery. Conditional on the secret it replaced: of two concurrent
 * rotations one wins and the other answers 409.
 */
export async function rotateSecret(ctx: Context, input: z.output<typeof RotateSecretInput>) {
  const current = await requireSubscription(ctx, input.id);
  const overlap = input.overlapMinutes ?? DEFAULT_OVERLAP_MINUTES;
  const secret = newSecret();
  const at = ctx.now.toISOString();
  const expires = new Date(ctx.now.getTime() + overlap * 60_000).toISOString();
  const next: SubscriptionRecord = {
    ...current,
    secret,
    secretHint: hint(secret),
    updatedAt: at,
    ...(overlap > 0 ? { previousSecret: current.secret, previousSecretExpiresAt: expires } : {}),
  };
  if (overlap === 0) {
    delete next.previousSecret;
    delete next.previousSecretExpiresAt;
  }
  try {
    await ctx.store.put({
      Item: subscriptionItem(ctx.store, next),
      ConditionExpression: 'secret = :old',
      ExpressionAttributeValues: { ':old': current.secret },
    });
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new Conflict(
        `The secret of webhook subscription ${input.id} changed meanwhile; rotate again`,
      );
    throw err;
  }
  return { subscription: view(Subscription, next), secret };
}

export async function listDeliveries(ctx: Context, input: PageRequest & { id: string }) {
  await requireSubscription(ctx, input.id);
  return ctx.store.queryPage(
    { index: 'gsi1', partition: webhookKeys(ctx.store).deliveries(input.id), newestFirst: true },
    input,
    (item) => view(Delivery, DeliveryRecord.read(item)),
  );
}

/**
 * Sends a delivery again now, whatever its state (a failed one after its retries, or a delivered
 * one the receiver lost), with the same event id and body: a fresh attempt count, then one attempt.
 */
export async function redeliver(ctx: Context, input: { id: string; deliveryId: string }) {
  const sub = await requireSubscription(ctx, input.id);
  const d = await findDelivery(ctx.store, input.deliveryId);
  if (!d || d.subscriptionId !== sub.id)
    throw new NotFound(
      `Delivery ${input.deliveryId} of webhook subscription ${input.id} not found`,
    );
  const at = ctx.now.toISOString();
  const reset: DeliveryRecord = {
    ...d,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    updatedAt: at,
  };
  delete reset.deliveredAt;
  try {
    await ctx.store.put({
      Item: deliveryItem(ctx.store, reset),
      ConditionExpression: 'updatedAt = :seen',
      ExpressionAttributeValues: { ':seen': d.updatedAt },
    });
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new Conflict(`Delivery ${d.id} is being attempted right now; look again in a moment`);
    throw err;
  }
  const after = await attempt(ctx.store, reset, sub, ctx.now, ctx.log);
  return view(Delivery, after);
}

/** A delivery's latest state (tests and the dashboard poll it). */
export async function getDelivery(ctx: Context, input: { id: string; deliveryId: string }) {
  const d = await findDelivery(ctx.store, input.deliveryId);
  if (!d || d.subscriptionId !== input.id)
    throw new NotFound(`Delivery ${input.deliveryId} not found`);
  return view(Delivery, d);
}

/**
 * The deliveries whose last attempt failed, oldest first, with the receiver's URL, the last
 * error and when the retry job tries next, or that it gave up (the outbox panel lists them).
 */
export async function listFailing(ctx: Context) {
  const [failing, subs] = await Promise.all([
    failingDeliveries(ctx.store),
    allSubscriptions(ctx.store),
  ]);
  const urls = new Map(subs.map((s) => [s.id, s.url]));
  return view(FailingDeliveries, {
    retrying: failing.filter((d) => d.status === 'pending').length,
    gaveUp: failing.filter((d) => d.status === 'failed').length,
    items: failing.map((d) => ({
      id: d.id,
      subscriptionId: d.subscriptionId,
      url: urls.get(d.subscriptionId),
      eventId: d.eventId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      nextAttemptAt: d.nextAttemptAt,
      updatedAt: d.updatedAt,
    })),
  });
}
