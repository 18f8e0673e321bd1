/**
 * Storage of notifications: a person's preferences (`NOTIFYPREFS#<user>`), the hospital's
 * templates (one item), and one item per message keyed by the event, the person and the channel
 * (`NOTIFICATION#<eventId>#<user>#<channel>`), created conditionally: an event delivered twice
 * finds its messages already there and sends nothing again. Messages are listed per person (gsi1)
 * and for the whole hospital (gsi2, the outbox), newest first.
 */
import { createHash } from 'node:crypto';
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import type { Channel, NotificationKind, Template } from './kinds';
import { Notification, Preferences } from './schemas';

export const PreferencesRecord = defineRecord('NotificationPreferences', Preferences);
export const NotificationRecord = defineRecord(
  'Notification',
  z.extend(Notification, { tenantId: z.string() }),
);
export type NotificationRecord = z.output<typeof NotificationRecord.schema>;
const TemplatesRecord = defineRecord(
  'NotificationTemplates',
  z.strictObject({
    templates: z.record(z.string(), z.strictObject({ subject: z.string(), body: z.string() })),
  }),
);

/** The message's id: the same for the same event, person and channel, whatever the delivery. */
export function notificationId(eventId: string, userId: string, channel: Channel): string {
  return createHash('sha256')
    .update(`${eventId}\n${userId}\n${channel}`)
    .digest('hex')
    .slice(0, 32);
}

export const notificationKeys = (store: Store) => ({
  preferences: (userId: string) => store.keys.entity('NOTIFYPREFS', userId),
  templates: () => store.keys.entity('NOTIFYTEMPLATES', 'all'),
  message: (id: string) => store.keys.entity('NOTIFICATION', id),
  mine: (userId: string) => store.keys.collection('NOTIFICATIONS', 'USER', userId),
  outbox: () => store.keys.collection('NOTIFICATIONS'),
  failed: () => store.keys.collection('NOTIFICATIONS', 'FAILED'),
});

/** A failed message's place in the sparse list of failed ones (gsi3), removed once it is sent. */
export function failedIndex(store: Store, n: Pick<NotificationRecord, 'id' | 'createdAt'>) {
  return { gsi3pk: notificationKeys(store).failed(), gsi3sk: sortKey(n.createdAt, n.id) };
}

/** The hospital's messages whose last send failed (the system monitor counts them). */
export async function failedNotifications(store: Store): Promise<NotificationRecord[]> {
  const items = await store.query({ index: 'gsi3', partition: notificationKeys(store).failed() });
  return items.map((i) => NotificationRecord.read(i));
}

export async function readPreferences(
  store: Store,
  userId: string,
): Promise<Preferences | undefined> {
  const item = await store.get(notificationKeys(store).preferences(userId));
  return item ? PreferencesRecord.read(item) : undefined;
}

export async function writePreferences(
  store: Store,
  userId: string,
  prefs: Preferences,
): Promise<void> {
  await store.put({
    Item: PreferencesRecord.item(prefs, notificationKeys(store).preferences(userId)),
  });
}

const templateKey = (kind: NotificationKind, channel: Channel) => `${kind}/${channel}`;

export async function readTemplates(store: Store): Promise<Record<string, Template>> {
  const item = await store.get(notificationKeys(store).templates());
  return item ? TemplatesRecord.read(item).templates : {};
}

export async function writeTemplate(
  store: Store,
  kind: NotificationKind,
  channel: Channel,
  t: Template,
): Promise<void> {
  const templates = { ...(await readTemplates(store)), [templateKey(kind, channel)]: t };
  await store.put({
    Item: TemplatesRecord.item({ templates }, notificationKeys(store).templates()),
  });
}

export function customTemplate(
  templates: Record<string, Template>,
  kind: NotificationKind,
  channel: Channel,
): Template | undefined {
  return templates[templateKey(kind, channel)];
}

export function notificationItem(store: Store, n: NotificationRecord): Item {
  const keys = notificationKeys(store);
  return NotificationRecord.item(n, {
    ...keys.message(n.id),
    gsi1pk: keys.mine(n.recipientUserId),
    gsi1sk: sortKey(n.createdAt, n.id),
    gsi2pk: keys.outbox(),
    gsi2sk: sortKey(n.createdAt, n.id),
  });
}

export async function findNotification(
  store: Store,
  id: string,
): Promise<NotificationRecord | undefined> {
  const item = await store.get(notificationKeys(store).message(id), { consistent: true });
  return item ? NotificationRecord.read(item) : undefined;
}
