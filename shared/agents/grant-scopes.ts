/**
 * What an OAuth grant may hold (shared/modules/oauth). Tokens work only where agents work (MCP,
 * A2A), so the scopes a client may ask for are those the agent catalogue's capabilities are
 * checked against: each capability's own scope and its operations' scopes. A user may consent to
 * a scope only when their role may use at least one capability it opens. The table per role is
 * generated into the kernel catalogue (`npm run docs`), so the oauth module reads it as data.
 */
import { ROLES, type Role } from '../kernel/roles';
import { SCOPE_NAMES, type Scope } from '../kernel/scopes';
import type { AnyCapability } from './capability';
import { refusal } from './scope';

function scopesOpening(cap: AnyCapability): Scope[] {
  const own = [cap.scope];
  // Its operations keep their own access: consenting to it opens no scope of theirs.
  if (cap.perOperationAccess) return own;
  for (const op of cap.operations)
    if (!op.access.public && op.access.scope && op.access.scope !== 'any')
      own.push(op.access.scope);
  return own;
}

/** Per role, the scopes a user of that role may consent to, in the scope catalogue's order. */
export function grantScopesByRole(caps: readonly AnyCapability[]): Record<Role, Scope[]> {
  return Object.fromEntries(
    ROLES.map((role) => {
      const user = { kind: 'user' as const, id: 'consent', role };
      const opened = new Set(
        caps.filter((cap) => refusal(cap, user) === null).flatMap(scopesOpening),
      );
      return [role, SCOPE_NAMES.filter((s) => opened.has(s))];
    }),
  ) as Record<Role, Scope[]>;
}
