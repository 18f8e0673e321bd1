/**
 * The one module that builds keys. Every tenant-owned item's partition key starts with
 * `TENANT#<tenantId>`, so no query can reach another tenant's items by construction; module stores
 * build their keys through a `TenantKeys` bound to the context's tenant and never see another
 * tenant's id. Global lookup items (slug, e-mail, API-key hash, sign-in throttle) exist because
 * they must be found before the tenant is known; their kinds are listed once, in isolation.ts
 * (IAM's policies name them too).
 */
import { GLOBAL_LOOKUPS, type GlobalLookup } from './isolation';

export { AGENT_AUDIT_COLLECTION, GLOBAL_LOOKUPS, type GlobalLookup } from './isolation';

export type ItemKey = {
  pk: string;
  sk: string;
};

/** `SLUG#city-hospital` / `SLUG`. */
export function lookupKey(kind: GlobalLookup, value: string): ItemKey {
  return { pk: `${kind}#${value}`, sk: kind };
}

export function isGlobalLookupPk(pk: string): boolean {
  return GLOBAL_LOOKUPS.some((kind) => pk.startsWith(`${kind}#`));
}

/**
 * Partitions of the cross-tenant index (gsi5 in table.ts) that scheduled jobs read to find due
 * work in every hospital at once, so the job's cost follows the work due, not the number of
 * tenants. The items themselves stay under their tenant's partition key (and carry their
 * tenantId); only their index attributes name one of these partitions, and only the global store
 * may query them (store.ts).
 */
export const CROSS_TENANT_PARTITIONS = ['DUE'] as const;
export type CrossTenantPartition = (typeof CROSS_TENANT_PARTITIONS)[number];

/** `DUE#AGENTACTION#EXPIRY`: a cross-tenant index partition. */
export function crossTenantPartition(kind: CrossTenantPartition, ...parts: string[]): string {
  return [kind, ...parts].join('#');
}

export function isCrossTenantPartition(pk: string): boolean {
  return CROSS_TENANT_PARTITIONS.some((kind) => pk.startsWith(`${kind}#`));
}

const tenantPrefix = (tenantId: string) => `TENANT#${tenantId}`;

/** True when a partition value belongs to the tenant (its item, entities and collections). */
export function ownedByTenant(pk: string, tenantId: string): boolean {
  const prefix = tenantPrefix(tenantId);
  return pk === prefix || pk.startsWith(`${prefix}#`);
}

/** Joins sort-key parts, e.g. `2026-11-22T09:00:00.000Z#<id>`. */
export function sortKey(...parts: (string | number)[]): string {
  return parts.join('#');
}

/** Key builders bound to one tenant: the only way module stores name items. */
export class TenantKeys {
  constructor(readonly tenantId: string) {}

  /** The tenant's own item. */
  get tenant(): ItemKey {
    return { pk: tenantPrefix(this.tenantId), sk: 'TENANT' };
  }

  /** Partition of one entity: `TENANT#t#PATIENT#id`. */
  entityPk(type: string, id: string): string {
    return `${tenantPrefix(this.tenantId)}#${type}#${id}`;
  }

  /** An entity's main item. */
  entity(type: string, id: string): ItemKey {
    return { pk: this.entityPk(type, id), sk: type };
  }

  /** An item inside an entity's partition, e.g. a reading of an encounter: sk `VITALS#<at>#<id>`. */
  child(type: string, id: string, ...sortParts: (string | number)[]): ItemKey {
    return { pk: this.entityPk(type, id), sk: sortKey(...sortParts) };
  }

  /** Partition value of a tenant-wide collection index: `TENANT#t#PATIENTS`, `TENANT#t#APPTS#DOCTOR#d`. */
  collection(...parts: string[]): string {
    return [tenantPrefix(this.tenantId), ...parts].join('#');
  }

  /** Counters (MRN, queue tokens) live in their own items so increments never touch an entity. */
  counter(name: string): ItemKey {
    return { pk: `${tenantPrefix(this.tenantId)}#COUNTER#${name}`, sk: 'COUNTER' };
  }
}
