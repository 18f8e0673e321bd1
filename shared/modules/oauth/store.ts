/**
 * Storage of OAuth (docs/data-model.md):
 * - global lookups, found from what a client presents before the tenant is known: the client
 *   (`OAUTHCLIENT#<client_id>`), a pending authorization request (`OAUTHREQUEST#<id>`, 10 min),
 *   and the SHA-256 hashes of codes (`OAUTHCODE#…`, 60 s), access tokens (`OAUTHTOKEN#…`, 15 min)
 *   and refresh tokens (`OAUTHREFRESH#…`, 30 days); each carries `expiresAt` (the table's TTL,
 *   epoch seconds), and is also checked against the clock, since TTL deletes late;
 * - under the tenant: the grant (`OAUTHGRANT#<id>`), listed through gsi1 (`TENANT#t#OAUTHGRANTS`):
 *   which user let which client act with which scopes; revoking it stops every token of it.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, Stores } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { oauthKeys, tokenKey } from './keys';

const scopes = z.array(z.string());

export const ClientRecord = defineRecord(
  'OAuthClient',
  z.strictObject({
    clientId: z.string(),
    clientName: z.string(),
    redirectUris: z.array(z.string()),
    clientUri: z.optional(z.string()),
    /** What the client asked for at registration (informative; the consent decides). */
    scope: z.optional(z.string()),
    createdAt: z.string(),
    /**
     * A client known by its metadata document (client_id is its URL): when the cached copy goes
     * stale (epoch seconds; the table's TTL then deletes it) and the document is fetched again.
     */
    expiresAt: z.optional(z.number()),
  }),
);
export type ClientRecord = z.output<typeof ClientRecord.schema>;

export const RequestRecord = defineRecord(
  'OAuthRequest',
  z.strictObject({
    id: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    redirectUri: z.string(),
    state: z.optional(z.string()),
    codeChallenge: z.string(),
    scopes,
    resource: z.string(),
    issuer: z.string(),
    expiresAt: z.number(),
  }),
);
export type RequestRecord = z.output<typeof RequestRecord.schema>;

export const CodeRecord = defineRecord(
  'OAuthCode',
  z.strictObject({
    tenantId: z.string(),
    userId: z.string(),
    grantId: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    redirectUri: z.string(),
    codeChallenge: z.string(),
    scopes,
    resource: z.string(),
    status: z.enum(['issued', 'redeemed']),
    expiresAt: z.number(),
  }),
);
export type CodeRecord = z.output<typeof CodeRecord.schema>;

/** An access token's or a refresh token's lookup: whose grant it belongs to. */
export const TokenRecord = defineRecord(
  'OAuthToken',
  z.strictObject({
    kind: z.enum(['access', 'refresh']),
    tenantId: z.string(),
    userId: z.string(),
    grantId: z.string(),
    clientId: z.string(),
    scopes,
    resource: z.string(),
    /** Refresh tokens: `used` once rotated; a second use is a replay and revokes the grant. */
    status: z.enum(['active', 'used']),
    expiresAt: z.number(),
  }),
);
export type TokenRecord = z.output<typeof TokenRecord.schema>;

export const GrantRecord = defineRecord(
  'OAuthGrant',
  z.strictObject({
    id: z.string(),
    tenantId: z.string(),
    userId: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    scopes,
    resource: z.string(),
    status: z.enum(['active', 'revoked']),
    createdAt: z.string(),
    /**
     * The last MCP or A2A call made with one of its access tokens, to the minute
     * (credentials.ts `noteGrantUse`); absent until the first. Grants stored before this field
     * meant "last issued" kept that time here.
     */
    lastUsedAt: z.optional(z.string()),
    /** When a token of it was last issued (authorization or refresh): its refresh token's start. */
    tokensIssuedAt: z.optional(z.string()),
    revokedAt: z.optional(z.string()),
    /** Why: `user`, `admin`, `client` (RFC 7009), `replay` (a code or refresh token used twice). */
    revokedBecause: z.optional(z.string()),
  }),
);
export type GrantRecord = z.output<typeof GrantRecord.schema>;

export { oauthKeys, tokenKey };

export function grantItem(store: Store, grant: GrantRecord): Item {
  return GrantRecord.item(grant, {
    ...oauthKeys.grant(store, grant.id),
    gsi1pk: oauthKeys.grants(store),
    gsi1sk: sortKey(grant.createdAt, grant.id),
  });
}

export async function findClient(stores: Stores, clientId: string) {
  const item = await stores.global.get(oauthKeys.client(clientId));
  return item ? ClientRecord.read(item) : undefined;
}

export async function findGrant(store: Store, id: string, consistent = false) {
  const item = await store.get(oauthKeys.grant(store, id), { consistent });
  return item ? GrantRecord.read(item) : undefined;
}
