import { randomUUID } from 'node:crypto';
import { generatePassword, hashPassword } from '../../auth/passwords';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import type { Role } from '../../kernel/roles';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import { updateItem } from '../../kernel/store/update';
import { User } from './schemas';
import { newUserWrites, UserRecord, userKeys } from './store';

export async function createUser(
  ctx: Context,
  input: { name: string; email: string; role: Role; password?: string | undefined },
) {
  const password = input.password ?? generatePassword();
  const createdAt = ctx.now.toISOString();
  const user: UserRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    email: input.email,
    name: input.name,
    role: input.role,
    active: true,
    passwordHash: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  };
  try {
    await ctx.store.transact(newUserWrites(ctx.store, user));
  } catch (err) {
    if (conditionFailed(err, 'email')) {
      throw new Conflict(`A user with e-mail ${user.email} already exists`, { field: 'email' });
    }
    throw err;
  }
  return { user: view(User, user), credentials: { email: user.email, password } };
}

export function listUsers(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage('gsi1', userKeys(ctx.store).all(), page, (item) =>
    view(User, UserRecord.read(item)),
  );
}

/** Most staff a directory answer lists: a hospital's pickers, not an export. */
export const DIRECTORY_LIMIT = 500;

/**
 * The active staff (of one role when given) by name, for the pages' staff pickers: a theatre
 * coordinator choosing a scrub nurse must not type an id. Reads the users' collection page by
 * page; a tenant's staff list is small.
 */
export async function staffDirectory(ctx: Context, input: { role?: Role | undefined }) {
  const items: { id: string; name: string; role: Role }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUsers(ctx, { limit: 100, cursor });
    for (const u of page.items)
      if (u.active && (!input.role || u.role === input.role))
        items.push({ id: u.id, name: u.name, role: u.role });
    cursor = page.nextCursor ?? undefined;
  } while (cursor && items.length < DIRECTORY_LIMIT);
  items.sort((a, b) => a.name.localeCompare(b.name));
  return { items: items.slice(0, DIRECTORY_LIMIT) };
}

/**
 * Changes role, name or active flag. An administrator cannot demote or deactivate themself, so a
 * hospital can never lock out its last administrator by accident.
 */
export async function updateUser(
  ctx: Context,
  patch: {
    id: string;
    role?: Role | undefined;
    active?: boolean | undefined;
    name?: string | undefined;
  },
) {
  if (
    patch.id === actorId(ctx.actor) &&
    (patch.active === false || (patch.role !== undefined && patch.role !== 'ADMIN'))
  ) {
    throw new Conflict(
      'You cannot deactivate yourself or remove your own ADMIN role; ask another administrator',
    );
  }
  try {
    const attributes = await ctx.store.update({
      ...updateItem(
        userKeys(ctx.store).user(patch.id),
        {
          set: {
            updatedAt: ctx.now.toISOString(),
            role: patch.role,
            active: patch.active,
            name: patch.name,
          },
        },
        { expression: 'attribute_exists(pk)' },
      ),
      ReturnValues: 'ALL_NEW',
    });
    return view(User, UserRecord.read(attributes ?? {}));
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound(`User ${patch.id} not found`);
    throw err;
  }
}
