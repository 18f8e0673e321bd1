/**
 * The version of the hospital's settings: one item per hospital whose number every change of a
 * setting raises, whichever route made it (`PUT /settings`, or the older section routes
 * `PATCH /tenants/current`, `PUT /billing/settings`, `PUT /agent-actions/settings`). `PUT
 * /settings` writes conditionally on the version it read, so a change made meanwhile (by either
 * kind of route) is never overwritten unseen. The item also keeps who changed what, newest last.
 */
import { type Actor, actorId } from '../../kernel/actor';
import { defineRecord } from '../../kernel/records';
import type { Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';

/** How many changes the version item remembers (the settings answer's `changes`). */
export const CHANGES_KEPT = 20;

export const SettingsChange = z.strictObject({
  at: z.string(),
  /** The user (or key) who made the change. */
  by: z.string(),
  /** The settings changed: `billing.currency`, `agents.actionTypes.prescription`, or a section. */
  fields: z.array(z.string()),
});
export type SettingsChange = z.output<typeof SettingsChange>;

export const VersionRecord = defineRecord(
  'SettingsVersion',
  z.strictObject({
    version: z.number().check(z.int()),
    changes: z.optional(z.array(SettingsChange)),
  }),
);
export type VersionRecord = z.output<typeof VersionRecord.schema>;

export const versionKey = (store: Store) => store.keys.entity('SETTINGS', 'VERSION');

export async function readVersion(store: Store): Promise<VersionRecord> {
  const item = await store.get(versionKey(store), { consistent: true });
  return item ? VersionRecord.read(item) : { version: 0 };
}

/**
 * The rider of a section route's write (`ctx.store.alongside(settingsChanged(...))`): raises the
 * version in the same transaction, and notes the change. Unconditional: the section routes stay
 * last-writer-wins, as before; what they change is seen by `PUT /settings`.
 */
export function settingsChanged(store: Store, actor: Actor, at: string, section: string): TxItem {
  const change: SettingsChange = { at, by: actorId(actor), fields: [section] };
  return {
    name: 'settings-version',
    Update: {
      Key: versionKey(store),
      UpdateExpression:
        'SET #entity = :entity, #changes = list_append(if_not_exists(#changes, :none), :change) ADD #version :one',
      ExpressionAttributeNames: {
        '#entity': 'entity',
        '#changes': 'changes',
        '#version': 'version',
      },
      ExpressionAttributeValues: {
        ':entity': VersionRecord.entity,
        ':none': [],
        ':change': [change],
        ':one': 1,
      },
    },
  };
}

/**
 * The write of `PUT /settings`: the next version, conditional on the one read (absent when 0), with
 * the change appended (the newest CHANGES_KEPT kept).
 */
export function nextVersionWrite(
  store: Store,
  read: VersionRecord,
  change: SettingsChange,
): { record: VersionRecord; write: TxItem } {
  const record: VersionRecord = {
    version: read.version + 1,
    changes: [...(read.changes ?? []), change].slice(-CHANGES_KEPT),
  };
  const write: TxItem = {
    name: 'settings-version',
    Put: {
      Item: VersionRecord.item(record, versionKey(store)),
      ...(read.version === 0
        ? { ConditionExpression: 'attribute_not_exists(pk) OR #version = :zero' }
        : { ConditionExpression: '#version = :read' }),
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: read.version === 0 ? { ':zero': 0 } : { ':read': read.version },
    },
  };
  return { record, write };
}
