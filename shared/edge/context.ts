/**
 * The edge's second and third steps, written once for every way in over HTTP (REST, MCP, A2A):
 * the tenant-header rule, then the operation's context from the verified principal.
 */
import type { Principal } from '../auth/principal';
import type { Context, ContextBase, PublicContext } from '../kernel/context';
import { publicContext, tenantContext } from '../kernel/context';
import { Forbidden, Invalid, Unauthenticated } from '../kernel/errors';

/**
 * With a user's session token, `x-tenant-id` is required and must name the token's tenant; with an
 * API key or an OAuth access token it may be left out, and must match when sent. It never selects data: the store is bound to the
 * credential's tenant.
 */
export function checkTenantHeader(principal: Principal, tenantHeader: string | undefined): void {
  // An OAuth access token names its hospital itself (the user consented in it); the clients that
  // hold one cannot be told to add a header, so only a user's own session token needs it.
  if (principal.actor.kind === 'user' && !principal.actor.grant && !tenantHeader) {
    throw new Unauthenticated(
      'x-tenant-id header is required when authenticating with a user token',
    );
  }
  if (tenantHeader && tenantHeader !== principal.tenant.id) {
    throw new Forbidden('x-tenant-id does not match the tenant of the credential');
  }
}

/**
 * The tenant-header rule at the agent endpoints that are OAuth protected resources (MCP, /a2a):
 * a user's session token without `x-tenant-id` is a present but incomplete credential, so a 400
 * that names the header, not a 401 that would send an OAuth-capable client into an authorization
 * flow that cannot help (issue 22 item 7). REST keeps its 401 (`checkTenantHeader`).
 */
export function checkAgentTenantHeader(principal: Principal, tenantHeader: string | undefined) {
  if (principal.actor.kind === 'user' && !principal.actor.grant && !tenantHeader)
    throw new Invalid('x-tenant-id header is required when authenticating with a user token');
  checkTenantHeader(principal, tenantHeader);
}

/** The verified principal, or 401 when there is none. */
export function requirePrincipal(principal: Principal | null, message?: string): Principal {
  if (!principal) throw new Unauthenticated(message);
  return principal;
}

/**
 * The context of an operation call: a public operation gets the caller (if any) and the global
 * stores; any other needs a verified principal that passes the tenant-header rule.
 */
export function contextFor(
  isPublic: boolean,
  principal: Principal | null,
  tenantHeader: string | undefined,
  base: ContextBase,
): Context | PublicContext {
  if (isPublic) return publicContext(base, principal?.actor);
  const caller = requirePrincipal(principal);
  checkTenantHeader(caller, tenantHeader);
  return tenantContext(base, caller.actor, caller.tenant);
}
