/** Keys of the oauth module's items (no schemas: the authenticator reads through credentials.ts). */
import { type ItemKey, lookupKey } from '../../kernel/store/keys';
import type { Store } from '../../kernel/store/store';

export const oauthKeys = {
  client: (clientId: string) => lookupKey('OAUTHCLIENT', clientId),
  request: (id: string) => lookupKey('OAUTHREQUEST', id),
  code: (hash: string) => lookupKey('OAUTHCODE', hash),
  access: (hash: string) => lookupKey('OAUTHTOKEN', hash),
  refresh: (hash: string) => lookupKey('OAUTHREFRESH', hash),
  rate: (bucket: string) => lookupKey('OAUTHRATE', bucket),
  grant: (store: Store, id: string): ItemKey => store.keys.entity('OAUTHGRANT', id),
  grants: (store: Store) => store.keys.collection('OAUTHGRANTS'),
};

export const tokenKey = (kind: 'access' | 'refresh', hash: string) =>
  kind === 'access' ? oauthKeys.access(hash) : oauthKeys.refresh(hash);
