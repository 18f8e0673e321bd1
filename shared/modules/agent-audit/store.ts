/**
 * Storage of the agent audit log. Records live in one partition per tenant, sorted by time
 * (`<at>#<id>`), and are copied into three index partitions, by capability (gsi1), by actor (gsi2)
 * and by outcome (gsi3), so that each filter is a Query on its own partition and a page is one
 * Query whatever the filters (the other filters apply as a FilterExpression).
 */
import { defineRecord } from '../../kernel/records';
import { AGENT_AUDIT_COLLECTION, sortKey } from '../../kernel/store/keys';
import type { QuerySpec, Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { AgentAuditRecord as AuditFields, type ListAuditInput } from './schemas';

export const AuditRecord = defineRecord(
  'AgentAudit',
  z.extend(AuditFields, { tenantId: z.string() }),
);
export type AuditRecord = z.output<typeof AuditRecord.schema>;

const auditKeys = (store: Store) => ({
  all: () => store.keys.collection(AGENT_AUDIT_COLLECTION),
  byCapability: (capability: string) =>
    store.keys.collection(AGENT_AUDIT_COLLECTION, 'CAP', capability),
  byActor: (actorId: string) => store.keys.collection(AGENT_AUDIT_COLLECTION, 'ACTOR', actorId),
  byOutcome: (outcome: string) => store.keys.collection(AGENT_AUDIT_COLLECTION, 'OUTCOME', outcome),
});

/** The record's item, with its three index entries. */
function auditItem(store: Store, record: AuditRecord) {
  const keys = auditKeys(store);
  const sk = sortKey(record.at, record.id);
  return AuditRecord.item(record, {
    pk: keys.all(),
    sk,
    gsi1pk: keys.byCapability(record.capability),
    gsi1sk: sk,
    gsi2pk: keys.byActor(record.actorId),
    gsi2sk: sk,
    gsi3pk: keys.byOutcome(record.outcome),
    gsi3sk: sk,
  });
}

/**
 * One write per call. A new record must not exist yet; `replace` overwrites the record of the same
 * call (a change that committed with its record, after which the call still failed).
 */
export async function putAuditRecord(
  store: Store,
  record: AuditRecord,
  options: { replace?: boolean } = {},
): Promise<void> {
  await store.put({
    Item: auditItem(store, record),
    ...(options.replace ? {} : { ConditionExpression: 'attribute_not_exists(pk)' }),
  });
}

/** The record as a write of a transaction: to ride along with the change it records. */
export function auditRecordWrite(store: Store, record: AuditRecord): TxItem {
  return {
    name: 'audit',
    Put: { Item: auditItem(store, record), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/**
 * The Query of one page: the most selective filter picks the partition (capability, then actor,
 * then outcome, else the whole log), the time range is the sort-key range, the other filters a
 * FilterExpression. Newest first.
 */
export function auditQuery(store: Store, input: ListAuditInput): QuerySpec {
  const keys = auditKeys(store);
  const filters: [string, string, string | undefined][] = [
    ['capability', 'capability', input.capability],
    ['actorId', 'actor', input.actor],
    ['outcome', 'outcome', input.outcome],
  ];
  let partition: Pick<QuerySpec, 'index' | 'partition'>;
  let used: string;
  if (input.capability) {
    partition = { index: 'gsi1', partition: keys.byCapability(input.capability) };
    used = 'capability';
  } else if (input.actor) {
    partition = { index: 'gsi2', partition: keys.byActor(input.actor) };
    used = 'actorId';
  } else if (input.outcome) {
    partition = { index: 'gsi3', partition: keys.byOutcome(input.outcome) };
    used = 'outcome';
  } else {
    partition = { partition: keys.all() };
    used = '';
  }
  const rest = filters.filter(([field, , value]) => value !== undefined && field !== used);
  const from = input.from ? new Date(input.from).toISOString() : '0000';
  const to = input.to ? `${new Date(input.to).toISOString()}#\uffff` : '9999';
  return {
    ...partition,
    ...(input.from || input.to ? { range: { between: [from, to] as [string, string] } } : {}),
    ...(rest.length > 0
      ? {
          filter: {
            expression: rest.map(([field]) => `#f_${field} = :f_${field}`).join(' AND '),
            names: Object.fromEntries(rest.map(([field]) => [`#f_${field}`, field])),
            values: Object.fromEntries(rest.map(([field, , value]) => [`:f_${field}`, value])),
          },
        }
      : {}),
    newestFirst: true,
  };
}
