/**
 * What IAM must know about the table's keys to enforce tenant isolation and append-only audit
 * below the code (lib/table-grants.ts reads these; the store and the key builders use the same
 * declarations). Declarations only: no client, no request code, so lib/ may import it.
 */

/** Items found before the tenant is known, each written in the same transaction as its owner. */
export const GLOBAL_LOOKUPS = [
  'SLUG',
  'EMAIL',
  'APIKEYHASH',
  'LOGINFAIL',
  // OAuth (shared/modules/oauth): registered clients, pending authorization requests, and the
  // hashes of codes and tokens, all found from what a client presents before the tenant is known.
  'OAUTHCLIENT',
  'OAUTHREQUEST',
  'OAUTHCODE',
  'OAUTHTOKEN',
  'OAUTHREFRESH',
  'OAUTHRATE',
] as const;
export type GlobalLookup = (typeof GLOBAL_LOOKUPS)[number];

/** The session tag IAM reads as `aws:PrincipalTag/tenant` (shared/kernel/store/tenant-credentials.ts). */
export const TENANT_SESSION_TAG = 'tenant';

/**
 * The collection that holds a tenant's agent audit records (`TENANT#<t>#AGENTAUDIT`). IAM refuses
 * changes to it by partition key (lib/table-grants.ts): records are appended, never updated or
 * deleted, and only the functions that run agent calls may append.
 */
export const AGENT_AUDIT_COLLECTION = 'AGENTAUDIT';

/**
 * The collection of a tenant's patient access records (`TENANT#<t>#PATIENTACCESS#<patientId>`,
 * shared/kernel/patient-access.ts): appended by every request-serving function, never updated or
 * deleted (IAM refuses both by partition key, lib/table-grants.ts).
 */
export const PATIENT_ACCESS_COLLECTION = 'PATIENTACCESS';
