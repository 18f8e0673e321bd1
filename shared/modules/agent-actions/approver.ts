/**
 * Whether the person an approved or auto-approved action acts as can still act. An approval is a
 * person's decision; an automatic or delayed execution carries it out later, so it re-reads that
 * person first: deactivated since, or no longer holding the role the decision was made with, or
 * no longer a role that may decide the action, and nothing runs (docs/hitl.md, "Who an execution
 * acts as").
 */
import type { Role } from '../../kernel/roles';
import type { Store } from '../../kernel/store/store';
import { findUser } from '../users';

/** Why the person cannot act for the action now, or null when they can. */
export async function whyCannotAct(
  store: Store,
  person: { id: string; role: Role },
  mayDecide: readonly Role[],
): Promise<string | null> {
  const user = await findUser(store, person.id);
  if (!user) return 'no longer exists';
  if (!user.active) return 'is no longer active';
  if (user.role !== person.role)
    return `no longer holds the role ${person.role} (now ${user.role})`;
  if (!mayDecide.includes(user.role)) return `holds ${user.role}, which may not decide it`;
  return null;
}

export const describePerson = (p: { id: string; role: Role }) => `user:${p.id} (${p.role})`;
