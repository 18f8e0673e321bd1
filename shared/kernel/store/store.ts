/**
 * Table access for one request, bound to one tenant. Services never hold a DynamoDB client: they
 * get a Store from their context, name items with its `keys` (bound to the same tenant), and every
 * key a Store touches is checked to be the tenant's own or a global lookup, so a bug cannot read
 * or write another hospital's items. Each Store counts its round trips to DynamoDB (the request
 * log reports them; tests pin them per operation).
 */
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
import { failedConditions, isTransactionConflict } from './conditions';
import { type CursorBinding, decodeCursor, encodeCursor, type KeyRange } from './cursor';
import {
  type ItemKey,
  isCrossTenantPartition,
  isGlobalLookupPk,
  ownedByTenant,
  TenantKeys,
} from './keys';
import { type IndexName, indexSpec, isCrossTenantIndex, TABLE } from './table';

/** A stored item as DynamoDB returns it. Modules read it through their record definitions. */
export type Item = Record<string, unknown>;

type WithoutTable<T> = Omit<T, 'TableName'>;
type RawTxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One write of a transaction, without `TableName` (the store adds it). */
export type TxItem =
  | { Put: WithoutTable<NonNullable<RawTxItem['Put']>> }
  | { Update: WithoutTable<NonNullable<RawTxItem['Update']>> }
  | { Delete: WithoutTable<NonNullable<RawTxItem['Delete']>> }
  | { ConditionCheck: WithoutTable<NonNullable<RawTxItem['ConditionCheck']>> };

export type PutInput = WithoutTable<PutCommandInput>;
export type UpdateInput = WithoutTable<UpdateCommandInput>;
export type DeleteInput = WithoutTable<DeleteCommandInput>;

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
}

const TRANSACT_ATTEMPTS = 5;
const GAP_FREE_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export class Store {
  private readonly tenantKeys: TenantKeys | null;

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

  private async send<T>(command: { input: unknown }): Promise<T> {
    this.roundTrips.count += 1;
    // biome-ignore lint/suspicious/noExplicitAny: the document client's send is overloaded per command
    return (await documentClient().send(command as any)) as T;
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
    return res.Item;
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
    this.guard(input.Item?.pk);
    await this.send(new PutCommand({ ...input, TableName: tableName() }));
  }

  /** UpdateItem; answers the attributes `ReturnValues` asks for. */
  async update(input: UpdateInput): Promise<Item | undefined> {
    this.guard(input.Key?.pk);
    const res = await this.send<{ Attributes?: Item }>(
      new UpdateCommand({ ...input, TableName: tableName() }),
    );
    return res.Attributes;
  }

  async delete(input: DeleteInput): Promise<void> {
    this.guard(input.Key?.pk);
    await this.send(new DeleteCommand({ ...input, TableName: tableName() }));
  }

  private withTable(item: TxItem): RawTxItem {
    const TableName = tableName();
    if ('Put' in item) {
      this.guard(item.Put.Item?.pk);
      return { Put: { ...item.Put, TableName } };
    }
    if ('Update' in item) {
      this.guard(item.Update.Key?.pk);
      return { Update: { ...item.Update, TableName } };
    }
    if ('Delete' in item) {
      this.guard(item.Delete.Key?.pk);
      return { Delete: { ...item.Delete, TableName } };
    }
    this.guard(item.ConditionCheck.Key?.pk);
    return { ConditionCheck: { ...item.ConditionCheck, TableName } };
  }

  /**
   * The one way to write several items atomically. DynamoDB cancels a transaction that races
   * another on the same item with `TransactionConflict` (not a failed condition); it is retried
   * with jitter, and the retry then sees the winner's write and fails its condition, which the
   * caller turns into its own 409. Failed conditions are rethrown for the caller to interpret
   * (see failedConditions).
   */
  async transact(
    items: TxItem[],
    conflictMessage = 'Another change to the same record was in progress; try again',
  ): Promise<void> {
    const TransactItems = items.map((i) => this.withTable(i));
    for (let attempt = 1; ; attempt++) {
      try {
        await this.send(new TransactWriteCommand({ TransactItems }));
        return;
      } catch (err) {
        if (!isTransactionConflict(err)) throw err;
        if (attempt >= TRANSACT_ATTEMPTS) throw new Conflict(conflictMessage);
        await sleep(10 * attempt + Math.random() * 40);
      }
    }
  }

  /**
   * Atomically takes the next number of a counter item (1 on first use). Numbers are never
   * reused: a write that fails after taking one leaves a gap, which is normal for record numbers.
   * `expiresAt` (epoch seconds) lets DynamoDB TTL remove short-lived counters.
   */
  async nextCounterValue(key: ItemKey, options: { expiresAt?: number } = {}): Promise<number> {
    const attributes = await this.update({
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
   * conditions of the caller's own items are rethrown unchanged (their positions as given).
   */
  async withNextCounterValue(
    key: ItemKey,
    items: (n: number) => TxItem[],
    options: { expiresAt?: number } = {},
  ): Promise<number> {
    for (let attempt = 1; attempt <= GAP_FREE_ATTEMPTS; attempt++) {
      const last = Number((await this.get(key, { consistent: true }))?.value ?? 0);
      const own = items(last + 1);
      const counter: TxItem = {
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
        const failed = failedConditions(err);
        const onlyCounterRaced = failed?.length === 1 && failed[0] === own.length;
        if (!onlyCounterRaced) throw err;
        await sleep(Math.random() * 20 * attempt);
      }
    }
    throw new Conflict('Too many changes to the same counter at once; try again');
  }
}

/** The stores of one request: the global one, and one per tenant it reaches, sharing a count. */
export class Stores {
  readonly roundTrips = new RoundTrips();
  readonly global = new Store(null, this.roundTrips);

  forTenant(tenantId: string): Store {
    return new Store(tenantId, this.roundTrips);
  }
}
