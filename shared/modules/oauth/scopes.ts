/**
 * What an OAuth grant may hold. Tokens work only where agents work (MCP, A2A), so the scopes a
 * client may ask for are the ones the agent catalogue's capabilities are checked against: each
 * capability's own scope and its operations' scopes. A user can consent to a scope only when
 * their role may use at least one capability that the scope opens; anything else in a request is
 * dropped before the consent page shows it, so a grant is never wider than the role. The role is
 * checked again at every call (agents/scope.ts), so a later change of role narrows a grant at once.
 */
import { type AnyCapability, CAPABILITIES, refusal } from '../../agents';
import type { Role } from '../../kernel/roles';
import { isScope, SCOPES, type Scope } from '../../kernel/scopes';

function scopesOpening(cap: AnyCapability): Scope[] {
  const own = [cap.scope];
  for (const op of cap.operations)
    if (!op.access.public && op.access.scope && op.access.scope !== 'any')
      own.push(op.access.scope);
  return own;
}

/** Every scope a client may ask for, in the catalogue's scope order. */
export function grantableScopes(caps: readonly AnyCapability[] = CAPABILITIES): Scope[] {
  const opened = new Set(caps.flatMap(scopesOpening));
  return (Object.keys(SCOPES) as Scope[]).filter((s) => opened.has(s));
}

/** The scopes a user of this role may consent to. */
export function scopesForRole(role: Role, caps: readonly AnyCapability[] = CAPABILITIES): Scope[] {
  const user = { kind: 'user' as const, id: 'consent', role };
  const opened = new Set(
    caps.filter((cap) => refusal(cap, user) === null).flatMap((cap) => scopesOpening(cap)),
  );
  return grantableScopes(caps).filter((s) => opened.has(s));
}

/** A space-separated `scope` parameter as known scopes (unknown names dropped), no repeats. */
export function parseScopeParam(value: string | undefined): Scope[] {
  const names = (value ?? '').split(' ').filter(Boolean);
  return [...new Set(names)].filter(isScope);
}

/** What is granted: the chosen scopes that were asked for and that the role allows. */
export function narrowScopes(
  chosen: readonly string[],
  requested: readonly Scope[],
  role: Role,
): Scope[] {
  const allowed = new Set(scopesForRole(role));
  return requested.filter((s) => chosen.includes(s) && allowed.has(s));
}
