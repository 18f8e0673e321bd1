/**
 * Storage of staff users: the user item (listed through gsi1 in creation order) and its global
 * e-mail lookup, which sign-in reads before the tenant is known. Only this module writes them;
 * others use the transaction builders exported from index.ts.
 */
import { defineRecord } from '../../kernel/records';
import type { Role } from '../../kernel/roles';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { emailKey, userKeys } from './keys';
import { User } from './schemas';

export const UserRecord = defineRecord(
  'User',
  z.extend(User, { tenantId: z.string(), passwordHash: z.string() }),
);
export type UserRecord = z.output<typeof UserRecord.schema>;

/** The e-mail lookup: found before the tenant is known (sign-in), unique across all hospitals. */
export const EmailLookup = defineRecord(
  'EmailLookup',
  z.strictObject({ tenantId: z.string(), userId: z.string() }),
);

export function userItem(store: Store, user: UserRecord): Item {
  const keys = userKeys(store);
  return UserRecord.item(user, {
    ...keys.user(user.id),
    gsi1pk: keys.all(),
    gsi1sk: sortKey(user.createdAt, user.id),
  });
}

/** A new user and its e-mail lookup; position 0 fails when the e-mail is taken. */
export function newUserWrites(store: Store, user: UserRecord): TxItem[] {
  return [
    {
      name: 'email',
      Put: {
        Item: EmailLookup.item({ tenantId: user.tenantId, userId: user.id }, emailKey(user.email)),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      name: 'user',
      Put: { Item: userItem(store, user), ConditionExpression: 'attribute_not_exists(pk)' },
    },
  ];
}

export { emailKey, userKeys };

export async function findUser(store: Store, id: string): Promise<UserRecord | undefined> {
  const item = await store.get(userKeys(store).user(id));
  return item ? UserRecord.read(item) : undefined;
}

/** Guards another module's write: the user must still be active and hold `role` when it lands. */
export function userIsActiveWith(store: Store, userId: string, role: Role): TxItem {
  return {
    ConditionCheck: {
      Key: userKeys(store).user(userId),
      ConditionExpression: '#role = :role AND active = :active',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role, ':active': true },
    },
  };
}

/** The hospital's active users holding one of `roles` (notifications' recipients): one Query. */
export async function activeUsersWithRoles(
  store: Store,
  roles: readonly string[],
): Promise<UserRecord[]> {
  const items = await store.query({ index: 'gsi1', partition: userKeys(store).all() });
  return items
    .map((item) => UserRecord.read(item))
    .filter((u) => u.active && roles.includes(u.role));
}
