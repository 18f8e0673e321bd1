/**
 * The access rule of an operation, applied by invokeOperation for every transport, after the
 * credential has been verified. The REST authorizer only says "this credential is valid for this
 * tenant"; roles, scopes and the trial rule are decided here, from the operation's declaration.
 */
import { type Actor, type Anonymous, authorityOf } from './actor';
import type { TenantInfo } from './context';
import { Forbidden, Unauthenticated } from './errors';
import type { Access, Operation, ProtectedAccess } from './operation';
import { ROLES, type Role } from './roles';

/** True once a trial tenant's trial has run out. */
export function trialEnded(tenant: Pick<TenantInfo, 'status' | 'trialEndsAt'>, now: Date): boolean {
  return (
    tenant.status === 'TRIAL' &&
    tenant.trialEndsAt !== '' &&
    now.getTime() >= Date.parse(tenant.trialEndsAt)
  );
}

/** Whether a signed-in user of `role` passes the rule: ADMIN is implied except for a clinical decision. */
export function roleMayUse(access: ProtectedAccess, role: Role): boolean {
  const listed = access.roles === 'any' || access.roles.includes(role);
  return listed || (role === 'ADMIN' && !access.clinicalDecision);
}

/** The roles the rule lets in, in declaration order with ADMIN first when it is implied. */
export function allowedRoles(access: ProtectedAccess): Role[] {
  if (access.roles === 'any') return [...ROLES];
  const listed = access.roles.filter((r) => r !== 'ADMIN');
  return access.clinicalDecision && !access.roles.includes('ADMIN') ? listed : ['ADMIN', ...listed];
}

/** Whether an API key may ever use it (a clinical decision is a person's). */
export function keysMayUse(access: ProtectedAccess): boolean {
  return !!access.scope && !access.clinicalDecision;
}

export function checkAccess(
  op: Pick<Operation, 'name' | 'kind'> & { access: Access },
  caller: { actor: Actor | Anonymous; tenant?: TenantInfo | undefined; now: Date },
): void {
  const { access } = op;
  if (access.public) return;
  const { actor, tenant } = caller;
  if (actor.kind === 'anonymous' || !tenant) throw new Unauthenticated();

  if (actor.kind === 'agent' && (access.humanOnly || access.clinicalDecision)) {
    throw new Forbidden(
      `${op.name} changes a patient's care: an agent may only propose it for a qualified person to approve`,
    );
  }
  const authority = authorityOf(actor);
  if (!authority) {
    // The system acting on its own, with no human behind it.
    if (!access.system)
      throw new Forbidden(
        `${op.name} needs a person's authority; the system may not run it on its own`,
      );
  } else if (authority.kind === 'user') {
    const { role } = authority;
    if (!roleMayUse(access, role))
      throw new Forbidden(
        role === 'ADMIN' && access.roles !== 'any'
          ? `Role ${role} may not use ${op.name}: it is a clinical decision for ${access.roles.join(' or ')}`
          : `Role ${role} may not use ${op.name}`,
      );
  } else {
    if (access.clinicalDecision)
      throw new Forbidden(
        `API keys may not use ${op.name}: it is a clinical decision for a signed-in ${access.roles === 'any' ? 'person' : access.roles.join(' or ')}`,
      );
    if (!access.scope)
      throw new Forbidden(`API keys may not use ${op.name}; sign in as a staff user`);
    if (access.scope !== 'any' && !authority.scopes.includes(access.scope)) {
      throw new Forbidden(`API key lacks the required scope ${access.scope} for ${op.name}`);
    }
  }

  if (op.kind === 'write' && !access.allowAfterTrial && trialEnded(tenant, caller.now)) {
    throw new Forbidden(
      `The free trial of ${tenant.name || 'this hospital'} ended on ${tenant.trialEndsAt.slice(0, 10)}; ` +
        'changes are disabled until a subscription is activated. Reading data keeps working.',
    );
  }
}
