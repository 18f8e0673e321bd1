import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import {
  CreateSubscriptionInput,
  Delivery,
  DeliveryPage,
  FailingDeliveries,
  FailingDeliveriesInput,
  ListDeliveriesInput,
  ListSubscriptionsInput,
  RedeliverInput,
  RotateSecretInput,
  SubscriptionIdInput,
  SubscriptionPage,
  SubscriptionWithSecret,
} from './schemas';
import {
  createSubscription,
  deleteSubscription,
  listDeliveries,
  listFailing,
  listSubscriptions,
  redeliver as redeliverNow,
  rotateSecret as rotate,
} from './service';

const ADMINS = { roles: [] as [], scope: 'webhooks:write' as const };

export const create = defineOperation({
  name: 'webhooks.create',
  summary:
    'Subscribe a URL of the hospital’s own systems to event types; answers the signing secret once (administrators only)',
  input: CreateSubscriptionInput,
  output: SubscriptionWithSecret,
  access: ADMINS,
  kind: 'write',
  idempotent: false,
  handler: createSubscription,
});

export const list = defineOperation({
  name: 'webhooks.list',
  summary: 'The hospital’s webhook subscriptions, oldest first (administrators only)',
  input: ListSubscriptionsInput,
  output: SubscriptionPage,
  access: { roles: [], scope: 'webhooks:read' },
  kind: 'read',
  idempotent: true,
  handler: listSubscriptions,
});

export const failing = defineOperation({
  name: 'webhooks.failing',
  summary:
    'Deliveries whose last attempt failed, with the last error and the next retry or that it gave up (administrators only)',
  input: FailingDeliveriesInput,
  output: FailingDeliveries,
  access: { roles: [], scope: 'webhooks:read' },
  kind: 'read',
  idempotent: true,
  handler: listFailing,
});

export const remove = defineOperation({
  name: 'webhooks.delete',
  summary: 'Remove a webhook subscription; its pending retries stop (administrators only)',
  input: SubscriptionIdInput,
  output: z.strictObject({ id: z.string(), deleted: z.boolean() }),
  access: ADMINS,
  kind: 'write',
  idempotent: true,
  handler: deleteSubscription,
});

export const rotateSecret = defineOperation({
  name: 'webhooks.rotateSecret',
  summary:
    'A new signing secret, answered once; the old one keeps signing beside it for overlapMinutes (default a day, at most a week, 0 ends it now) (administrators only)',
  input: RotateSecretInput,
  output: SubscriptionWithSecret,
  access: ADMINS,
  kind: 'write',
  idempotent: false,
  handler: rotate,
});

export const deliveries = defineOperation({
  name: 'webhooks.deliveries',
  summary:
    'A subscription’s deliveries, newest first: status, attempts, the last answer or error, the next attempt (administrators only)',
  input: ListDeliveriesInput,
  output: DeliveryPage,
  access: { roles: [], scope: 'webhooks:read' },
  kind: 'read',
  idempotent: true,
  handler: listDeliveries,
});

export const redeliver = defineOperation({
  name: 'webhooks.redeliver',
  summary: 'Send a delivery again now, with the same event id and body (administrators only)',
  input: RedeliverInput,
  output: Delivery,
  access: ADMINS,
  kind: 'write',
  idempotent: false,
  handler: redeliverNow,
});
