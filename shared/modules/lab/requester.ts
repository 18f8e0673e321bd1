/**
 * The doctor a diagnostic order is for, who receives its critical-result alerts (lab and
 * radiology). A named, data-dependent check of who the id names: the requester must be an active
 * DOCTOR of the hospital, read now and re-checked in the order's own transaction, so a critical
 * result is never routed to a receptionist, an unknown id or someone who has left.
 */
import { type Actor, actingRole, actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict } from '../../kernel/errors';
import type { TxItem } from '../../kernel/store/store';
import { invalidField } from '../../kernel/validation';
import { findUser, userIsActiveWith } from '../users';

export const REQUESTER_ROLE = 'DOCTOR' as const;

/**
 * Who requests it: a `requesterId` an administrator or an integration names, else the ordering
 * doctor (or the doctor a system run acts for), else the source's doctor in charge.
 */
export function requesterOf(actor: Actor, named: string | undefined, sourceDoctor: string) {
  if (named) return { id: named, named: true };
  if (actingRole(actor) === REQUESTER_ROLE) return { id: actorId(actor), named: false };
  return { id: sourceDoctor, named: false };
}

/**
 * The requester's id and the condition that guards it in the order's transaction. 400 naming
 * `requesterId` when a named one is not an active doctor; 409 when the source's doctor is no
 * longer one (name the requesting doctor instead).
 */
export async function requireRequester(
  ctx: Context,
  named: string | undefined,
  sourceDoctor: string,
): Promise<{ id: string; guard: TxItem }> {
  const requester = requesterOf(ctx.actor, named, sourceDoctor);
  const user = await findUser(ctx.store, requester.id);
  const problem = !user
    ? `${requester.id} is not a user of the hospital`
    : !user.active
      ? `${user.name} (${user.id}) is no longer active`
      : user.role !== REQUESTER_ROLE
        ? `${user.name} (${user.id}) is a ${user.role}`
        : null;
  if (problem && requester.named)
    throw invalidField(
      'requesterId',
      `must be an active doctor of the hospital, who receives the order's critical results: ${problem}`,
    );
  if (problem)
    throw new Conflict(
      `The doctor in charge of the source is not an active doctor (${problem}): name the requesting doctor with requesterId`,
    );
  return { id: requester.id, guard: userIsActiveWith(ctx.store, requester.id, REQUESTER_ROLE) };
}
