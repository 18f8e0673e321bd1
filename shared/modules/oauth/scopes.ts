/**
 * What an OAuth grant may hold, read from the kernel catalogue's per-role table (generated from
 * the agent catalogue: shared/agents/grant-scopes.ts). Anything else in a request is dropped
 * before the consent page shows it, so a grant is never wider than the role; the role is checked
 * again at every call (agents/scope.ts), so a later change of role narrows a grant at once.
 */
import { GRANT_SCOPES_BY_ROLE } from '../../kernel/catalogue.generated';
import type { Role } from '../../kernel/roles';
import { isScope, SCOPE_NAMES, type Scope } from '../../kernel/scopes';

/** Every scope a client may ask for (ADMIN may consent to each), in the catalogue's order. */
export function grantableScopes(): Scope[] {
  const any = new Set<string>(Object.values(GRANT_SCOPES_BY_ROLE).flat());
  return SCOPE_NAMES.filter((s) => any.has(s));
}

/** The scopes a user of this role may consent to. */
export function scopesForRole(role: Role): Scope[] {
  return [...(GRANT_SCOPES_BY_ROLE[role] ?? [])];
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
