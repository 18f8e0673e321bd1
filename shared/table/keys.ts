/**
 * The one module that builds keys. Every tenant-owned item's partition key starts with
 * `TENANT#<tenantId>#`, so no query can reach another tenant's items by construction.
 * Global lookup items (slug, e-mail, API-key hash, login throttle) exist because they must be
 * found before the tenant is known.
 */
export interface ItemKey {
  pk: string;
  sk: string;
}

const tenantPrefix = (tenantId: string) => `TENANT#${tenantId}`;

/** Partition of one entity of a tenant: `TENANT#t#PATIENT#id`. */
export function entityPk(tenantId: string, type: string, id: string): string {
  return `${tenantPrefix(tenantId)}#${type}#${id}`;
}

/** An entity's main item. */
export function entityKey(tenantId: string, type: string, id: string): ItemKey {
  return { pk: entityPk(tenantId, type, id), sk: type };
}

/** Partition key of a tenant-wide collection index entry: `TENANT#t#PATIENTS`, `TENANT#t#APPTS#DOCTOR#d`. */
export function collection(tenantId: string, ...parts: string[]): string {
  return [tenantPrefix(tenantId), ...parts].join('#');
}

/** Joins sort-key parts, e.g. `2026-11-22T09:00:00.000Z#<id>`. */
export function sortKey(...parts: (string | number)[]): string {
  return parts.join('#');
}

/** Counters (MRN, queue tokens) live in their own items so increments never touch an entity. */
export function counterKey(tenantId: string, name: string): ItemKey {
  return { pk: `${tenantPrefix(tenantId)}#COUNTER#${name}`, sk: 'COUNTER' };
}

export const keys = {
  tenant: (tenantId: string): ItemKey => ({ pk: tenantPrefix(tenantId), sk: 'TENANT' }),
  slug: (slug: string): ItemKey => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),
  email: (email: string): ItemKey => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  apiKeyHash: (hash: string): ItemKey => ({ pk: `APIKEYHASH#${hash}`, sk: 'APIKEYHASH' }),
  loginThrottle: (email: string): ItemKey => ({
    pk: `LOGINFAIL#${email.toLowerCase()}`,
    sk: 'LOGINFAIL',
  }),
  user: (tenantId: string, userId: string) => entityKey(tenantId, 'USER', userId),
  users: (tenantId: string) => collection(tenantId, 'USERS'),
  apiKey: (tenantId: string, keyId: string) => entityKey(tenantId, 'APIKEY', keyId),
  apiKeys: (tenantId: string) => collection(tenantId, 'APIKEYS'),
};
