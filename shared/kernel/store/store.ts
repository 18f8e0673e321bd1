/**
 * Table access for one request, bound to one tenant. Services never hold a DynamoDB client: they
 * get a Store from their context, name items with its `keys` (bound to the same tenant), and every
 * key a Store touches is checked to be the tenant's own or a global lookup, so a bug cannot read
 * or write another hospital's items. Each Store counts its round trips to DynamoDB (the request
 * log reports them; tests pin them per operation).
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DeleteCommandInput,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { Conflict, InternalError } from '../errors';
import type { Page, PageRequest } from '../pagination';
import { documentClient, tableName } from './client';
import {
  failedConditionNames,
  isConditionFailure,
  isTransactionConflict,
  nameItems,
} from './conditions';
import { type CursorBinding, decodeCursor, encodeCursor, type KeyRange } from './cursor';
import {
  type ItemKey,
  isCrossTenantPartition,
  isGlobalLookupPk,
  ownedByTenant,
  TenantKeys,
} from './keys';
import {
  type BusEvent,
  eventPublisher,
  newOutboxItem,
  type OutboxRecord,
  outboxItem,
  outboxKey,
} from './outbox';
import { type IndexName, indexSpec, isCrossTenantIndex, TABLE } from './table';

/** A stored item as DynamoDB returns it. Modules read it through their record definitions. */
export type Item = Record<string, unknown>;

type WithoutTable<T> = Omit<T, 'TableName'>;
type RawTxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * One write of a transaction, without `TableName` (the store adds it). `name` names its condition:
 * when the transaction is cancelled, `failedConditionNames(err)` / `conditionFailed(err, name)`
 * (conditions.ts) say which named conditions failed.
 */
export type TxItem = (
  | { Put: WithoutTable<NonNullable<RawTxItem['Put']>> }
  | { Update: WithoutTable<NonNullable<RawTxItem['Update']>> }
  | { Delete: WithoutTable<NonNullable<RawTxItem['Delete']>> }
  | { ConditionCheck: WithoutTable<NonNullable<RawTxItem['ConditionCheck']>> }
) & { name?: string };

/** `item` with its condition named, for `conditionFailed(err, name)` (conditions.ts). */
export function named(name: string, item: TxItem): TxItem {
  return { ...item, name };
}

/**
 * A write that rides along with the operation's next write (see `Store.alongside`): it commits in
 * the same transaction as the operation's effect, or not at all.
 */
export interface Rider {
  item: TxItem;
  /** Called once the transaction that carried it committed. */
  onCommit?: () => void;
  /** When the rider's own condition failed: the error to throw instead of the cancellation. */
  refusal?: () => Error;
}

/** Whatever can report trouble after the fact (the context's logger). */
interface Warner {
  warn(message: string, fields?: Record<string, unknown>): void;
}

export type PutInput = WithoutTable<PutCommandInput>;
export type UpdateInput = WithoutTable<UpdateCommandInput>;
export type DeleteInput = WithoutTable<DeleteCommandInput>;
type TxUpdate = WithoutTable<NonNullable<RawTxItem['Update']>>;
type TxDelete = WithoutTable<NonNullable<RawTxItem['Delete']>>;

/** A Query by key: the partition (of the table or an index), an optional sort-key range, a filter. */
export interface QuerySpec {
  index?: IndexName;
  partition: string;
  range?: KeyRange;
  /** Applied after the key condition: a page may then hold fewer than `limit` items. */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  newestFirst?: boolean;
  consistent?: boolean;
}

/** Round trips to DynamoDB made for one request (shared by the stores of that request). */
export class RoundTrips {
  count = 0;
  /**
   * The patients whose items the request's stores read or wrote, for each operation running now
   * (kernel/patient-access.ts `watchPatients`): the storage layer sees every patient item, so no
   * operation can touch one without it being put on record.
   */
  readonly patientWatchers = new Set<Set<string>>();
}

/** The patient an item belongs to: a patient's own item, or any item naming its `patientId`. */
function patientOfItem(item: Item | undefined): string | undefined {
  if (!item) return undefined;
  if (item.entity === 'Patient') return typeof item.id === 'string' ? item.id : undefined;
  // An access record names its patient but is no access of the patient's data.
  if (item.entity === 'PatientAccess') return undefined;
  return typeof item.patientId === 'string' && item.patientId ? item.patientId : undefined;
}

/** Tells the operations running now which patients' items passed through (see RoundTrips). */
export function noticePatients(roundTrips: RoundTrips, items: (Item | undefined)[]): void {
  if (!roundTrips.patientWatchers.size) return;
  for (const item of items) {
    const patientId = patientOfItem(item);
    if (patientId) for (const watcher of roundTrips.patientWatchers) watcher.add(patientId);
  }
}

const TRANSACT_ATTEMPTS = 5;
/**
 * A gap-free counter lets one writer in per round, so N writers at once need N rounds: bounded
 * by time, not by a count of attempts (a count of 8 refused some of fourteen invoices issued in
 * the same instant). Half a REST function's 10 s time limit, leaving the rest of the request room.
 */
const GAP_FREE_DEADLINE_MS = 5_000;
/** Longest pause between rounds: random below it, so the losers of a round do not collide again. */
const GAP_FREE_MAX_PAUSE_MS = 60;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

/** Partition-key attributes of the table and its indexes: every one a store writes is guarded. */
const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  TABLE.partitionKey,
  ...TABLE.indexes.map((i) => i.partitionKey),
]);
const CROSS_TENANT_KEY_ATTRIBUTES: ReadonlySet<string> = new Set(
  TABLE.indexes.filter((i) => 'crossTenant' in i && i.crossTenant).map((i) => i.partitionKey),
);

export class Store {
  private readonly tenantKeys: TenantKeys | null;
  /** Writes waiting to ride along with this store's next write (see `alongside`). */
  private pending: Rider[] = [];
  /** Outbox items this store's writes committed, for the fast path (see `settle`). */
  private committedEvents: OutboxRecord[] = [];

  constructor(
    /** null: the global store, which may touch global lookup items only. */
    readonly tenantId: string | null,
    readonly roundTrips: RoundTrips = new RoundTrips(),
  ) {
    this.tenantKeys = tenantId === null ? null : new TenantKeys(tenantId);
  }

  /** Key builders bound to this store's tenant (the global store has none). */
  get keys(): TenantKeys {
    if (!this.tenantKeys)
      throw new InternalError('The global store names global lookups only; it has no tenant keys');
    return this.tenantKeys;
  }

  /** Refuses any key that is neither this tenant's nor a global lookup: isolation as an invariant. */
  private guard(pk: unknown): void {
    const ok =
      typeof pk === 'string' &&
      (isGlobalLookupPk(pk) || (this.tenantId !== null && ownedByTenant(pk, this.tenantId)));
    if (!ok)
      throw new InternalError(
        `Store for tenant ${this.tenantId ?? '(none)'} refused key ${String(pk)}`,
      );
  }

  /**
   * Every partition-key attribute an item carries (pk, gsi1pk…) must be this tenant's or a global
   * lookup; only a cross-tenant index's attribute may name a cross-tenant partition (due work).
   */
  private guardItem(item: Record<string, unknown> | undefined): void {
    this.guard(item?.pk);
    for (const [attr, value] of Object.entries(item ?? {}))
      if (attr !== TABLE.partitionKey && KEY_ATTRIBUTES.has(attr)) this.guardIndexKey(attr, value);
  }

  private guardIndexKey(attr: string, value: unknown): void {
    if (
      typeof value === 'string' &&
      CROSS_TENANT_KEY_ATTRIBUTES.has(attr) &&
      isCrossTenantPartition(value)
    )
      return;
    this.guard(value);
  }

  /** An update's key and every partition-key attribute its SET assigns. */
  private guardUpdate(input: {
    Key?: Record<string, unknown> | undefined;
    UpdateExpression?: string | undefined;
    ExpressionAttributeNames?: Record<string, string> | undefined;
    ExpressionAttributeValues?: Record<string, unknown> | undefined;
  }): void {
    this.guard(input.Key?.pk);
    const names = input.ExpressionAttributeNames ?? {};
    for (const [, target, value] of (input.UpdateExpression ?? '').matchAll(
      /([#\w]+)\s*=\s*(:\w+)/g,
    )) {
      const attr = target!.startsWith('#') ? names[target!] : target!;
      if (attr && KEY_ATTRIBUTES.has(attr)) {
        if (attr === TABLE.partitionKey)
          throw new InternalError('An update may not change an item’s partition key');
        this.guardIndexKey(attr, input.ExpressionAttributeValues?.[value!]);
      }
    }
  }

  private async send<T>(command: { input: unknown }): Promise<T> {
    this.roundTrips.count += 1;
    // biome-ignore lint/suspicious/noExplicitAny: the document client's send is overloaded per command
    return (await documentClient(this.tenantId).send(command as any)) as T;
  }

  /** One item by key, or undefined. `consistent` where the read decides a conditional write. */
  async get(key: ItemKey, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
    this.guard(key.pk);
    const res = await this.send<{ Item?: Item }>(
      new GetCommand({
        TableName: tableName(),
        Key: key,
        ...(options.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    this.notice(res.Item);
    return res.Item;
  }

  /** Tells the operations running now which patients' items passed through (see RoundTrips). */
  private notice(...items: (Item | undefined)[]): void {
    noticePatients(this.roundTrips, items);
  }

  /**
   * A cross-tenant partition may be queried only on its cross-tenant index and only by the global
   * store (a scheduled job); it answers items of every tenant, which the job then handles each
   * through that tenant's own store.
   */
  private guardQuery(spec: QuerySpec): void {
    const crossTenantIndex = spec.index !== undefined && isCrossTenantIndex(spec.index);
    if (crossTenantIndex || isCrossTenantPartition(spec.partition)) {
      const ok =
        crossTenantIndex && isCrossTenantPartition(spec.partition) && this.tenantId === null;
      if (!ok)
        throw new InternalError(
          `Store for tenant ${this.tenantId ?? '(none)'} refused query of ${spec.index ?? 'table'} partition ${spec.partition}`,
        );
      return;
    }
    this.guard(spec.partition);
  }

  private queryInput(spec: QuerySpec): Omit<QueryCommandInput, 'TableName'> {
    this.guardQuery(spec);
    const attrs = spec.index
      ? indexSpec(spec.index)
      : { partitionKey: TABLE.partitionKey, sortKey: TABLE.sortKey };
    const names: Record<string, string> = { '#qpk': attrs.partitionKey, ...spec.filter?.names };
    const values: Record<string, unknown> = { ':qpk': spec.partition, ...spec.filter?.values };
    let condition = '#qpk = :qpk';
    if (spec.range) {
      names['#qsk'] = attrs.sortKey;
      if ('beginsWith' in spec.range) {
        condition += ' AND begins_with(#qsk, :qprefix)';
        values[':qprefix'] = spec.range.beginsWith;
      } else {
        condition += ' AND #qsk BETWEEN :qfrom AND :qto';
        values[':qfrom'] = spec.range.between[0];
        values[':qto'] = spec.range.between[1];
      }
    }
    return {
      ...(spec.index ? { IndexName: spec.index } : {}),
      KeyConditionExpression: condition,
      ...(spec.filter ? { FilterExpression: spec.filter.expression } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(spec.newestFirst ? { ScanIndexForward: false } : {}),
      ...(spec.consistent ? { ConsistentRead: true } : {}),
    };
  }

  /** Every page of a Query whose result is bounded by design (one encounter, one doctor's day). */
  async query(spec: QuerySpec): Promise<Item[]> {
    const input = this.queryInput(spec);
    const items: Item[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const res = await this.send<{ Items?: Item[]; LastEvaluatedKey?: Record<string, unknown> }>(
        new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
      );
      items.push(...(res.Items ?? []));
      this.notice(...(res.Items ?? []));
      startKey = res.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** One page of a Query, with a cursor bound to this very query (see cursor.ts). */
  async queryPage<T>(spec: QuerySpec, page: PageRequest, map: (item: Item) => T): Promise<Page<T>> {
    const binding: CursorBinding = {
      index: spec.index,
      partition: spec.partition,
      range: spec.range,
      filter: spec.filter ? { e: spec.filter.expression, v: spec.filter.values ?? {} } : undefined,
      newestFirst: spec.newestFirst === true,
    };
    const startKey = decodeCursor(page.cursor, binding);
    const res = await this.send<{ Items?: Item[]; LastEvaluatedKey?: Record<string, unknown> }>(
      new QueryCommand({
        ...this.queryInput(spec),
        TableName: tableName(),
        Limit: page.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    this.notice(...(res.Items ?? []));
    return {
      items: (res.Items ?? []).map(map),
      nextCursor: encodeCursor(res.LastEvaluatedKey, binding),
    };
  }

  /** Every item under one collection partition, a page at a time, in sort-key order. */
  collectionPage<T>(
    index: IndexName,
    partition: string,
    page: PageRequest,
    map: (item: Item) => T,
    options: { newestFirst?: boolean } = {},
  ): Promise<Page<T>> {
    return this.queryPage(
      { index, partition, ...(options.newestFirst ? { newestFirst: true } : {}) },
      page,
      map,
    );
  }

  async put(input: PutInput): Promise<void> {
    this.guardItem(input.Item);
    this.notice(input.Item);
    if (this.pending.length) return this.withRiders({ Put: input });
    await this.send(new PutCommand({ ...input, TableName: tableName() }));
  }

  /**
   * UpdateItem; answers the attributes `ReturnValues` asks for. With writes riding along it is a
   * transaction, which returns nothing: the item is then read back (consistently), so `ALL_NEW`
   * and `UPDATED_NEW` still answer the new values.
   */
  async update(input: UpdateInput): Promise<Item | undefined> {
    this.guardUpdate(input);
    if (this.pending.length) {
      const { ReturnValues, ...write } = input;
      if (ReturnValues === 'ALL_OLD' || ReturnValues === 'UPDATED_OLD')
        throw new InternalError(`An update with writes riding along cannot answer ${ReturnValues}`);
      await this.withRiders({ Update: write as TxUpdate });
      if (!ReturnValues || ReturnValues === 'NONE') return undefined;
      return this.get(input.Key as ItemKey, { consistent: true });
    }
    return this.updateAlone(input);
  }

  /** An update that never takes riders (counters: their gaps are harmless, they are no effect). */
  private async updateAlone(input: UpdateInput): Promise<Item | undefined> {
    this.guardUpdate(input);
    const res = await this.send<{ Attributes?: Item }>(
      new UpdateCommand({ ...input, TableName: tableName() }),
    );
    this.notice(res.Attributes);
    return res.Attributes;
  }

  async delete(input: DeleteInput): Promise<void> {
    this.guard(input.Key?.pk);
    if (this.pending.length) return this.withRiders({ Delete: input as TxDelete });
    await this.send(new DeleteCommand({ ...input, TableName: tableName() }));
  }

  /**
   * A single write turned into a transaction with the riders. Its own failed condition is
   * rethrown as a single write's (ConditionalCheckFailedException), so callers need not know.
   */
  private async withRiders(item: TxItem): Promise<void> {
    try {
      await this.transact([{ ...item, name: 'write' }]);
    } catch (err) {
      if (failedConditionNames(err)?.includes('write'))
        throw new ConditionalCheckFailedException({
          message: 'The conditional request failed',
          $metadata: {},
        });
      throw err;
    }
  }

  private withTable(item: TxItem): RawTxItem {
    const TableName = tableName();
    if ('Put' in item) {
      this.guardItem(item.Put.Item);
      this.notice(item.Put.Item);
      return { Put: { ...item.Put, TableName } };
    }
    if ('Update' in item) {
      this.guardUpdate(item.Update);
      return { Update: { ...item.Update, TableName } };
    }
    if ('Delete' in item) {
      this.guard(item.Delete.Key?.pk);
      return { Delete: { ...item.Delete, TableName } };
    }
    this.guard(item.ConditionCheck.Key?.pk);
    return { ConditionCheck: { ...item.ConditionCheck, TableName } };
  }

  // ─── Writes that ride along ───────────────────────────────────────────────────────────────

  /**
   * Registers writes that must commit with the operation's effect: they join this store's next
   * write (put, update, delete or transact, which then becomes one transaction) and commit with it
   * or not at all. A write that fails leaves them waiting for the next one (a retry carries them
   * again). What no write took is settled when the operation ends (`settle`): written on its own
   * when the operation succeeded, dropped when it failed. Counters never carry riders.
   *
   * Used for the outbox (`emit`), Idempotency-Key records, an executor's claim-conditional mark,
   * and any record that must exist exactly when the effect does (an agent tool's audit record).
   */
  alongside(...riders: (TxItem | Rider)[]): void {
    for (const r of riders) this.pending.push('item' in r ? r : { item: r });
  }

  /** Writes an outbox item for `event` in the same transaction as this store's next write. */
  emit(event: BusEvent, now: Date): void {
    if (this.tenantId === null)
      throw new InternalError('Events are emitted by a tenant’s store (the outbox is per tenant)');
    const record = newOutboxItem(this.tenantId, event, now);
    this.alongside({
      name: 'outbox',
      item: {
        name: 'outbox',
        Put: { Item: outboxItem(record), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      onCommit: () => this.committedEvents.push(record),
    });
  }

  /** True while writes wait to ride along. */
  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /**
   * Ends the operation's writes: on success, writes the riders no write took (in their own
   * transaction); on failure, drops them. Then publishes the events this store committed (the fast
   * path) and deletes each published outbox item; an event that cannot be published now stays for
   * the relay, so this never throws for it.
   */
  async settle(outcome: 'ok' | 'failed', log?: Warner): Promise<void> {
    const pending = this.pending;
    try {
      if (outcome === 'ok')
        for (let i = 0; i < pending.length; i += MAX_TRANSACTION_ITEMS)
          await this.transactWith([], pending.slice(i, i + MAX_TRANSACTION_ITEMS));
    } finally {
      this.pending = [];
      await this.publishCommitted(log);
    }
  }

  private async publishCommitted(log?: Warner): Promise<void> {
    const records = this.committedEvents.splice(0);
    const publish = eventPublisher();
    if (!records.length || !publish) return;
    for (const record of records) {
      try {
        await publish([record]);
        // Gone once published; an item the relay took meanwhile is gone already.
        await this.send(
          new DeleteCommand({ TableName: tableName(), Key: outboxKey(record.tenantId, record.id) }),
        );
      } catch (err) {
        log?.warn('event not published now; the outbox relay will publish it', {
          detailType: record.detailType,
          outboxId: record.id,
          error: (err as Error).message,
        });
      }
    }
  }

  /**
   * The one way to write several items atomically. DynamoDB cancels a transaction that races
   * another on the same item with `TransactionConflict` (not a failed condition); it is retried
   * with jitter, and the retry then sees the winner's write and fails its condition, which the
   * caller turns into its own 409. Failed conditions are rethrown for the caller to interpret
   * (see failedConditionNames and conditionFailed in conditions.ts).
   */
  async transact(
    items: TxItem[],
    conflictMessage = 'Another change to the same record was in progress; try again',
  ): Promise<void> {
    if (items.length + this.pending.length > MAX_TRANSACTION_ITEMS)
      throw new InternalError(
        `A transaction of ${items.length} items cannot take ${this.pending.length} riders (DynamoDB takes ${MAX_TRANSACTION_ITEMS})`,
      );
    await this.transactWith(items, this.pending.slice(), conflictMessage);
  }

  /**
   * Sends `items` plus `riders` as one transaction. On commit the riders leave the pending list
   * and hear of it; a cancellation is rethrown with the items' names attached, or, when a rider's
   * own condition failed, as that rider's refusal.
   */
  private async transactWith(
    items: TxItem[],
    riders: Rider[],
    conflictMessage = 'Another change to the same record was in progress; try again',
  ): Promise<void> {
    const all = [...items, ...riders.map((r) => r.item)];
    const names = all.map((item, i) => item.name ?? `#${i}`);
    const TransactItems = all.map((i) => {
      const { name: _name, ...write } = i;
      return this.withTable(write as TxItem);
    });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.send(new TransactWriteCommand({ TransactItems }));
        this.pending = this.pending.filter((r) => !riders.includes(r));
        for (const r of riders) r.onCommit?.();
        return;
      } catch (err) {
        if (isConditionFailure(err)) {
          nameItems(err, names);
          const failed = failedConditionNames(err) ?? [];
          const refused = riders.find(
            (r, i) => r.refusal && failed.includes(names[items.length + i]!),
          );
          if (refused?.refusal) throw refused.refusal();
          throw err;
        }
        if (!isTransactionConflict(err)) throw err;
        if (attempt >= TRANSACT_ATTEMPTS) throw new Conflict(conflictMessage);
        await sleep(10 * attempt + Math.random() * 40);
      }
    }
  }

  /**
   * The items of a Query, a page at a time, following DynamoDB's own continuation (not from the
   * start again), at most `maxPages` pages: for jobs that walk a due queue.
   */
  async *queryEach(
    spec: QuerySpec,
    options: { pageSize: number; maxPages: number },
  ): AsyncGenerator<Item[]> {
    const input = this.queryInput(spec);
    let startKey: Record<string, unknown> | undefined;
    for (let page = 0; page < options.maxPages; page++) {
      const res = await this.send<{ Items?: Item[]; LastEvaluatedKey?: Record<string, unknown> }>(
        new QueryCommand({
          ...input,
          TableName: tableName(),
          Limit: options.pageSize,
          ExclusiveStartKey: startKey,
        }),
      );
      if (res.Items?.length) yield res.Items;
      startKey = res.LastEvaluatedKey;
      if (!startKey) return;
    }
  }

  /**
   * Atomically takes the next number of a counter item (1 on first use). Numbers are never
   * reused: a write that fails after taking one leaves a gap, which is normal for record numbers.
   * `expiresAt` (epoch seconds) lets DynamoDB TTL remove short-lived counters.
   */
  async nextCounterValue(key: ItemKey, options: { expiresAt?: number } = {}): Promise<number> {
    const attributes = await this.updateAlone({
      Key: key,
      UpdateExpression: options.expiresAt
        ? 'ADD #value :one SET entity = :entity, expiresAt = :ttl'
        : 'ADD #value :one SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': 'Counter',
        ...(options.expiresAt ? { ':ttl': options.expiresAt } : {}),
      },
      ReturnValues: 'UPDATED_NEW',
    });
    return Number(attributes?.value);
  }

  /**
   * Takes the next number of a counter in the same transaction as the writes that use it, so a
   * write that fails takes no number: gap-free, for numbers people read out, such as queue tokens
   * (a double-clicked check-in must not skip one). Reads the counter, then commits `items(n)` with
   * "counter = n if it is still n − 1"; when another writer took n first, it reads again. Failed
   * conditions of the caller's own items are rethrown unchanged (their names as given).
   */
  async withNextCounterValue(
    key: ItemKey,
    items: (n: number) => TxItem[],
    options: { expiresAt?: number } = {},
  ): Promise<number> {
    const deadline = Date.now() + GAP_FREE_DEADLINE_MS;
    for (let attempt = 1; ; attempt++) {
      const last = Number((await this.get(key, { consistent: true }))?.value ?? 0);
      const own = items(last + 1);
      const counter: TxItem = {
        name: 'counter',
        Update: {
          Key: key,
          UpdateExpression: `SET #value = :next, entity = :entity${options.expiresAt ? ', expiresAt = :ttl' : ''}`,
          ConditionExpression: last === 0 ? 'attribute_not_exists(#value)' : '#value = :last',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: {
            ':next': last + 1,
            ':entity': 'Counter',
            ...(last === 0 ? {} : { ':last': last }),
            ...(options.expiresAt ? { ':ttl': options.expiresAt } : {}),
          },
        },
      };
      try {
        await this.transact([...own, counter]);
        return last + 1;
      } catch (err) {
        const failed = failedConditionNames(err);
        const onlyCounterRaced = failed?.length === 1 && failed[0] === 'counter';
        if (!onlyCounterRaced) throw err;
        if (Date.now() >= deadline)
          throw new Conflict('Too many changes to the same counter at once; try again');
        await sleep(Math.random() * Math.min(GAP_FREE_MAX_PAUSE_MS, 10 * attempt));
      }
    }
  }
}

/** The stores of one request: the global one, and one per tenant it reaches, sharing a count. */
export class Stores {
  readonly roundTrips = new RoundTrips();
  readonly global = new Store(null, this.roundTrips);
  private readonly made: Store[] = [this.global];

  forTenant(tenantId: string): Store {
    const store = new Store(tenantId, this.roundTrips);
    this.made.push(store);
    return store;
  }

  /** Settles every store of the request (Store.settle). */
  async settle(outcome: 'ok' | 'failed', log?: Warner): Promise<void> {
    for (const store of this.made) await store.settle(outcome, log);
  }
}
