/**
 * Verifies a credential and says who it belongs to: the REST authorizer, and later the MCP
 * function, call this one function. The tenant always comes from the verified credential: the
 * JWT's claim re-checked against the user record, or the API key's record. It reads through the
 * modules' zod-free credential views (credentials.ts), so the authorizer bundles no schemas.
 */
import { isScope } from '../kernel/scopes';
import type { Stores } from '../kernel/store/store';
import { findKeyCredential, findKeyLookup } from '../modules/api-keys/credentials';
import { findTenantInfo } from '../modules/tenants/credentials';
import { findUserCredential } from '../modules/users/credentials';
import { hashApiKeySecret, hashesEqual, isApiKeySecret } from './api-key-secret';
import { verifyAccessToken } from './jwt';
import type { Principal } from './principal';

function bearer(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** The principal of an `Authorization: Bearer …` value, or null for anything that does not verify. */
export async function resolvePrincipal(
  stores: Stores,
  authorization: string | undefined,
  now: Date,
): Promise<Principal | null> {
  const token = bearer(authorization);
  if (!token) return null;

  if (isApiKeySecret(token)) {
    const hash = hashApiKeySecret(token);
    const lookup = await findKeyLookup(stores, hash);
    if (!lookup) return null;
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
    return { actor: { kind: 'apiKey', id: key.id, scopes: key.scopes.filter(isScope) }, tenant };
  }

  const claims = await verifyAccessToken(token, now);
  if (!claims) return null;
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
