/**
 * The single table, declared once. The CDK table and the table the local runtime and the tests
 * create are both built from this object, so they cannot drift.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    // Collections: every entity list of a tenant, in creation or time order.
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // Secondary lookups: name prefixes, by-doctor and by-patient views.
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Tertiary lookups: phone prefixes, by-status views.
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    // Reverse lookups: phone numbers by their last digits.
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    // Due work across tenants (sparse): what a scheduled job must handle at or before an instant,
    // e.g. pending agent actions by expiry time. Its partitions are the cross-tenant ones declared
    // in keys.ts, queried only by the global store (a job), never by a tenant's request.
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk', crossTenant: true },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];

/** True for an index whose partitions span tenants (see CROSS_TENANT_PARTITIONS in keys.ts). */
export function isCrossTenantIndex(name: IndexName): boolean {
  const index = indexSpec(name);
  return 'crossTenant' in index && index.crossTenant === true;
}

export function indexSpec(name: IndexName) {
  const index = TABLE.indexes.find((i) => i.name === name);
  if (!index) throw new Error(`Unknown index ${name}`);
  return index;
}
