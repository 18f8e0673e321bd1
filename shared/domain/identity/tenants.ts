import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { generatePassword, hashPassword } from '../../auth/passwords';
import { Conflict } from '../../http/errors';
import type { RegisterTenantBody } from '../../routes/tenants';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { requireItem } from '../../table/items';
import { keys } from '../../table/keys';
import { transact } from '../../table/transact';
import { publicTenant, publicUser, type TenantRecord, type UserRecord } from './records';
import { trialEndsAt } from './tenant-rules';

const NOT_EXISTS = 'attribute_not_exists(pk)';

/**
 * Registers a hospital: tenant, slug lookup, first admin and its e-mail lookup in one
 * transaction, so a taken slug or e-mail leaves nothing behind.
 */
export async function registerTenant(input: z.output<typeof RegisterTenantBody>, now: Date) {
  const tenantId = randomUUID();
  const userId = randomUUID();
  const createdAt = now.toISOString();
  const password = input.adminPassword ?? generatePassword();
  const tenant: TenantRecord = {
    id: tenantId,
    slug: input.slug,
    name: input.hospitalName,
    status: 'TRIAL',
    trialEndsAt: trialEndsAt(now),
    timezone: input.timezone,
    createdAt,
    activeApiKeys: 0,
  };
  const admin: UserRecord = {
    id: userId,
    tenantId,
    email: input.adminEmail,
    name: input.adminName,
    role: 'ADMIN',
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
          Item: { ...keys.slug(input.slug), entity: 'SlugLookup', tenantId },
          ConditionExpression: NOT_EXISTS,
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.email(admin.email), entity: 'EmailLookup', tenantId, userId },
          ConditionExpression: NOT_EXISTS,
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.tenant(tenantId), entity: 'Tenant', ...tenant },
          ConditionExpression: NOT_EXISTS,
        },
      },
      { Put: { TableName: table(), Item: userItem(admin), ConditionExpression: NOT_EXISTS } },
    ]);
  } catch (err) {
    const failed = failedConditions(err);
    if (failed?.includes(0))
      throw new Conflict(`The slug '${input.slug}' is already taken; choose another`, {
        field: 'slug',
      });
    if (failed?.includes(1))
      throw new Conflict(
        `A user with e-mail ${admin.email} already exists; sign in instead or use another e-mail`,
        { field: 'adminEmail' },
      );
    throw err;
  }
  return {
    tenant: publicTenant(tenant),
    admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
    credentials: { email: admin.email, password },
  };
}

export function userItem(user: UserRecord) {
  return {
    ...keys.user(user.tenantId, user.id),
    entity: 'User',
    gsi1pk: keys.users(user.tenantId),
    gsi1sk: `${user.createdAt}#${user.id}`,
    ...user,
  };
}

export async function getTenant(tenantId: string): Promise<TenantRecord> {
  return requireItem<TenantRecord>(keys.tenant(tenantId), 'Tenant not found');
}

export async function currentTenant(tenantId: string) {
  return publicTenant(await getTenant(tenantId));
}

export { publicUser };
