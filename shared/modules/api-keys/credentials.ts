/** What the authorizer reads of an API key, without the schemas (see kernel/projection.ts). */
import { projection } from '../../kernel/projection';
import { recordLastUse } from '../../kernel/store/last-use';
import type { Store, Stores } from '../../kernel/store/store';
import { apiKeyKeys, hashKey } from './keys';
import type { ApiKeyRecord, HashLookup } from './store';

type Lookup = ReturnType<typeof HashLookup.read>;
// Pure: a bundle that takes only `noteKeyUse` (every REST function) leaves them out.
const LookupCredential = /* @__PURE__ */ projection<Lookup>()('ApiKeyLookup', [
  'tenantId',
  'keyId',
]);
const KeyCredential = /* @__PURE__ */ projection<ApiKeyRecord>()('ApiKey', [
  'id',
  'name',
  'status',
  'hash',
  'scopes',
]);

/** The tenant and key id a secret's hash names, from its global lookup item. */
export async function findKeyLookup(stores: Stores, hash: string) {
  const item = await stores.global.get(hashKey(hash));
  return item ? LookupCredential.read(item) : undefined;
}

/**
 * "Last used" of a key (the API keys and connected-agents pages): the time of the last call made
 * with it over REST, MCP or A2A, to the minute (kernel/store/last-use.ts).
 */
export function noteKeyUse(store: Store, keyId: string, now: Date): Promise<void> {
  return recordLastUse(store, apiKeyKeys(store).key(keyId), now);
}

export async function findKeyCredential(store: Store, id: string) {
  const item = await store.get(apiKeyKeys(store).key(id));
  return item ? KeyCredential.read(item) : undefined;
}
