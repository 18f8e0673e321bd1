/**
 * Tenant isolation below the code (docs/production.md, "Tenant isolation in IAM"). On AWS a
 * function that serves requests reaches a tenant's items only with that tenant's session
 * credentials: it assumes its own tenant role (`TENANT_ROLE_ARN`, lib/functions.ts) with the
 * session tag `tenant=<id>`, and the role's policy allows only the partition keys
 * `TENANT#${aws:PrincipalTag/tenant}…` (and the global lookups). A bug in a key builder that
 * named another hospital's partition would then be refused by DynamoDB itself, not only by the
 * store's guard.
 *
 * Credentials are cached per container and tenant and renewed a few minutes before they expire,
 * so a warm request pays nothing and the first request of a tenant in a container pays one
 * AssumeRole. Without `TENANT_ROLE_ARN` (the local runtime, the tests, the event functions that
 * work across tenants) the container's own credentials are used.
 */
import type { STSClient } from '@aws-sdk/nested-clients/sts';
import type { AwsCredentialIdentity } from '@aws-sdk/types';
import { region } from '../config';

import { TENANT_SESSION_TAG } from './isolation';

export { TENANT_SESSION_TAG };

/** Renew this long before expiry, so a request never starts with credentials about to lapse. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** One hour: the role's maximum session, and few AssumeRole calls per tenant and container. */
const SESSION_SECONDS = 3600;
/** Tenants whose credentials one container keeps; the least recently used go first. */
const MAX_TENANTS = 200;

/** The role to assume for tenant sessions, when this function is tenant-scoped. */
export const tenantRoleArn = (): string | undefined => process.env.TENANT_ROLE_ARN || undefined;

// The STS client loads on demand: only tenant-scoped functions on AWS use it, and at start it
// would add tens of KB to every function's bundle (npm run bundles).
const loadSts = () => import('@aws-sdk/nested-clients/sts');
let sts: STSClient | undefined;
const stsClient = async () => {
  const { STSClient } = await loadSts();
  sts ??= new STSClient({ region: region(), maxAttempts: 3 });
  return sts;
};

interface Cached {
  credentials: AwsCredentialIdentity;
  /** In flight: concurrent first requests of one tenant share one AssumeRole. */
  pending?: Promise<AwsCredentialIdentity>;
}
const cache = new Map<string, Cached>();

/** Session names are for CloudTrail: the tenant is readable there, within STS's character set. */
const sessionName = (tenantId: string) =>
  `tenant-${tenantId}`.replace(/[^\w+=,.@-]/g, '_').slice(0, 64);

async function assume(roleArn: string, tenantId: string): Promise<AwsCredentialIdentity> {
  const { AssumeRoleCommand } = await loadSts();
  const res = await (await stsClient()).send(
    new AssumeRoleCommand({
      RoleArn: roleArn,
      RoleSessionName: sessionName(tenantId),
      DurationSeconds: SESSION_SECONDS,
      Tags: [{ Key: TENANT_SESSION_TAG, Value: tenantId }],
    }),
  );
  const c = res.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration)
    throw new Error('STS AssumeRole answered without credentials');
  return {
    accessKeyId: c.AccessKeyId,
    secretAccessKey: c.SecretAccessKey,
    sessionToken: c.SessionToken,
    expiration: c.Expiration,
  };
}

const fresh = (c: AwsCredentialIdentity, now: number) =>
  c.expiration !== undefined && c.expiration.getTime() - RENEW_BEFORE_MS > now;

/**
 * The tenant's session credentials: from the cache while fresh, else one AssumeRole (shared by
 * concurrent callers). A failure is not cached: the next request tries again.
 */
export async function tenantCredentials(
  roleArn: string,
  tenantId: string,
): Promise<AwsCredentialIdentity> {
  const now = Date.now();
  const hit = cache.get(tenantId);
  if (hit && fresh(hit.credentials, now)) {
    cache.delete(tenantId);
    cache.set(tenantId, hit); // most recently used last
    return hit.credentials;
  }
  if (hit?.pending) return hit.pending;
  const pending = assume(roleArn, tenantId);
  const entry: Cached = hit ?? { credentials: { accessKeyId: '', secretAccessKey: '' } };
  entry.pending = pending;
  cache.set(tenantId, entry);
  try {
    entry.credentials = await pending;
    return entry.credentials;
  } catch (err) {
    if (!fresh(entry.credentials, now)) cache.delete(tenantId);
    throw err;
  } finally {
    delete entry.pending;
    while (cache.size > MAX_TENANTS) cache.delete(cache.keys().next().value!);
  }
}

/** A credential provider for one tenant, for an SDK client. */
export function tenantCredentialProvider(
  roleArn: string,
  tenantId: string,
): () => Promise<AwsCredentialIdentity> {
  return () => tenantCredentials(roleArn, tenantId);
}

/** Tests: forget every cached session (and the STS client, so a mock sees a new one). */
export function resetTenantCredentials(): void {
  cache.clear();
  sts = undefined;
}
