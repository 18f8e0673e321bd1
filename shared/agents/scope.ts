/**
 * Who may use a capability: the scope filter of tools/list and the check of every call.
 *
 * - A signed-in user (a JWT) uses a capability when their role may call every operation it calls:
 *   the very rule REST applies (ADMIN always; otherwise the operations' `roles`).
 * - An API key uses it when it holds the capability's scope (e.g. `agents:reception:write` for
 *   book-appointment), or, as on REST, the scopes of every operation it calls (`appointments:write`);
 *   an agent scope also brings the read scopes its agents need (scope-presets.ts).
 *   An agent scope grants those operations' scopes for this capability's calls only (grantedActor).
 * - No agent ever runs an operation declared `humanOnly` (a patient's care), whatever its
 *   credential: such capabilities are proposals (HITL) instead.
 * - An OAuth access token (a user's grant to an agent, shared/modules/oauth) needs both: the user's
 *   current role must allow the capability, and the grant must hold its scope (or the scopes of
 *   every operation it calls), as a key would. The consent never widens a role.
 */

import { roleMayUse } from '../kernel/access';
import type { AgentActor, ApiKeyActor, UserActor } from '../kernel/actor';
import { Forbidden } from '../kernel/errors';
import type { Scope } from '../kernel/scopes';
import type { AnyCapability, OperationInfo } from './capability';
import { agentScopes } from './scope-presets';

export type Credential = UserActor | ApiKeyActor;

function operationScope(op: OperationInfo): Scope | 'any' | undefined {
  return op.access.public ? 'any' : op.access.scope;
}

function roleMay(op: OperationInfo, user: UserActor): boolean {
  return op.access.public || roleMayUse(op.access, user.role);
}

function holdsOperationScopes(cap: AnyCapability, held: ReadonlySet<Scope>): boolean {
  return cap.operations.every((op) => {
    const scope = operationScope(op);
    return scope === 'any' || (scope !== undefined && held.has(scope));
  });
}

/**
 * Whether these scopes (a key's, a grant's) cover the capability: its own scope or those of every
 * operation it calls, with what the agent scopes among them bring (scope-presets.ts).
 */
export function scopesCover(cap: AnyCapability, scopes: readonly Scope[]): boolean {
  const held = agentScopes(scopes);
  return held.has(cap.scope) || holdsOperationScopes(cap, held);
}

/**
 * The scope an OAuth token would need for the capability when its user's role allows it but its
 * grant does not hold it (what a 403 `insufficient_scope` names); null otherwise: a token that
 * may use it, a credential that is not a token, or one that more scope would not help.
 */
export function missingGrantScope(cap: AnyCapability, credential: Credential): Scope | null {
  if (credential.kind !== 'user' || !credential.grant) return null;
  if (refusal(cap, { kind: 'user', id: credential.id, role: credential.role }) !== null)
    return null;
  return scopesCover(cap, credential.grant.scopes) ? null : cap.scope;
}

/** Why the credential may not use the capability, or null when it may. */
export function refusal(cap: AnyCapability, credential: Credential): string | null {
  const clinical = cap.operations.find(
    (op) => !op.access.public && (op.access.humanOnly || op.access.clinicalDecision),
  );
  if (clinical) {
    return `${cap.name} calls ${clinical.name}, which changes a patient's care: agents may only propose it`;
  }
  if (cap.perOperationAccess) {
    // Its operations decide one by one, with the caller's own access (never widened).
    const scopes = credential.kind === 'user' ? credential.grant?.scopes : credential.scopes;
    if (scopes === undefined || agentScopes(scopes).has(cap.scope)) return null;
    return `${credential.kind === 'user' ? 'The access token' : 'API key'} lacks the scope ${cap.scope} required by ${cap.name}`;
  }
  if (credential.kind === 'user') {
    const op = cap.operations.find((o) => !roleMay(o, credential));
    if (op) return `Role ${credential.role} may not use ${cap.name} (it calls ${op.name})`;
    if (credential.grant && !scopesCover(cap, credential.grant.scopes))
      return `The access token lacks the scope ${cap.scope} required by ${cap.name}`;
    return null;
  }
  if (scopesCover(cap, credential.scopes)) return null;
  return `API key lacks the scope ${cap.scope} required by ${cap.name}`;
}

export function mayUse(cap: AnyCapability, credential: Credential): boolean {
  return refusal(cap, credential) === null;
}

export function assertMayUse(cap: AnyCapability, credential: Credential): void {
  const reason = refusal(cap, credential);
  if (reason) throw new Forbidden(reason);
}

/** The capabilities a credential may use, in catalogue order (what tools/list shows it). */
export function usableBy(
  capabilities: readonly AnyCapability[],
  credential: Credential,
): AnyCapability[] {
  return capabilities.filter((cap) => mayUse(cap, credential));
}

/**
 * The actor the capability's operations run as: the agent with its credential, where a key that
 * holds the capability's agent scope also holds, for this call, the scopes of the operations the
 * capability calls. The operations' own access check (invokeOperation) then passes or refuses as
 * for any other caller; a user's role is never widened.
 */
export function grantedActor(cap: AnyCapability, agent: AgentActor): AgentActor {
  const credential = agent.credential;
  if (
    cap.perOperationAccess ||
    credential.kind !== 'apiKey' ||
    !agentScopes(credential.scopes).has(cap.scope)
  )
    return agent;
  const granted = new Set<Scope>(credential.scopes);
  for (const op of cap.operations) {
    const scope = operationScope(op);
    if (scope && scope !== 'any') granted.add(scope);
  }
  return { ...agent, credential: { ...credential, scopes: [...granted] } };
}
