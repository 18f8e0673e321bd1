/**
 * Every item of one tenant, a page at a time, for the hospital's data export
 * (shared/modules/tenants/export.ts; docs/operations.md "Offboarding a hospital"). A tenant's items
 * live in many partitions (`TENANT#<t>` and `TENANT#<t>#…`, one per entity) that no index lists,
 * so this is a Scan of the whole table keeping only the tenant's partitions, never a global
 * lookup. A Scan reads, and is billed for, every tenant's items: each call evaluates up to
 * `evaluate` items, at most `rounds` calls a page. When a call finds more of the tenant's items
 * than the page still has room for, the page ends at the last item kept and the cursor resumes
 * right after it (a Scan resumes after any item's key), so no item is skipped or repeated. A page
 * may hold fewer items than `limit` (even none) and still have a next cursor.
 *
 * Its own module, not a Store method, so that only the function serving the export carries it.
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
  options: { rounds: number; evaluate: number },
): Promise<Page<Item>> {
  const tenantId = store.keys.tenantId;
  const root = store.keys.tenant.pk;
  const scope = `tenant:${tenantId}`;
  let startKey: Record<string, unknown> | undefined = decodeScanCursor(page.cursor, scope);
  const items: Item[] = [];
  for (let round = 0; round < options.rounds && items.length < page.limit; round++) {
    store.roundTrips.count += 1;
    const res = await documentClient(tenantId).send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#pk = :root OR begins_with(#pk, :prefix)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':root': root, ':prefix': `${root}#` },
        Limit: options.evaluate,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    const found = res.Items ?? [];
    // The filter is the isolation: each item is checked again, as the store checks every key.
    for (const item of found)
      if (!ownedByTenant(String(item.pk), tenantId))
        throw new InternalError(`Export of tenant ${tenantId} met key ${String(item.pk)}`);
    const room = page.limit - items.length;
    const kept = found.slice(0, room);
    items.push(...kept);
    noticePatients(store.roundTrips, kept);
    const last = kept[room - 1];
    startKey =
      found.length > room
        ? { [TABLE.partitionKey]: last!.pk, [TABLE.sortKey]: last!.sk }
        : res.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { items, nextCursor: encodeScanCursor(startKey, scope) };
}
