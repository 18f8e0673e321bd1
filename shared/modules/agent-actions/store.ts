/**
 * Storage of agent actions. One item per action (`AGENTACTION`), holding its history, listed
 * newest first for the tenant (gsi1), by status (gsi2) and by patient (gsi3). While an action
 * waits for something to happen at a time (a pending one its expiry, an approved one its
 * execution) it also sits in a cross-tenant partition of the sparse gsi5, keyed by that time, so
 * the scheduled job reads only what is due, in every hospital at once; the attributes are removed
 * when the action moves on. The per-tenant settings are one item.
 */

import { defineRecord } from '../../kernel/records';
import { crossTenantPartition } from '../../kernel/store/keys';
import { DUE_SHARDS, dueShard } from '../../kernel/store/outbox';
import type { Item, Store, Stores } from '../../kernel/store/store';
import { type Condition, updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { RoleSchema } from '../users';
import { ACTION_TYPE_NAMES } from './action-type-names';
import { AgentAction, type HistoryEntry } from './schemas';
import type { AgentActionStatus } from './status';

export const AgentActionRecord = defineRecord(
  'AgentAction',
  z.extend(AgentAction, {
    tenantId: z.string(),
    /** Set by the executor that claimed the approved action (one claim wins). */
    claimId: z.optional(z.string()),
    claimedAt: z.optional(z.string()),
    /** Publications of AgentActionApproved so far (the first and the recovery job's). */
    dispatchAttempts: z.optional(z.number()),
    /**
     * Written in the same transaction as the executed operation's effect, on the condition that
     * the claim still holds: present exactly when the effect committed (dispatch.ts).
     */
    effect: z.optional(
      z.strictObject({ claimId: z.string(), at: z.string(), requestId: z.string() }),
    ),
  }),
);
export type AgentActionRecord = z.output<typeof AgentActionRecord.schema>;

const TypeSettingRecord = z.strictObject({
  autoApprove: z.boolean(),
  lifetimeMinutes: z.optional(z.number()),
  autoApproveEnabledBy: z.optional(z.strictObject({ id: z.string(), role: RoleSchema })),
  /** Who auto-approved actions run as (absent on older settings: the administrator above). */
  autoApproveActsAs: z.optional(z.strictObject({ id: z.string(), role: RoleSchema })),
  updatedAt: z.string(),
});
export const SettingsRecord = defineRecord(
  'AgentActionSettings',
  z.strictObject({ types: z.partialRecord(z.enum(ACTION_TYPE_NAMES), TypeSettingRecord) }),
);
export type SettingsRecord = z.output<typeof SettingsRecord.schema>;

/** The two kinds of due work in gsi5. */
export type DueQueue = 'EXPIRY' | 'DISPATCH';
/** `DUE#AGENTACTION#EXPIRY#3`: one of DUE_SHARDS partitions of a queue, chosen by the tenant. */
export const duePartition = (queue: DueQueue, shard: number) =>
  crossTenantPartition('DUE', 'AGENTACTION', queue, String(shard));
export const DUE_QUEUE_SHARDS = DUE_SHARDS;
const dueSortKey = (at: string, tenantId: string, id: string) => `${at}#${tenantId}#${id}`;

export const agentActionKeys = (store: Store) => ({
  action: (id: string) => store.keys.entity('AGENTACTION', id),
  all: () => store.keys.collection('AGENTACTIONS'),
  byStatus: (status: AgentActionStatus) => store.keys.collection('AGENTACTIONS', 'STATUS', status),
  byPatient: (patientId: string) => store.keys.collection('AGENTACTIONS', 'PATIENT', patientId),
  settings: () => store.keys.entity('AGENTACTIONSETTINGS', 'current'),
});

/** Where an action waits in gsi5, by status: pending until it expires, approved until executed. */
export function dueAttributes(
  record: Pick<AgentActionRecord, 'tenantId' | 'id'>,
  due: { queue: DueQueue; at: string } | null,
): Record<string, string> {
  if (!due) return {};
  return {
    gsi5pk: duePartition(due.queue, dueShard(record.tenantId)),
    gsi5sk: dueSortKey(due.at, record.tenantId, record.id),
  };
}

export function newActionItem(
  store: Store,
  a: AgentActionRecord,
  due: { queue: DueQueue; at: string },
): Item {
  const keys = agentActionKeys(store);
  const sk = `${a.createdAt}#${a.id}`;
  return AgentActionRecord.item(a, {
    ...keys.action(a.id),
    gsi1pk: keys.all(),
    gsi1sk: sk,
    gsi2pk: keys.byStatus(a.status),
    gsi2sk: sk,
    gsi3pk: keys.byPatient(a.patientId),
    gsi3sk: sk,
    ...dueAttributes(a, due),
  });
}

/**
 * One state change of an action: new status (and its status list), the fields it sets, one
 * history entry appended, its place in gsi5 moved or removed, on the condition that the action is
 * still in the state the change was decided from.
 */
export function transitionUpdate(
  store: Store,
  action: Pick<AgentActionRecord, 'id' | 'tenantId'>,
  change: {
    from: AgentActionStatus;
    to: AgentActionStatus;
    set?: Record<string, unknown>;
    remove?: string[];
    history: HistoryEntry;
    due: { queue: DueQueue; at: string } | null;
    /** Extra condition, e.g. not expired yet, or unclaimed. */
    also?: Condition;
  },
) {
  const keys = agentActionKeys(store);
  const due = dueAttributes(action, change.due);
  return updateItem(
    keys.action(action.id),
    {
      set: { status: change.to, gsi2pk: keys.byStatus(change.to), ...change.set, ...due },
      append: { history: [change.history] },
      remove: [...(change.remove ?? []), ...(change.due ? [] : ['gsi5pk', 'gsi5sk'])],
    },
    {
      expression: `#status = :from${change.also ? ` AND (${change.also.expression})` : ''}`,
      names: { '#status': 'status', ...change.also?.names },
      values: { ':from': change.from, ...change.also?.values },
    },
  );
}

export async function findAction(store: Store, id: string): Promise<AgentActionRecord | undefined> {
  const item = await store.get(agentActionKeys(store).action(id), { consistent: true });
  return item ? AgentActionRecord.read(item) : undefined;
}

export async function readSettings(store: Store): Promise<SettingsRecord> {
  const item = await store.get(agentActionKeys(store).settings(), { consistent: true });
  return item ? SettingsRecord.read(item) : { types: {} };
}

export function settingsItem(store: Store, settings: SettingsRecord): Item {
  return SettingsRecord.item(settings, agentActionKeys(store).settings());
}

/** A due entry of gsi5: which tenant's action, and the action as the index holds it. */
export interface DueEntry {
  tenantId: string;
  id: string;
}

/**
 * The entries of a gsi5 queue due at or before `now`, across tenants, shard by shard, oldest first
 * within a shard, a page at a time with DynamoDB's continuation: entries handled (or left for
 * later) never make the job read the same page again, and entries that keep failing cannot stall
 * the ones behind them. The cost follows what is due, not how many actions or tenants exist.
 */
export async function* dueEntries(
  stores: Stores,
  queue: DueQueue,
  now: Date,
  options: { pageSize: number; maxPages: number },
): AsyncGenerator<DueEntry[]> {
  for (let shard = 0; shard < DUE_QUEUE_SHARDS; shard++) {
    const pages = stores.global.queryEach(
      {
        index: 'gsi5',
        partition: duePartition(queue, shard),
        range: { between: ['0', `${now.toISOString()}#~`] },
      },
      options,
    );
    for await (const items of pages)
      yield items.map((item) => ({ tenantId: String(item.tenantId), id: String(item.id) }));
  }
}
