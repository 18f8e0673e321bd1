/**
 * Every item of one tenant, a page at a time, for the hospital's data export
 * (shared/modules/tenants/export.ts; docs/operations.md "Offboarding a hospital"). A tenant's items
 * live in many partitions (`TENANT#<t>` and `TENANT#<t>#…`, one per entity) that no index lists,
 * so this is a Scan of the whole table keeping only the tenant's partitions, never a global
 * lookup. A Scan reads, and is billed for, every tenant's items: each call evaluates up to
 * `evaluate` items, at most `rounds` calls a page. When a call finds more of the tenant's items
 * than the page still has room for, the page ends at the last item kept and the cursor resumes
 * right after it (a Scan resumes after any item's key), so no item is skipped or repeated. A page
 * may hold fewer items than `limit` (even none) and still have a next cursor. With `fits`, a page
 * also ends before the first item that does not fit (the export's page size in bytes); a page
 * always takes its first item.
 *
 * Its own module, not a Store method, so that only the export function carries it: no
 * request-serving function may Scan (lib/functions.ts, docs/decisions.md).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { InternalError } from '../errors';
import type { Page, PageRequest } from '../pagination';
import { documentClient, tableName } from './client';
import { decodeScanCursor, encodeScanCursor } from './cursor';
import { ownedByTenant } from './keys';
import { type Item, noticePatients, type Store } from './store';
import { TABLE } from './table';

export async function scanTenantPage(
  store: Store,
  page: PageRequest,
  options: {
    rounds: number;
    evaluate: number;
    /** A page's size limit besides `limit`: the items' sizes by `size` add up to `max` at most. */
    budget?: { size: (item: Item) => number; max: number };
    /** A partition of the tenant left out, with its own partitions (the export's own pages). */
    skip?: string;
  },
): Promise<Page<Item>> {
  const items: Item[] = [];
  let used = 0;
  const fits = (next: Item) => {
    if (items.length >= page.limit) return false;
    const size = options.budget?.size(next) ?? 0;
    if (items.length && options.budget && used + size > options.budget.max) return false;
    used += size;
    return true;
  };
  const tenantId = store.keys.tenantId;
  const root = store.keys.tenant.pk;
  const scope = `tenant:${tenantId}`;
  const skip = options.skip
    ? {
        expression: ' AND #pk <> :skip AND NOT begins_with(#pk, :skipPrefix)',
        values: { ':skip': options.skip, ':skipPrefix': `${options.skip}#` },
      }
    : { expression: '', values: {} };
  let startKey: Record<string, unknown> | undefined = decodeScanCursor(page.cursor, scope);
  const isSkipped = (item: Item) =>
    item.pk === options.skip || String(item.pk).startsWith(`${options.skip}#`);
  for (let round = 0; round < options.rounds && items.length < page.limit; round++) {
    store.roundTrips.count += 1;
    const res = await documentClient(tenantId).send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: `(#pk = :root OR begins_with(#pk, :prefix))${skip.expression}`,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':root': root, ':prefix': `${root}#`, ...skip.values },
        Limit: options.evaluate,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    const found = res.Items ?? [];
    // The filter is the isolation: each item is checked again, as the store checks every key.
    for (const item of found)
      if (!ownedByTenant(String(item.pk), tenantId) || (skip.expression && isSkipped(item)))
        throw new InternalError(`Export of tenant ${tenantId} met key ${String(item.pk)}`);
    let kept = 0;
    while (kept < found.length && fits(found[kept]!)) items.push(found[kept++]!);
    noticePatients(store.roundTrips, found.slice(0, kept));
    if (kept < found.length) {
      // The page is full: resume right after its last item (this round's, or the round's start).
      const last = found[kept - 1];
      if (last) startKey = { [TABLE.partitionKey]: last.pk, [TABLE.sortKey]: last.sk };
      break;
    }
    startKey = res.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { items, nextCursor: encodeScanCursor(startKey, scope) };
}
