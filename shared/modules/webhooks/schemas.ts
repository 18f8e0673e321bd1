/** Webhook subscriptions and deliveries, declared once. */
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { WEBHOOK_EVENT_TYPES } from './events';
import { urlProblem } from './url-policy';

const UrlSchema = z.string({ message: 'must be a URL' }).check(
  z.maxLength(2000, 'must be at most 2000 characters'),
  z.superRefine((v, ctx) => {
    const problem = urlProblem(v);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: v });
  }),
);

const EventTypes = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
  )
  .check(z.minLength(1, 'give at least one event type'));

export const Subscription = z.strictObject({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.optional(z.string()),
  active: z.boolean(),
  /** The last four characters of the current secret, to tell secrets apart. */
  secretHint: z.string(),
  /** While a rotated-out secret still signs (the overlap), until when. */
  previousSecretExpiresAt: z.optional(TimestampSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Subscription = z.output<typeof Subscription>;

export const CreateSubscriptionInput = z.strictObject({
  url: UrlSchema,
  eventTypes: EventTypes,
  description: z.optional(nonEmpty(200)),
});

/** The secret is shown once, when created or rotated. */
export const SubscriptionWithSecret = z.strictObject({
  subscription: Subscription,
  secret: z.string(),
});

export const SubscriptionIdInput = z.strictObject({ id: idParam() });
export const ListSubscriptionsInput = z.strictObject({ ...pageFields });
export const SubscriptionPage = pageOf(Subscription);

/** Up to a week: long enough for a receiver's deployment. */
export const MAX_OVERLAP_MINUTES = 7 * 24 * 60;
export const RotateSecretInput = z.strictObject({
  id: idParam(),
  overlapMinutes: z.optional(
    z
      .int({ message: 'must be a whole number of minutes' })
      .check(
        z.gte(0, 'must be 0 or more'),
        z.lte(MAX_OVERLAP_MINUTES, `must be at most ${MAX_OVERLAP_MINUTES} (a week)`),
      ),
  ),
});

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const Delivery = z.strictObject({
  id: z.string(),
  subscriptionId: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.optional(z.number()),
  lastError: z.optional(z.string()),
  nextAttemptAt: z.optional(TimestampSchema),
  deliveredAt: z.optional(TimestampSchema),
  /** The JSON body sent (the same bytes on every attempt). */
  payload: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Delivery = z.output<typeof Delivery>;

export const ListDeliveriesInput = z.strictObject({ id: idParam(), ...pageFields });
export const DeliveryPage = pageOf(Delivery);
export const RedeliverInput = z.strictObject({ id: idParam(), deliveryId: idParam() });

export const FailingDeliveriesInput = z.strictObject({});

/** A delivery whose last attempt failed: still retrying (`pending`) or given up (`failed`). */
export const FailingDelivery = z.strictObject({
  id: z.string(),
  subscriptionId: z.string(),
  /** The receiver's URL (absent when the subscription was deleted since). */
  url: z.optional(z.string()),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.optional(z.number()),
  lastError: z.string(),
  /** When the retry job tries it next; absent once it has given up. */
  nextAttemptAt: z.optional(TimestampSchema),
  /** When the last attempt was made. */
  updatedAt: TimestampSchema,
});

export const FailingDeliveries = z.strictObject({
  /** Failing deliveries the retry job will try again. */
  retrying: z.number(),
  /** Deliveries that used up their attempts: only a person's redelivery sends them again. */
  gaveUp: z.number(),
  items: z.array(FailingDelivery),
});
