import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { generatePassword, hashPassword } from '../../auth/passwords';
import type { Role } from '../../auth/roles';
import { Conflict, NotFound } from '../../http/errors';
import { db, table } from '../../table/client';
import { failedConditions, isConditionFailure } from '../../table/errors';
import { getItem } from '../../table/items';
import { keys } from '../../table/keys';
import { type PageRequest, queryCollection } from '../../table/pagination';
import { transact } from '../../table/transact';
import { publicUser, type UserRecord } from './records';
import { userItem } from './tenants';

export async function getUserRecord(
  tenantId: string,
  userId: string,
): Promise<UserRecord | undefined> {
  return getItem<UserRecord>(keys.user(tenantId, userId));
}

export async function getUser(tenantId: string, userId: string) {
  const user = await getUserRecord(tenantId, userId);
  if (!user) throw new NotFound(`User ${userId} not found`);
  return user;
}

export async function createUser(
  tenantId: string,
  input: { name: string; email: string; role: Role; password?: string | undefined },
  now: Date,
) {
  const password = input.password ?? generatePassword();
  const createdAt = now.toISOString();
  const user: UserRecord = {
    id: randomUUID(),
    tenantId,
    email: input.email,
    name: input.name,
    role: input.role,
    active: true,
    passwordHash: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  };
  try {
    await transact([
      {
        Put: {
          TableName: table(),
          Item: { ...keys.email(user.email), entity: 'EmailLookup', tenantId, userId: user.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: userItem(user),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0))
      throw new Conflict(`A user with e-mail ${user.email} already exists`, { field: 'email' });
    throw err;
  }
  return { user: publicUser(user), credentials: { email: user.email, password } };
}

export async function listUsers(tenantId: string, page: PageRequest) {
  return queryCollection('gsi1', keys.users(tenantId), page, (item) =>
    publicUser(item as unknown as UserRecord),
  );
}

/**
 * Changes role, name or active flag. An administrator cannot demote or deactivate themself, so a
 * hospital can never lock out its last administrator by accident.
 */
export async function updateUser(
  tenantId: string,
  actorId: string,
  userId: string,
  patch: { role?: Role | undefined; active?: boolean | undefined; name?: string | undefined },
  now: Date,
) {
  if (
    userId === actorId &&
    (patch.active === false || (patch.role !== undefined && patch.role !== 'ADMIN'))
  ) {
    throw new Conflict(
      'You cannot deactivate yourself or remove your own ADMIN role; ask another administrator',
    );
  }
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now.toISOString() };
  const names: Record<string, string> = {};
  if (patch.role !== undefined) {
    sets.push('#role = :role');
    values[':role'] = patch.role;
    names['#role'] = 'role';
  }
  if (patch.active !== undefined) {
    sets.push('active = :active');
    values[':active'] = patch.active;
  }
  if (patch.name !== undefined) {
    sets.push('#name = :name');
    values[':name'] = patch.name;
    names['#name'] = 'name';
  }
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(tenantId, userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return publicUser(res.Attributes as UserRecord);
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound(`User ${userId} not found`);
    throw err;
  }
}
