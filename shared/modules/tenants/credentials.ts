/** What the authorizer reads of a hospital, without the schemas (see kernel/projection.ts). */
import type { TenantInfo } from '../../kernel/context';
import { projection } from '../../kernel/projection';
import type { Store } from '../../kernel/store/store';
import type { TenantRecord } from './store';

const TenantCredential = projection<TenantRecord>()('Tenant', [
  'id',
  'slug',
  'name',
  'status',
  'trialEndsAt',
  'timezone',
  'country',
  'agentRateLimitPerMinute',
]);

/** The store's own hospital as a request context carries it, or undefined. */
export async function findTenantInfo(store: Store): Promise<TenantInfo | undefined> {
  const item = await store.get(store.keys.tenant);
  if (!item) return undefined;
  const t = TenantCredential.read(item);
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    status: t.status,
    trialEndsAt: t.trialEndsAt,
    timeZone: t.timezone,
    ...(t.country ? { country: t.country } : {}),
    ...(t.agentRateLimitPerMinute ? { agentRateLimitPerMinute: t.agentRateLimitPerMinute } : {}),
  };
}
