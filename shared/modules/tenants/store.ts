/**
 * Storage of hospitals: the tenant item (`TENANT#<id>`) and its global slug lookup, written
 * together at registration. The tenant item also counts the hospital's active API keys; the
 * api-keys module changes that count only through `activeApiKeyCount` below.
 */
import { defineRecord } from '../../kernel/records';
import type { Store, Stores, TxItem } from '../../kernel/store/store';
import { type UpdateSpec, updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { HOSPITAL_SHARDS, hospitalIndex, hospitalsPartition, slugKey } from './keys';
import { Tenant } from './schemas';

export const TenantRecord = defineRecord(
  'Tenant',
  z.extend(Tenant, { activeApiKeys: z.optional(z.number().check(z.int())) }),
);
export type TenantRecord = z.output<typeof TenantRecord.schema>;

export const SlugLookup = defineRecord('SlugLookup', z.strictObject({ tenantId: z.string() }));

/** The store's own tenant (a tenant-bound store reads only its own). */
export async function findTenant(store: Store): Promise<TenantRecord | undefined> {
  const item = await store.get(store.keys.tenant);
  return item ? TenantRecord.read(item) : undefined;
}

/** The slug lookup and the tenant item; position 0 fails when the slug is taken. */
export function newTenantWrites(store: Store, tenant: TenantRecord): TxItem[] {
  const NOT_EXISTS = 'attribute_not_exists(pk)';
  return [
    {
      name: 'slug',
      Put: {
        Item: SlugLookup.item({ tenantId: tenant.id }, slugKey(tenant.slug)),
        ConditionExpression: NOT_EXISTS,
      },
    },
    {
      name: 'tenant',
      Put: {
        Item: TenantRecord.item(tenant, {
          ...store.keys.tenant,
          ...hospitalIndex(tenant.id, tenant.createdAt),
        }),
        ConditionExpression: NOT_EXISTS,
      },
    },
  ];
}

/**
 * Counts an API key in or out of the tenant's active keys. Counting in is conditional on staying
 * within `max`, so concurrent creations cannot pass the limit; its failure is the caller's 409.
 */
export function activeApiKeyCount(store: Store, delta: 1 | -1, max?: number): TxItem {
  return {
    Update: {
      Key: store.keys.tenant,
      UpdateExpression: 'ADD activeApiKeys :delta',
      ...(max !== undefined
        ? {
            ConditionExpression:
              'attribute_exists(pk) AND (attribute_not_exists(activeApiKeys) OR activeApiKeys < :max)',
            ExpressionAttributeValues: { ':delta': delta, ':max': max },
          }
        : { ExpressionAttributeValues: { ':delta': delta } }),
    },
  };
}

/** What an administrator may change of the hospital (null: clear, back to the default). */
export interface TenantPatch {
  name?: string | undefined;
  country?: string | null | undefined;
  agentRateLimitPerMinute?: number | null | undefined;
}

/**
 * The update of the tenant item a patch makes (a single UpdateItem, or `{ Update: … }` in a
 * transaction: `PUT /settings` writes it with the other sections); the tenant must exist.
 */
export function tenantPatchUpdate(store: Store, patch: TenantPatch): UpdateSpec {
  const remove = [
    ...(patch.country === null ? ['country'] : []),
    ...(patch.agentRateLimitPerMinute === null ? ['agentRateLimitPerMinute'] : []),
  ];
  return updateItem(
    store.keys.tenant,
    {
      set: {
        name: patch.name,
        country: patch.country ?? undefined,
        agentRateLimitPerMinute: patch.agentRateLimitPerMinute ?? undefined,
      },
      ...(remove.length > 0 ? { remove } : {}),
    },
    { expression: 'attribute_exists(pk)' },
  );
}

/**
 * The ids of every hospital, shard by shard, from the cross-tenant index (keys.ts
 * hospitalsPartition): for scheduled jobs that visit each hospital. Only the global store may
 * query it.
 */
export async function* hospitalIds(
  stores: Stores,
  options: { pageSize: number; maxPages: number },
): AsyncGenerator<string> {
  for (let shard = 0; shard < HOSPITAL_SHARDS; shard++)
    for await (const items of stores.global.queryEach(
      { index: 'gsi5', partition: hospitalsPartition(shard) },
      options,
    ))
      for (const item of items) yield String(item.id);
}
