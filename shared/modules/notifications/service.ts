/** The notifications operations: a person's preferences and messages, the hospital's templates and outbox. */
import { authorityOf } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { defineDecision, refuse } from '../../kernel/decisions';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import {
  CHANNELS,
  type Channel,
  forbiddenFields,
  KINDS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from './kinds';
import { DEFAULT_PREFERENCES } from './rules';
import {
  Notification,
  type Preferences,
  type PutTemplateInput,
  type SetPreferencesInput,
} from './schemas';
import {
  customTemplate,
  NotificationRecord,
  notificationKeys,
  readPreferences,
  readTemplates,
  writePreferences,
  writeTemplate,
} from './store';

/** Preferences and "my messages" belong to a signed-in person: an API key has none. */
export const ownDecision = defineDecision({
  what: 'read or set notification preferences and messages',
  when: 'always: they are the signed-in person’s own (an API key, or an agent with one, has none)',
  checkedBy: 'implementation',
  refusal:
    'Notification preferences and messages belong to a signed-in person; an API key has none',
});

function personOf(ctx: Context): string {
  const who = authorityOf(ctx.actor);
  if (who?.kind !== 'user') throw refuse(ownDecision);
  return who.id;
}

export async function getPreferences(ctx: Context): Promise<Preferences> {
  return (await readPreferences(ctx.store, personOf(ctx))) ?? DEFAULT_PREFERENCES;
}

export async function setPreferences(ctx: Context, input: z.output<typeof SetPreferencesInput>) {
  const userId = personOf(ctx);
  if (input.sms && !input.phone) throw invalidField('phone', 'is required to receive SMS');
  const prefs: Preferences = {
    email: input.email,
    sms: input.sms,
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.quietHours ? { quietHours: input.quietHours } : {}),
    updatedAt: ctx.now.toISOString(),
  };
  await writePreferences(ctx.store, userId, prefs);
  return prefs;
}

const readMessage = (item: Record<string, unknown>) =>
  view(Notification, NotificationRecord.read(item));

export async function listMine(ctx: Context, input: PageRequest) {
  const userId = personOf(ctx);
  return ctx.store.queryPage(
    { index: 'gsi1', partition: notificationKeys(ctx.store).mine(userId), newestFirst: true },
    input,
    readMessage,
  );
}

/** Every message of the hospital, newest first: the local mail catcher, and the audit of what went. */
export async function listOutbox(ctx: Context, input: PageRequest) {
  return ctx.store.queryPage(
    { index: 'gsi2', partition: notificationKeys(ctx.store).outbox(), newestFirst: true },
    input,
    readMessage,
  );
}

export async function listTemplates(ctx: Context) {
  const templates = await readTemplates(ctx.store);
  return {
    items: NOTIFICATION_KINDS.flatMap((kind) =>
      CHANNELS.map((channel: Channel) => {
        const custom = customTemplate(templates, kind, channel);
        const t = custom ?? KINDS[kind].defaults[channel];
        return {
          kind,
          channel,
          subject: t.subject,
          body: t.body,
          fields: [...(channel === 'sms' ? KINDS[kind].smsFields : KINDS[kind].fields)],
          custom: custom !== undefined,
        };
      }),
    ),
  };
}

export async function putTemplate(ctx: Context, input: z.output<typeof PutTemplateInput>) {
  const kind = input.kind as NotificationKind;
  const t = { subject: input.channel === 'sms' ? '' : (input.subject ?? ''), body: input.body };
  const bad = forbiddenFields(kind, input.channel, t);
  if (bad.length)
    throw invalidField(
      'body',
      `uses ${bad.map((f) => `{{${f}}}`).join(', ')}, which a ${input.channel} template of ${kind} may not use (allowed: ${(input.channel === 'sms' ? KINDS[kind].smsFields : KINDS[kind].fields).join(', ')})`,
    );
  await writeTemplate(ctx.store, kind, input.channel, t);
  return (await listTemplates(ctx)).items.find(
    (x) => x.kind === kind && x.channel === input.channel,
  )!;
}
