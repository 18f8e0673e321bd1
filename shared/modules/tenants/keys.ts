/** Keys of the tenants module's items (the tenant item's own key is the kernel's `keys.tenant`). */
import { crossTenantPartition, lookupKey } from '../../kernel/store/keys';
import { DUE_SHARDS, dueShard, dueSortKey } from '../../kernel/store/outbox';

export const slugKey = (slug: string) => lookupKey('SLUG', slug);

/**
 * `DUE#HOSPITALS#3`: every hospital sits in one shard of this cross-tenant partition (gsi5) from
 * its registration, so a scheduled job that must look at each hospital (the notification
 * triggers) finds them with a Query per shard instead of a Scan.
 */
export const hospitalsPartition = (shard: number) =>
  crossTenantPartition('DUE', 'HOSPITALS', String(shard));

/** The tenant item's place among the hospitals (gsi5 attributes). */
export function hospitalIndex(tenantId: string, createdAt: string) {
  return {
    gsi5pk: hospitalsPartition(dueShard(tenantId)),
    gsi5sk: dueSortKey(createdAt, tenantId, tenantId),
  };
}

export const HOSPITAL_SHARDS = DUE_SHARDS;
