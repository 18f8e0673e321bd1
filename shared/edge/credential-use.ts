import type { Principal } from '../auth/principal';
import type { Store } from '../kernel/store/store';
import { noteKeyUse } from '../modules/api-keys/credentials';
import type { Edge } from './pipeline';

/**
 * A call made with an API key or an OAuth access token is a use of that key or grant: its "Last
 * used" on the API keys and connected-agents pages (at most one write a minute per credential,
 * kernel/store/last-use.ts). REST, MCP and A2A call it once the credential is verified; MCP and
 * A2A, which accept OAuth tokens, pass oauth/credentials.ts's `noteGrantUse` (REST refuses them
 * and so carries no OAuth code). Bookkeeping: a failed write is logged, never the call's failure.
 */
export async function noteCredentialUse(
  edge: Edge,
  principal: Principal,
  noteGrantUse?: (store: Store, grantId: string, now: Date) => Promise<void>,
): Promise<void> {
  const { actor } = principal;
  const store = () => edge.stores.forTenant(principal.tenant.id);
  try {
    if (actor.kind === 'apiKey') await noteKeyUse(store(), actor.id, edge.now);
    else if (actor.kind === 'user' && actor.grant && noteGrantUse)
      await noteGrantUse(store(), actor.grant.id, edge.now);
  } catch (err) {
    edge.log.warn('credential use not recorded', { error: (err as Error).message });
  }
}
