import type { ApiKeyRecord, TenantRecord, UserRecord } from '../domain/identity/records';
import { getItem } from '../table/items';
import { keys } from '../table/keys';
import { hashApiKeySecret, hashesEqual, isApiKeySecret } from './api-key-secret';
import { verifyAccessToken } from './jwt';
import type { Principal } from './principal';
import { isScope } from './scopes';

function bearer(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

function tenantFields(t: TenantRecord) {
  return {
    tenantId: t.id,
    tenantSlug: t.slug,
    tenantName: t.name,
    tenantStatus: t.status,
    trialEndsAt: t.trialEndsAt,
    timezone: t.timezone,
  };
}

/**
 * Verifies a credential and returns who it belongs to, or null. The tenant always comes from the
 * verified credential (the JWT's claim re-checked against the user record, or the key record).
 */
export async function resolvePrincipal(
  authorization: string | undefined,
  now: Date,
): Promise<Principal | null> {
  const token = bearer(authorization);
  if (!token) return null;

  if (isApiKeySecret(token)) {
    const hash = hashApiKeySecret(token);
    const lookup = await getItem<{ tenantId: string; keyId: string; scopes: string[] }>(
      keys.apiKeyHash(hash),
    );
    if (!lookup) return null;
    const [key, tenant] = await Promise.all([
      getItem<ApiKeyRecord>(keys.apiKey(lookup.tenantId, lookup.keyId)),
      getItem<TenantRecord>(keys.tenant(lookup.tenantId)),
    ]);
    if (
      !key ||
      !tenant ||
      key.status !== 'active' ||
      !hashesEqual(key.hash, hash) ||
      tenant.status === 'SUSPENDED'
    )
      return null;
    return {
      type: 'apiKey',
      id: key.id,
      ...tenantFields(tenant),
      scopes: key.scopes.filter(isScope),
    };
  }

  const claims = await verifyAccessToken(token, now);
  if (!claims) return null;
  const [user, tenant] = await Promise.all([
    getItem<UserRecord>(keys.user(claims.tid, claims.sub)),
    getItem<TenantRecord>(keys.tenant(claims.tid)),
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
  return { type: 'user', id: user.id, ...tenantFields(tenant), role: user.role, scopes: [] };
}
