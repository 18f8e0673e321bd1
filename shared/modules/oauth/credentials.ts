/**
 * What the authenticator reads of an OAuth access token, without the schemas (kernel/projection.ts):
 * the token's lookup by its hash, then its grant, which revoking ends.
 */
import { projection } from '../../kernel/projection';
import { isConditionFailure } from '../../kernel/store/conditions';
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
 * with one of its access tokens, to the minute. The MCP and A2A functions call this after the
 * credential verified; a container writes a grant's time at most once a minute (so an agent's
 * burst of calls costs one write), only while the grant is active (a revoked grant keeps the time
 * of its last call). Issuing tokens is not a use (`tokensIssuedAt`).
 */
export const GRANT_USE_RESOLUTION_MS = 60_000;
const lastWritten = new Map<string, number>();

export async function noteGrantUse(store: Store, grantId: string, now: Date): Promise<void> {
  const at = now.getTime();
  const last = lastWritten.get(grantId);
  if (last !== undefined && at >= last && at - last < GRANT_USE_RESOLUTION_MS) return;
  if (lastWritten.size >= 10_000) lastWritten.clear();
  lastWritten.set(grantId, at);
  try {
    await store.update({
      Key: oauthKeys.grant(store, grantId),
      UpdateExpression: 'SET lastUsedAt = :now',
      // Never an earlier time over a later one (two containers), never on a revoked grant.
      ConditionExpression:
        '#status = :active AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':active': 'active' },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
