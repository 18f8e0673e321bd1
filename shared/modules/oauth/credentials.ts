/**
 * What the authenticator reads of an OAuth access token, without the schemas (kernel/projection.ts):
 * the token's lookup by its hash, then its grant, which revoking ends.
 */
import { projection } from '../../kernel/projection';
import { recordLastUse } from '../../kernel/store/last-use';
import type { Store, Stores } from '../../kernel/store/store';
import { oauthKeys, tokenKey } from './keys';
import { epochSeconds } from './lifetimes';
import { hashSecret, isSecret } from './secrets';
import type { GrantRecord, TokenRecord } from './store';

const TokenCredential = projection<TokenRecord>()('OAuthToken', [
  'kind',
  'tenantId',
  'userId',
  'grantId',
  'clientId',
  'scopes',
  'resource',
  'expiresAt',
]);
const GrantCredential = projection<GrantRecord>()('OAuthGrant', ['id', 'status', 'userId']);

/** Whether a bearer value has the shape of an OAuth access token (hms_at_…). */
export const isAccessToken = (token: string) => isSecret('access', token);

/** The unexpired access token this value is, or undefined. */
export async function findAccessToken(stores: Stores, token: string, now: Date) {
  const item = await stores.global.get(tokenKey('access', hashSecret(token)));
  const found = item ? TokenCredential.read(item) : undefined;
  return found?.kind === 'access' && found.expiresAt > epochSeconds(now) ? found : undefined;
}

export async function findGrantCredential(store: Store, id: string) {
  const item = await store.get(oauthKeys.grant(store, id));
  return item ? GrantCredential.read(item) : undefined;
}

/**
 * "Last used" of a grant (the connected-agents page): the time of the last MCP or A2A call made
 * with one of its access tokens, to the minute (kernel/store/last-use.ts). Issuing tokens is not a
 * use (`tokensIssuedAt`).
 */
export function noteGrantUse(store: Store, grantId: string, now: Date): Promise<void> {
  return recordLastUse(store, oauthKeys.grant(store, grantId), now);
}
