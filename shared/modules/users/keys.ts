/** Keys of the users module's items (no schemas: the authorizer reads through credentials.ts). */
import { type ItemKey, lookupKey } from '../../kernel/store/keys';
import type { Store } from '../../kernel/store/store';

export const emailKey = (address: string): ItemKey => lookupKey('EMAIL', address.toLowerCase());

export const userKeys = (store: Store) => ({
  user: (id: string) => store.keys.entity('USER', id),
  all: () => store.keys.collection('USERS'),
});
