/** Keys of the api-keys module's items (no schemas: the authorizer reads through credentials.ts). */
import { lookupKey } from '../../kernel/store/keys';
import type { Store } from '../../kernel/store/store';

export const hashKey = (hash: string) => lookupKey('APIKEYHASH', hash);

export const apiKeyKeys = (store: Store) => ({
  key: (id: string) => store.keys.entity('APIKEY', id),
  all: () => store.keys.collection('APIKEYS'),
});
