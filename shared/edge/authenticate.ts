/**
 * The first step of the edge: verify a credential and say who it belongs to. The REST authorizer
 * and the MCP function call the same code. The tenant always comes from the verified credential:
 * the JWT's claim re-checked against the user record, or the API key's record. It reads through
 * the modules' zod-free credential views (credentials.ts), so the authorizer bundles no schemas.
 * (It lives at the edge, not in shared/auth, so that shared/auth, which the modules use for
 * passwords, tokens and key secrets, imports no module: no auth ↔ modules cycle.)
 */
import { hashApiKeySecret, hashesEqual, isApiKeySecret } from '../auth/api-key-secret';
import { verifyAccessToken } from '../auth/jwt';
import { A2A_PATH } from '../auth/policy';
import type { Principal } from '../auth/principal';
import { isScope } from '../kernel/scopes';
import type { Stores } from '../kernel/store/store';
import { findKeyCredential, findKeyLookup } from '../modules/api-keys/credentials';
import { findAccessToken, findGrantCredential, isAccessToken } from '../modules/oauth/credentials';
import { findTenantInfo } from '../modules/tenants/credentials';
import { findUserCredential } from '../modules/users/credentials';
import type { Edge } from './pipeline';

/**
 * The token of an `Authorization: Bearer <token>` value. The scheme is case-insensitive and
 * surrounding spaces do not matter (RFC 7235), so `bearer`, `BEARER` and extra spaces name the
 * same credential: everything keyed by a credential (the verified cache, the rate limit) is keyed
 * by what the token verifies as, never by the header's spelling.
 */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** Whose credential a bearer value is, as far as the first step of its verification tells. */
export interface CredentialRef {
  kind: 'apiKey' | 'user';
  id: string;
  tenantId: string;
}

/**
 * The resource indicators (RFC 8707) a way in answers to: an OAuth access token is accepted only
 * where its audience is one of them (the MCP server; /a2a). Ways in that give none (the REST
 * authorizer) refuse every OAuth token, so a token obtained for an agent is useless at the API.
 */
export type Audience = readonly string[];

export { A2A_PATH };

/**
 * The resource indicator (RFC 8707) of the A2A endpoint reached at `apiBaseUrl` (the API's URL as
 * the client reaches it, with the stage when there is one): `<api-url>/a2a`, the agent card's `url`.
 */
export const a2aResource = (apiBaseUrl: string) => `${apiBaseUrl.replace(/\/+$/, '')}${A2A_PATH}`;

/** Whether a bearer value is an OAuth access token (which only the agent endpoints accept). */
export const isOAuthAccessToken = (authorization: string | undefined) => {
  const token = bearerToken(authorization);
  return token !== null && isAccessToken(token);
};

/**
 * The principal of an `Authorization: Bearer …` value, or null for anything that does not verify.
 * `identified` hears of the credential once its first step passed (the key's hash lookup exists,
 * which revoking removes; the token's signature holds), right before the reads that finish the
 * verification (the key or user, and the tenant), so a caller can start work keyed by the
 * credential alongside them; a random or forged value never gets that far.
 */
export async function resolvePrincipal(
  stores: Stores,
  authorization: string | undefined,
  now: Date,
  identified?: (credential: CredentialRef) => void,
  audience: Audience = [],
): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;

  if (isAccessToken(token)) return resolveAccessToken(stores, token, now, identified, audience);

  if (isApiKeySecret(token)) {
    const hash = hashApiKeySecret(token);
    const lookup = await findKeyLookup(stores, hash);
    if (!lookup) return null;
    identified?.({ kind: 'apiKey', id: lookup.keyId, tenantId: lookup.tenantId });
    const store = stores.forTenant(lookup.tenantId);
    const [key, tenant] = await Promise.all([
      findKeyCredential(store, lookup.keyId),
      findTenantInfo(store),
    ]);
    if (
      !key ||
      !tenant ||
      key.status !== 'active' ||
      !hashesEqual(key.hash, hash) ||
      tenant.status === 'SUSPENDED'
    ) {
      return null;
    }
    return {
      actor: {
        kind: 'apiKey',
        id: key.id,
        scopes: key.scopes.filter(isScope),
        ...(key.name ? { name: key.name } : {}),
      },
      tenant,
    };
  }

  const claims = await verifyAccessToken(token, now);
  if (!claims) return null;
  identified?.({ kind: 'user', id: claims.sub, tenantId: claims.tid });
  const store = stores.forTenant(claims.tid);
  const [user, tenant] = await Promise.all([
    findUserCredential(store, claims.sub),
    findTenantInfo(store),
  ]);
  // A deactivated or deleted user's token stops working; the role is the current one, not the token's.
  if (
    !user ||
    !tenant ||
    !user.active ||
    user.tenantId !== claims.tid ||
    tenant.status === 'SUSPENDED'
  )
    return null;
  return { actor: { kind: 'user', id: user.id, role: user.role }, tenant };
}

/**
 * An OAuth access token (shared/modules/oauth): unexpired, for this audience, its grant still
 * active and its user's; the user active and the hospital not suspended. The user's current role
 * applies, narrowed by the grant's scopes (agents/scope.ts).
 */
async function resolveAccessToken(
  stores: Stores,
  token: string,
  now: Date,
  identified: ((credential: CredentialRef) => void) | undefined,
  audience: Audience,
): Promise<Principal | null> {
  const found = await findAccessToken(stores, token, now);
  if (!found || !audience.includes(found.resource)) return null;
  identified?.({ kind: 'user', id: found.userId, tenantId: found.tenantId });
  const store = stores.forTenant(found.tenantId);
  const [grant, user, tenant] = await Promise.all([
    findGrantCredential(store, found.grantId),
    findUserCredential(store, found.userId),
    findTenantInfo(store),
  ]);
  if (
    grant?.status !== 'active' ||
    grant.userId !== found.userId ||
    !user ||
    !user.active ||
    user.tenantId !== found.tenantId ||
    !tenant ||
    tenant.status === 'SUSPENDED'
  )
    return null;
  return {
    actor: {
      kind: 'user',
      id: user.id,
      role: user.role,
      grant: { id: found.grantId, clientId: found.clientId, scopes: found.scopes.filter(isScope) },
    },
    tenant,
  };
}

/**
 * Verified credentials of this container, for functions that verify credentials themselves (the
 * MCP Function URL has no API Gateway authorizer in front): kept for `cacheSeconds`, as API
 * Gateway keeps the authorizer's answer for REST, so a revoked key stops on every transport within
 * the same time. Off (0) in the local runtime: a revocation acts at once there. Keyed by a hash of
 * the token, never the header's spelling; a credential that does not verify is never kept. A
 * cached credential is not verified again, so `identified` is not called for it.
 */
export class VerifiedCredentials {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(private readonly max = 1000) {}

  async verify(
    stores: Stores,
    authorization: string | undefined,
    now: Date,
    cacheSeconds: number,
    identified?: (credential: CredentialRef) => void,
    audience: Audience = [],
  ): Promise<Principal | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    if (!(cacheSeconds > 0))
      return resolvePrincipal(stores, authorization, now, identified, audience);
    const key = hashApiKeySecret(token);
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.principal;
    const principal = await resolvePrincipal(stores, authorization, now, identified, audience);
    if (this.entries.size >= this.max) this.entries.clear();
    if (principal) this.entries.set(key, { principal, until: Date.now() + cacheSeconds * 1000 });
    else this.entries.delete(key);
    return principal;
  }
}

/**
 * The stable id of a verified credential, for what is counted or kept per credential (the agent
 * rate limit): the API key's id, or the user's id (every token of that user).
 */
export function credentialId(principal: Principal): string {
  return `${principal.actor.kind}:${principal.actor.id}`;
}

/** Credentials this container verified itself (no API Gateway authorizer in front). */
const verified = new VerifiedCredentials();

/**
 * Step 1 of the edge without an authorizer in front (the MCP Function URL): verifies a bearer
 * credential here, keeping verified credentials for `cacheSeconds` (as API Gateway keeps the
 * authorizer's answer; 0: never), and records who called on the request's log line.
 */
export async function authenticateAtEdge(
  edge: Edge,
  authorization: string | undefined,
  cacheSeconds = 0,
  identified?: (credential: CredentialRef) => void,
  audience: Audience = [],
): Promise<Principal | null> {
  return edge.identify(
    await verified.verify(edge.stores, authorization, edge.now, cacheSeconds, identified, audience),
  );
}
