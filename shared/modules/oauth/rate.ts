/**
 * Abuse limits of the public OAuth endpoints (registration, token, revocation): a count per
 * minute, per source IP and per client, in a global item that expires with its minute. A client
 * that goes over is told `slow_down` with 429 and a Retry-After, before any other work.
 */
import type { Stores } from '../../kernel/store/store';
import { OAuthError } from './errors';
import { oauthKeys } from './keys';
import { epochSeconds } from './lifetimes';

/** Requests per minute for each bucket kind (docs/mcp-authorization.md, "Limits"). */
export const RATE_LIMITS = {
  'register-ip': 10,
  'token-ip': 60,
  'token-client': 30,
  /** Client ID metadata documents fetched from one host (cached answers do not count). */
  'metadata-host': 30,
} as const;
export type RateBucket = keyof typeof RATE_LIMITS;

/** Each limit may be set per deployment (e.g. clients behind one NAT address), never switched off. */
const LIMIT_SETTINGS: Record<RateBucket, string> = {
  'register-ip': 'OAUTH_REGISTER_PER_MINUTE',
  'token-ip': 'OAUTH_TOKEN_PER_MINUTE_PER_IP',
  'token-client': 'OAUTH_TOKEN_PER_MINUTE_PER_CLIENT',
  'metadata-host': 'OAUTH_METADATA_FETCH_PER_MINUTE_PER_HOST',
};

export function rateLimit(bucket: RateBucket): number {
  const set = Number(process.env[LIMIT_SETTINGS[bucket]]);
  return Number.isInteger(set) && set > 0 ? set : RATE_LIMITS[bucket];
}

/** Counts one request in the bucket's current minute; 429 `slow_down` when over its limit. */
export async function spendRate(
  stores: Stores,
  bucket: RateBucket,
  who: string,
  now: Date,
): Promise<void> {
  const minute = Math.floor(epochSeconds(now) / 60);
  const item = await stores.global.update({
    Key: oauthKeys.rate(`${bucket}#${who.slice(0, 200)}#${minute}`),
    UpdateExpression: 'ADD #n :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
    ExpressionAttributeNames: { '#n': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':ttl': (minute + 2) * 60 },
    ReturnValues: 'UPDATED_NEW',
  });
  const limit = rateLimit(bucket);
  if (Number(item?.count ?? 0) > limit)
    throw new OAuthError(
      'slow_down',
      `Too many requests (at most ${limit} a minute); try again in a minute`,
    );
}
