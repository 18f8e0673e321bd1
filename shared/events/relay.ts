/**
 * The outbox relay (kernel/store/outbox.ts): every minute it publishes the outbox items that fell
 * due in every hospital (those the committing request could not publish at once), deletes each
 * published item, and moves a failed one later with exponential backoff, so items that keep
 * failing leave the head of the queue instead of stalling it. An item that failed
 * MAX_PUBLISH_ATTEMPTS times is set aside as DEAD and logged as an error, which raises the relay's
 * CloudWatch alarm (lib/events-stack.ts).
 *
 * It reads each shard of the due partition with DynamoDB's continuation (never from the start
 * again), at most RELAY_PAGES pages of RELAY_PAGE_SIZE a shard per run; what is left waits a
 * minute. Two overlapping runs may both publish an item: delivery is at least once and consumers
 * are idempotent.
 */
import type { Logger } from '../kernel/log';
import { isConditionFailure } from '../kernel/store/conditions';
import {
  DUE_SHARDS,
  dueSortKey,
  type OutboxRecord,
  outboxKey,
  outboxPartition,
  readOutbox,
} from '../kernel/store/outbox';
import { Stores } from '../kernel/store/store';
import { updateItem } from '../kernel/store/update';
import { publishEvents } from './bus';

/** How often the relay runs (its schedule in lib/events-stack.ts and the local runtime). */
export const RELAY_RATE_MINUTES = 1;
/** Failed publications before an item is set aside as DEAD (about 8.5 hours of backoff). */
export const MAX_PUBLISH_ATTEMPTS = 10;
export const RELAY_PAGE_SIZE = 100;
export const RELAY_PAGES = 10;
/** The log message of an event set aside: the relay alarm's metric filter matches it. */
export const DEAD_EVENT_MESSAGE = 'outbox event dead';
/** The log message of a failed publication that will be retried (the failure metric). */
export const PUBLISH_FAILED_MESSAGE = 'outbox publish failed';

/** Wait before the n-th retry (n ≥ 1): 30 s, 1 min, 2 min, … capped at 2 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 2 * 60 * 60_000);
}

export interface RelayReport {
  published: number;
  retried: number;
  dead: number;
}

interface RelayEnv {
  now: () => Date;
  log: Logger;
}

/** One run of the relay over every shard. */
export async function relayOutbox(env: RelayEnv): Promise<RelayReport> {
  const report: RelayReport = { published: 0, retried: 0, dead: 0 };
  const stores = new Stores();
  const now = env.now();
  for (let shard = 0; shard < DUE_SHARDS; shard++) {
    const pages = stores.global.queryEach(
      {
        index: 'gsi5',
        partition: outboxPartition(shard),
        range: { between: ['0', `${now.toISOString()}#~`] },
      },
      { pageSize: RELAY_PAGE_SIZE, maxPages: RELAY_PAGES },
    );
    for await (const items of pages)
      for (const item of items) {
        const record = readOutbox(item);
        try {
          report[await relayOne(stores, record, env)] += 1;
        } catch (err) {
          env.log.error('outbox relay could not handle an item', {
            tenantId: record.tenantId,
            outboxId: record.id,
            error: (err as Error).message,
          });
        }
      }
  }
  return report;
}

async function relayOne(
  stores: Stores,
  record: OutboxRecord,
  env: RelayEnv,
): Promise<keyof RelayReport> {
  const store = stores.forTenant(record.tenantId);
  const key = outboxKey(record.tenantId, record.id);
  try {
    await publishEvents([record]);
  } catch (err) {
    const attempts = record.attempts + 1;
    const now = env.now();
    const dead = attempts >= MAX_PUBLISH_ATTEMPTS;
    const fields = {
      tenantId: record.tenantId,
      outboxId: record.id,
      detailType: record.detailType,
      attempts,
      error: (err as Error).message,
    };
    const dueAt = new Date(now.getTime() + backoffMs(attempts)).toISOString();
    try {
      await store.update(
        updateItem(
          key,
          dead
            ? {
                set: {
                  attempts,
                  status: 'DEAD',
                  deadAt: now.toISOString(),
                  lastError: fields.error,
                },
                remove: ['gsi5pk', 'gsi5sk'],
              }
            : {
                set: {
                  attempts,
                  dueAt,
                  gsi5sk: dueSortKey(dueAt, record.tenantId, record.id),
                  lastError: fields.error,
                },
              },
          // Another run handled it meanwhile: leave it to that run.
          {
            expression: 'attempts = :seen',
            values: { ':seen': record.attempts },
          },
        ),
      );
    } catch (updateErr) {
      if (isConditionFailure(updateErr)) return 'retried';
      throw updateErr;
    }
    if (dead) env.log.error(DEAD_EVENT_MESSAGE, fields);
    else env.log.warn(PUBLISH_FAILED_MESSAGE, { ...fields, retryAt: dueAt });
    return dead ? 'dead' : 'retried';
  }
  // Published: gone (a run or the fast path that deleted it first leaves nothing to delete).
  await store.delete({ Key: key });
  return 'published';
}
