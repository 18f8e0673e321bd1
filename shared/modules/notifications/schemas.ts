/** Notification preferences, templates and delivered messages, declared once. */
import { nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { normalisePhone } from '../../kernel/phone';
import { TimestampSchema } from '../../kernel/time/dates';
import { isValidLocalTime } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';
import { CHANNELS, NOTIFICATION_KINDS } from './kinds';

const LocalTime = z
  .string({ message: 'must be a time as HH:MM' })
  .check(z.refine(isValidLocalTime, 'must be a time as HH:MM (00:00 to 23:59)'));

export const QuietHoursSchema = z.strictObject({ start: LocalTime, end: LocalTime });

/** A phone number for SMS in E.164 (+ and the country code). */
const PhoneSchema = z.pipe(
  z.string({ message: 'must be a phone number' }),
  z.transform((raw, ctx) => {
    const n = normalisePhone(raw);
    if ('e164' in n && n.e164) return n.e164;
    ctx.issues.push({
      code: 'custom',
      message: `must be a phone number with its country code (${'problem' in n ? n.problem : 'invalid'})`,
      input: raw,
    });
    return z.NEVER;
  }),
);

export const Preferences = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  phone: z.optional(z.string()),
  quietHours: z.optional(QuietHoursSchema),
  updatedAt: z.optional(TimestampSchema),
});
export type Preferences = z.output<typeof Preferences>;

export const SetPreferencesInput = z.strictObject({
  email: z.boolean({ message: 'must be true or false' }),
  sms: z.boolean({ message: 'must be true or false' }),
  phone: z.optional(PhoneSchema),
  quietHours: z.optional(QuietHoursSchema),
});

export const KindSchema = z.enum(NOTIFICATION_KINDS, {
  message: `must be one of ${NOTIFICATION_KINDS.join(', ')}`,
});
export const ChannelSchema = z.enum(CHANNELS, { message: 'must be email or sms' });

export const TemplateView = z.strictObject({
  kind: KindSchema,
  channel: ChannelSchema,
  subject: z.string(),
  body: z.string(),
  /** The fields the template may use as {{field}}. */
  fields: z.array(z.string()),
  /** True when the hospital set it; false: the default. */
  custom: z.boolean(),
});
export const TemplateList = z.strictObject({ items: z.array(TemplateView) });

export const PutTemplateInput = z.strictObject({
  kind: KindSchema,
  channel: ChannelSchema,
  subject: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
  body: nonEmpty(1000),
});

export const NOTIFICATION_STATUSES = ['sending', 'sent', 'failed', 'held'] as const;

/** One message to one person on one channel for one event: the local mail catcher shows these. */
export const Notification = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  kind: KindSchema,
  channel: ChannelSchema,
  recipientUserId: z.string(),
  recipientName: z.string(),
  to: z.string(),
  subject: z.optional(z.string()),
  body: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** Why it was held back or failed. */
  reason: z.optional(z.string()),
  transport: z.enum(['local', 'ses', 'sns']),
  messageId: z.optional(z.string()),
  attempts: z.number(),
  createdAt: TimestampSchema,
  sentAt: z.optional(TimestampSchema),
});
export type Notification = z.output<typeof Notification>;

export const ListNotificationsInput = z.strictObject({ ...pageFields });
export const NotificationPage = pageOf(Notification);
export const EmptyInput = z.strictObject({});
