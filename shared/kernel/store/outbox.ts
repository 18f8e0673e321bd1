/**
 * The outbox: an event a change causes is an item written in the change's own transaction
 * (`emit(ctx, event)`, kernel/effects.ts), so the change and its event commit together or not at
 * all. Publishing happens after the commit, twice over: the request that committed it publishes at
 * once (the fast path, through the publisher that shared/events/bus.ts registers here), and the
 * relay (shared/events/relay.ts, every minute) publishes whatever is still there when it falls
 * due, retrying with backoff. A published item is deleted. Delivery is therefore at least once:
 * consumers are idempotent.
 *
 * Pending items sit in the cross-tenant due index (gsi5) under one of OUTBOX_SHARDS partitions,
 * chosen by the tenant, so no single index key takes every tenant's events.
 */
import { createHash, randomUUID } from 'node:crypto';
import { crossTenantPartition, TenantKeys } from './keys';

/** An event as the bus takes it: who sends it, what it is, its JSON detail. */
export interface BusEvent {
  source: string;
  detailType: string;
  detail: Record<string, unknown>;
}

/** Publishes events; throws when any was not accepted. */
export type EventPublisher = (events: readonly BusEvent[]) => Promise<void>;

let publisher: EventPublisher | undefined;
let publisherReady: () => boolean = () => true;

/**
 * shared/events/bus.ts registers EventBridge's PutEvents here, with a test of whether this process
 * may reach the bus now (a function without the bus's permission has no bus name); without a ready
 * publisher only the relay publishes.
 */
export function useEventPublisher(
  p: EventPublisher | undefined,
  ready: () => boolean = () => true,
): void {
  publisher = p;
  publisherReady = ready;
}

export function eventPublisher(): EventPublisher | undefined {
  return publisher && publisherReady() ? publisher : undefined;
}

/**
 * How long the relay leaves a new item to the fast path before it publishes it itself. Without a
 * publisher in this process (a function that may not reach the bus) the item is due at once.
 */
export const FAST_PATH_GRACE_MS = 60_000;

/** Due-index partitions of the outbox (and of every sharded due queue). */
export const DUE_SHARDS = 8;

/** The shard of a tenant: stable, so one tenant's due items stay in order within one partition. */
export function dueShard(tenantId: string): number {
  return createHash('sha256').update(tenantId).digest()[0]! % DUE_SHARDS;
}

/** `DUE#OUTBOX#3`: the due partition of a tenant's outbox items. */
export function outboxPartition(shard: number): string {
  return crossTenantPartition('DUE', 'OUTBOX', String(shard));
}

export function dueSortKey(at: string, tenantId: string, id: string): string {
  return `${at}#${tenantId}#${id}`;
}

/** An outbox item as stored. */
export interface OutboxRecord extends BusEvent {
  id: string;
  tenantId: string;
  createdAt: string;
  /** Publications that failed so far. */
  attempts: number;
  /** When the relay next publishes it. */
  dueAt: string;
}

/**
 * `TENANT#<t>#OUTBOX`: the tenant's own list of its outbox items (gsi1, oldest first), pending and
 * DEAD alike (the relay removes only the due index from a DEAD item): the system monitor counts
 * the backlog and the dead events of one hospital from it without reading the shared due index.
 */
export function outboxCollection(tenantId: string): string {
  return new TenantKeys(tenantId).collection('OUTBOX');
}

export function outboxKey(tenantId: string, id: string) {
  return new TenantKeys(tenantId).entity('OUTBOX', id);
}

/** The new outbox item for `event`, due after the fast path's grace (or at once without one). */
export function newOutboxItem(tenantId: string, event: BusEvent, now: Date): OutboxRecord {
  const grace = eventPublisher() ? FAST_PATH_GRACE_MS : 0;
  return {
    ...event,
    id: randomUUID(),
    tenantId,
    createdAt: now.toISOString(),
    attempts: 0,
    dueAt: new Date(now.getTime() + grace).toISOString(),
  };
}

export function outboxItem(record: OutboxRecord): Record<string, unknown> {
  return {
    ...outboxKey(record.tenantId, record.id),
    entity: 'OutboxEvent',
    ...record,
    gsi1pk: outboxCollection(record.tenantId),
    gsi1sk: `${record.createdAt}#${record.id}`,
    gsi5pk: outboxPartition(dueShard(record.tenantId)),
    gsi5sk: dueSortKey(record.dueAt, record.tenantId, record.id),
  };
}

export function readOutbox(item: Record<string, unknown>): OutboxRecord {
  return {
    id: String(item.id),
    tenantId: String(item.tenantId),
    source: String(item.source),
    detailType: String(item.detailType),
    detail: (item.detail ?? {}) as Record<string, unknown>,
    createdAt: String(item.createdAt),
    attempts: Number(item.attempts ?? 0),
    dueAt: String(item.dueAt),
  };
}
