import { randomUUID } from 'node:crypto';
import { generatePassword, hashPassword } from '../../auth/passwords';
import type { Context, PublicContext } from '../../kernel/context';
import { countryOfTimeZone } from '../../kernel/countries';
import { Conflict, NotFound } from '../../kernel/errors';
import { view } from '../../kernel/records';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import type * as z from '../../kernel/zod';
import { settingsChanged } from '../settings/index';
import { newUserWrites, type UserRecord } from '../users';
import { requireRegistrationAllowed } from './registration';
import { trialEndsAt } from './rules';
import { type RegisterTenantInput, Tenant } from './schemas';
import {
  findTenant,
  newTenantWrites,
  type TenantPatch,
  TenantRecord,
  tenantPatchUpdate,
} from './store';

/**
 * Registers a hospital: slug lookup, tenant, first administrator and its e-mail lookup in one
 * transaction, so a taken slug or e-mail leaves nothing behind.
 */
export async function registerTenant(
  ctx: PublicContext,
  input: z.output<typeof RegisterTenantInput>,
) {
  requireRegistrationAllowed(input.inviteCode);
  const tenantId = randomUUID();
  const createdAt = ctx.now.toISOString();
  const password = input.adminPassword ?? generatePassword();
  const country = input.country ?? countryOfTimeZone(input.timezone);
  const tenant: TenantRecord = {
    id: tenantId,
    slug: input.slug,
    name: input.hospitalName,
    status: 'TRIAL',
    trialEndsAt: trialEndsAt(ctx.now),
    timezone: input.timezone,
    ...(country ? { country } : {}),
    createdAt,
    activeApiKeys: 0,
  };
  const admin: UserRecord = {
    id: randomUUID(),
    tenantId,
    email: input.adminEmail,
    name: input.adminName,
    role: 'ADMIN',
    active: true,
    passwordHash: await hashPassword(password),
    createdAt,
    updatedAt: createdAt,
  };
  const store = ctx.stores.forTenant(tenantId);
  try {
    await store.transact([...newTenantWrites(store, tenant), ...newUserWrites(store, admin)]);
  } catch (err) {
    if (conditionFailed(err, 'slug'))
      throw new Conflict(`The slug '${input.slug}' is already taken; choose another`, {
        field: 'slug',
      });
    if (conditionFailed(err, 'email')) {
      throw new Conflict(
        `A user with e-mail ${admin.email} already exists; sign in instead or use another e-mail`,
        {
          field: 'adminEmail',
        },
      );
    }
    throw err;
  }
  return {
    tenant: view(Tenant, tenant),
    admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
    credentials: { email: admin.email, password },
  };
}

/**
 * Renames the hospital or sets (null: clears) its default country for phone numbers or its agent
 * rate limit. Raises the settings version with it (docs/settings.md).
 */
export async function updateTenant(ctx: Context, patch: TenantPatch) {
  ctx.store.alongside(settingsChanged(ctx.store, ctx.actor, ctx.now.toISOString(), 'hospital'));
  try {
    const attributes = await ctx.store.update({
      ...tenantPatchUpdate(ctx.store, patch),
      ReturnValues: 'ALL_NEW',
    });
    return view(Tenant, TenantRecord.read(attributes ?? {}));
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound('Tenant not found');
    throw err;
  }
}

export async function currentTenant(ctx: Context) {
  const tenant = await findTenant(ctx.store);
  if (!tenant) throw new NotFound('Tenant not found');
  return view(Tenant, tenant);
}
