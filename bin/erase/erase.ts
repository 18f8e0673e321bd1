/**
 * Erasing a hospital (docs/operations.md "Offboarding a hospital"): every item of the tenant is
 * deleted, found by a Scan of the whole table, since a tenant's items live in many partitions
 * (`TENANT#<t>` and `TENANT#<t>#…`, one per entity) that no index lists, and its global lookups
 * (slug, e-mail, API-key hash, OAuth codes and tokens) sit under their own keys naming the tenant
 * in `tenantId`. Deletes go 25 at a time (BatchWriteItem), retrying what DynamoDB leaves
 * unprocessed. An operator's tool, run with the operator's own credentials: no function role may
 * Scan, and the append-only audit partitions refuse deletes to every function (lib/table-grants.ts).
 */
import { BatchWriteCommand, type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '../../shared/kernel/store/table';

/** BatchWriteItem's limit of requests per call. */
const BATCH = 25;
const MAX_RETRIES = 8;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export interface EraseOptions {
  client: DynamoDBDocumentClient;
  table: string;
  tenantId: string;
  /** Progress lines. */
  log: (line: string) => void;
  /** Items a Scan call reads (of every tenant) before its matches are deleted. */
  scanPageSize?: number;
}

type Key = Record<string, unknown>;

async function deleteBatch(options: EraseOptions, keys: Key[]): Promise<void> {
  let pending = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt > MAX_RETRIES)
      throw new Error(`DynamoDB left ${pending.length} deletes unprocessed after retries`);
    if (attempt) await sleep(50 * 2 ** attempt);
    const res = await options.client.send(
      new BatchWriteCommand({ RequestItems: { [options.table]: pending } }),
    );
    pending = (res.UnprocessedItems?.[options.table] ?? []) as typeof pending;
  }
}

/** Deletes every item of the tenant; answers how many it deleted. */
export async function eraseTenant(options: EraseOptions): Promise<number> {
  const root = `TENANT#${options.tenantId}`;
  let deleted = 0;
  let scanned = 0;
  let startKey: Key | undefined;
  do {
    const res = await options.client.send(
      new ScanCommand({
        TableName: options.table,
        FilterExpression:
          '#pk = :root OR begins_with(#pk, :prefix) OR (#tenantId = :tenantId AND NOT begins_with(#pk, :tenants))',
        ExpressionAttributeNames: {
          '#pk': TABLE.partitionKey,
          '#sk': TABLE.sortKey,
          '#tenantId': 'tenantId',
        },
        ExpressionAttributeValues: {
          ':root': root,
          ':prefix': `${root}#`,
          ':tenantId': options.tenantId,
          ':tenants': 'TENANT#',
        },
        ProjectionExpression: '#pk, #sk',
        ConsistentRead: true,
        ...(options.scanPageSize ? { Limit: options.scanPageSize } : {}),
        ExclusiveStartKey: startKey,
      }),
    );
    const keys = res.Items ?? [];
    for (let i = 0; i < keys.length; i += BATCH)
      await deleteBatch(options, keys.slice(i, i + BATCH));
    deleted += keys.length;
    scanned += res.ScannedCount ?? 0;
    options.log(
      `scanned ${scanned} items of the table, deleted ${deleted} of tenant ${options.tenantId}`,
    );
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return deleted;
}
