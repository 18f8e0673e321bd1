/**
 * Backfill of the hospitals' place in the cross-tenant list (`DUE#HOSPITALS#<shard>`, gsi5; see
 * keys.ts `hospitalIndex`). Registration writes it since the scheduled notification triggers
 * landed; a hospital registered before has none, so the triggers never visited it (no reminders,
 * no escalations). The scheduled run (triggers-run.ts) calls this first: it finds the tenant items
 * without the entry with a Scan (nothing else lists every hospital) and gives each the entry
 * registration would have given it, from its own id and `createdAt`.
 *
 * Once per table: its progress item (BACKFILL_PROGRESS) records where the Scan stopped and, at
 * the end, that it is done; every later run reads that one item and stops. A run scans at most
 * `maxPages` pages and the next run goes on from there, so a large table is done over several
 * runs within the function's timeout. Each entry is written on the condition that the tenant
 * item exists and has no entry yet: running twice, or two runs at once, changes nothing more, and
 * an existing entry (its due time) is never overwritten.
 *
 * Not through the Store: a Scan crosses every tenant, and the progress item belongs to no tenant
 * and is no lookup (the Store refuses both). Only the cross-tenant notification-triggers function
 * runs it; its role is the only one allowed to Scan (lib/events-stack.ts, test/cdk/stack.test.ts).
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../kernel/store/client';
import { hospitalIndex } from './keys';

/** The backfill's progress item: outside every tenant's partitions and every lookup kind. */
export const BACKFILL_PROGRESS = { pk: 'BACKFILL#HOSPITALINDEX', sk: 'BACKFILL' } as const;

export interface BackfillOptions {
  /** Where progress is kept (tests give their own). */
  progress?: { pk: string; sk: string };
  /** Items a Scan page reads (before the filter). */
  pageSize?: number;
  /** Pages one run scans before it saves its place and stops. */
  maxPages?: number;
  now?: Date;
}

export interface BackfillReport {
  /** True once the whole table has been scanned (in this run or an earlier one). */
  done: boolean;
  /** Scan pages this run read (0 when an earlier run finished). */
  pages: number;
  /** Hospitals that got their entry in this run. */
  added: number;
}

const client = () => documentClient(null);
const conditionFailed = (err: unknown) =>
  (err as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** Gives every hospital without a `DUE#HOSPITALS` entry its entry; see the module comment. */
export async function backfillHospitalIndex(
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  const progressKey = options.progress ?? BACKFILL_PROGRESS;
  const { pageSize = 500, maxPages = 50 } = options;
  const TableName = tableName();
  const progress = (
    await client().send(new GetCommand({ TableName, Key: progressKey, ConsistentRead: true }))
  ).Item;
  if (progress?.done === true) return { done: true, pages: 0, added: 0 };

  let startKey = progress?.lastKey as Record<string, unknown> | undefined;
  const report: BackfillReport = { done: false, pages: 0, added: 0 };
  while (report.pages < maxPages) {
    const page = await client().send(
      new ScanCommand({
        TableName,
        Limit: pageSize,
        ExclusiveStartKey: startKey,
        FilterExpression:
          'sk = :tenant AND begins_with(pk, :prefix) AND attribute_not_exists(gsi5pk)',
        ExpressionAttributeValues: { ':tenant': 'TENANT', ':prefix': 'TENANT#' },
        ProjectionExpression: 'pk, #id, createdAt',
        ExpressionAttributeNames: { '#id': 'id' },
      }),
    );
    report.pages += 1;
    for (const item of page.Items ?? []) if (await addEntry(TableName, item)) report.added += 1;
    startKey = page.LastEvaluatedKey;
    if (!startKey) {
      report.done = true;
      break;
    }
  }
  await saveProgress(TableName, progressKey, report.done, startKey, options.now ?? new Date());
  return report;
}

/** The entry registration gives, on the condition that the hospital has none; false if it had. */
async function addEntry(TableName: string, item: Record<string, unknown>): Promise<boolean> {
  const { id, createdAt } = item;
  // A tenant item always has both; one without is not a hospital this code registered.
  if (typeof id !== 'string' || typeof createdAt !== 'string') return false;
  const entry = hospitalIndex(id, createdAt);
  try {
    await client().send(
      new UpdateCommand({
        TableName,
        Key: { pk: item.pk, sk: 'TENANT' },
        UpdateExpression: 'SET gsi5pk = :pk, gsi5sk = :sk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi5pk)',
        ExpressionAttributeValues: { ':pk': entry.gsi5pk, ':sk': entry.gsi5sk },
      }),
    );
    return true;
  } catch (err) {
    if (conditionFailed(err)) return false; // it has one: another run gave it, or registration
    throw err;
  }
}

/** Where the Scan stopped, or that it is done; a finished backfill is never marked unfinished. */
async function saveProgress(
  TableName: string,
  Key: { pk: string; sk: string },
  done: boolean,
  lastKey: Record<string, unknown> | undefined,
  now: Date,
): Promise<void> {
  try {
    await client().send(
      new PutCommand({
        TableName,
        Item: {
          ...Key,
          done,
          ...(lastKey && !done ? { lastKey } : {}),
          updatedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(#done) OR #done = :false',
        ExpressionAttributeNames: { '#done': 'done' },
        ExpressionAttributeValues: { ':false': false },
      }),
    );
  } catch (err) {
    if (!conditionFailed(err)) throw err;
  }
}
