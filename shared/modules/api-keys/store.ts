/**
 * Storage of API keys: the key item (listed newest first through gsi1) and its global hash lookup,
 * which the authorizer reads to find the key and its tenant from a presented secret. Only the
 * SHA-256 hash of a secret is ever stored.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { apiKeyKeys, hashKey } from './keys';
import { ApiKey } from './schemas';

export const ApiKeyRecord = defineRecord(
  'ApiKey',
  z.extend(ApiKey, { tenantId: z.string(), hash: z.string() }),
);
export type ApiKeyRecord = z.output<typeof ApiKeyRecord.schema>;

export const HashLookup = defineRecord(
  'ApiKeyLookup',
  z.strictObject({ tenantId: z.string(), keyId: z.string(), scopes: z.array(z.string()) }),
);
export { apiKeyKeys, hashKey };

export function apiKeyItem(store: Store, key: ApiKeyRecord): Item {
  const keys = apiKeyKeys(store);
  return ApiKeyRecord.item(key, {
    ...keys.key(key.id),
    gsi1pk: keys.all(),
    gsi1sk: sortKey(key.createdAt, key.id),
  });
}

export function hashLookupWrite(
  key: Pick<ApiKeyRecord, 'tenantId' | 'id' | 'scopes'>,
  hash: string,
): TxItem {
  return {
    Put: {
      Item: HashLookup.item(
        { tenantId: key.tenantId, keyId: key.id, scopes: key.scopes },
        hashKey(hash),
      ),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function findApiKey(store: Store, id: string, options: { consistent?: boolean } = {}) {
  const item = await store.get(apiKeyKeys(store).key(id), options);
  return item ? ApiKeyRecord.read(item) : undefined;
}
