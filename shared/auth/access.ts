import { Forbidden, Unauthorized } from '../http/errors';
import type { Access, HttpMethod } from '../http/route';
import type { Principal } from './principal';

/** True once a trial tenant's trial has run out. */
export function trialEnded(p: Pick<Principal, 'tenantStatus' | 'trialEndsAt'>, now: Date): boolean {
  return (
    p.tenantStatus === 'TRIAL' && p.trialEndsAt !== '' && now.getTime() >= Date.parse(p.trialEndsAt)
  );
}

/**
 * The per-route rule, applied inside the function after the authorizer has verified the
 * credential. Kept here (not in the authorizer) so the authorizer's policy can be cached across
 * methods: it only ever says "this credential is valid for this tenant".
 */
export function checkAccess(input: {
  access: Access;
  method: HttpMethod;
  principal: Principal | null;
  tenantHeader: string | undefined;
  now: Date;
}): void {
  const { access, principal, tenantHeader } = input;
  if (access.public) return;
  if (!principal) throw new Unauthorized();

  if (principal.type === 'user') {
    if (!tenantHeader)
      throw new Unauthorized(
        'x-tenant-id header is required when authenticating with a user token',
      );
    if (tenantHeader !== principal.tenantId)
      throw new Forbidden('x-tenant-id does not match the tenant of the credential');
    const role = principal.role;
    const allowed =
      role === 'ADMIN' ||
      access.roles === 'any' ||
      (role !== undefined && access.roles.includes(role));
    if (!allowed) throw new Forbidden(`Role ${role ?? 'none'} may not use this endpoint`);
  } else {
    if (tenantHeader && tenantHeader !== principal.tenantId)
      throw new Forbidden('x-tenant-id does not match the tenant of the credential');
    if (!access.scope)
      throw new Forbidden('API keys may not use this endpoint; sign in as a staff user');
    if (access.scope !== 'any' && !principal.scopes.includes(access.scope)) {
      throw new Forbidden(`API key lacks the required scope ${access.scope}`);
    }
  }

  if (input.method !== 'GET' && !access.allowAfterTrial && trialEnded(principal, input.now)) {
    throw new Forbidden(
      `The free trial of ${principal.tenantName || 'this hospital'} ended on ${principal.trialEndsAt.slice(0, 10)}; ` +
        'changes are disabled until a subscription is activated. Reading data keeps working.',
    );
  }
}
