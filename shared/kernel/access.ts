/**
 * The access rule of an operation, applied by invokeOperation for every transport, after the
 * credential has been verified. The REST authorizer only says "this credential is valid for this
 * tenant"; roles, scopes and the trial rule are decided here, from the operation's declaration.
 */
import { type Actor, type Anonymous, authorityOf } from './actor';
import type { TenantInfo } from './context';
import { Forbidden, Unauthenticated } from './errors';
import type { Access, Operation } from './operation';

/** True once a trial tenant's trial has run out. */
export function trialEnded(tenant: Pick<TenantInfo, 'status' | 'trialEndsAt'>, now: Date): boolean {
  return (
    tenant.status === 'TRIAL' &&
    tenant.trialEndsAt !== '' &&
    now.getTime() >= Date.parse(tenant.trialEndsAt)
  );
}

export function checkAccess(
  op: Pick<Operation, 'name' | 'kind'> & { access: Access },
  caller: { actor: Actor | Anonymous; tenant?: TenantInfo | undefined; now: Date },
): void {
  const { access } = op;
  if (access.public) return;
  const { actor, tenant } = caller;
  if (actor.kind === 'anonymous' || !tenant) throw new Unauthenticated();

  if (actor.kind === 'agent' && access.humanOnly) {
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
    const allowed = role === 'ADMIN' || access.roles === 'any' || access.roles.includes(role);
    if (!allowed) throw new Forbidden(`Role ${role} may not use ${op.name}`);
  } else {
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
