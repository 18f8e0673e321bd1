/**
 * Password sign-in. Unknown e-mail and wrong password are indistinguishable (same message, same
 * scrypt work). Attempts are counted per e-mail, known or not, so the lockout reveals nothing.
 * The attempt is counted before the password is checked and forgotten on success, so parallel
 * guesses cannot outrun the count (see lockout.ts).
 */
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../auth/jwt';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { actorId } from '../../kernel/actor';
import type { Context, PublicContext } from '../../kernel/context';
import { Forbidden, NotFound, RateLimited, Unauthenticated } from '../../kernel/errors';
import { isConditionFailure } from '../../kernel/store/conditions';
import type { ItemKey } from '../../kernel/store/keys';
import type { Store } from '../../kernel/store/store';
import { findTenant } from '../tenants';
import { EmailLookup, emailKey, findUser } from '../users';
import { attemptStep, type LockoutState, lockEnd, locksAfterFailure, overLimit } from './lockout';
import { LoginThrottle, throttleExpiry, throttleKey } from './store';

const BAD_CREDENTIALS = 'Invalid e-mail or password';

export async function login(ctx: PublicContext, input: { email: string; password: string }) {
  const global = ctx.stores.global;
  const key = throttleKey(input.email);
  const attempt = await countAttempt(global, key, ctx.now);
  if (overLimit(attempt)) throw tooManyAttempts(attempt.lockedUntil || lockEnd(ctx.now));

  const lookupItem = await global.get(emailKey(input.email));
  const lookup = lookupItem ? EmailLookup.read(lookupItem) : undefined;
  const store = lookup ? ctx.stores.forTenant(lookup.tenantId) : undefined;
  const user = store && lookup ? await findUser(store, lookup.userId) : undefined;
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!store || !user || !ok) {
    if (locksAfterFailure(attempt)) await lock(global, key, attempt, ctx.now);
    throw new Unauthenticated(BAD_CREDENTIALS);
  }
  await global.delete({ Key: key });
  if (!user.active)
    throw new Forbidden('This account has been deactivated; ask your hospital administrator');

  const tenant = await findTenant(store);
  if (!tenant) throw new Unauthenticated(BAD_CREDENTIALS);
  return {
    accessToken: await signAccessToken(
      { sub: user.id, tid: user.tenantId, role: user.role },
      ctx.now,
    ),
    tokenType: 'Bearer' as const,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    tenantId: user.tenantId,
    tenantSlug: tenant.slug,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
  };
}

/** The signed-in user's profile. */
export async function me(ctx: Context) {
  const user = await findUser(ctx.store, actorId(ctx.actor));
  if (!user) throw new NotFound(`User ${actorId(ctx.actor)} not found`);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    tenantId: ctx.tenantId,
    tenantSlug: ctx.tenant.slug,
  };
}

function tooManyAttempts(until: string) {
  return new RateLimited(`Too many failed sign-in attempts; try again after ${until}`, {
    details: { retryAfter: until },
  });
}

// "Not locked": no lockedUntil, or the null that older records hold.
const NOT_LOCKED = '(attribute_not_exists(lockedUntil) OR attribute_type(lockedUntil, :nullType))';

/**
 * Counts one attempt and returns the state it left, or refuses (429) while the e-mail is locked.
 *
 * A read-then-SET let parallel attempts overwrite each other's count (20 parallel wrong passwords
 * left it at 1). Here every write is conditional on the window it was decided for and the count
 * itself is an atomic ADD. A write whose condition fails lost a race (another attempt restarted
 * the window or set the lock): it reads again and decides again.
 */
async function countAttempt(global: Store, key: ItemKey, now: Date): Promise<LockoutState> {
  for (let tries = 0; tries < 5; tries++) {
    const item = await global.get(key, { consistent: true });
    const state = item ? LoginThrottle.read(item) : undefined;
    const step = attemptStep(state, now);
    if (step === 'locked') throw tooManyAttempts(state!.lockedUntil!);
    try {
      return step === 'restart'
        ? await restartWindow(global, key, state, now)
        : await addAttempt(global, key, state!, now);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  // Five lost races in a row means a storm of attempts on this e-mail: refuse rather than let one through uncounted.
  throw tooManyAttempts(lockEnd(now));
}

/** A new window holding this one attempt, unless the record changed since it was read. */
async function restartWindow(
  global: Store,
  key: ItemKey,
  seen: LockoutState | undefined,
  now: Date,
): Promise<LockoutState> {
  const state = { failures: 1, windowStart: now.toISOString(), expiresAt: throttleExpiry(now) };
  await global.put({
    Item: LoginThrottle.item(state, key),
    ...(seen
      ? {
          // Same window as read, and no lock still running (an expired one may be replaced).
          ConditionExpression: `windowStart = :seen AND (${NOT_LOCKED} OR lockedUntil <= :now)`,
          ExpressionAttributeValues: {
            ':seen': seen.windowStart,
            ':nullType': 'NULL',
            ':now': now.toISOString(),
          },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  });
  return state;
}

/** Atomically one more attempt in the open window, unless it has been restarted or locked meanwhile. */
async function addAttempt(
  global: Store,
  key: ItemKey,
  seen: LockoutState,
  now: Date,
): Promise<LockoutState> {
  const attributes = await global.update({
    Key: key,
    UpdateExpression: 'ADD failures :one SET expiresAt = :ttl',
    ConditionExpression: `windowStart = :seen AND ${NOT_LOCKED}`,
    ExpressionAttributeValues: {
      ':one': 1,
      ':ttl': throttleExpiry(now),
      ':seen': seen.windowStart,
      ':nullType': 'NULL',
    },
    ReturnValues: 'ALL_NEW',
  });
  return LoginThrottle.read(attributes ?? {});
}

/** The failure that used up the window's attempts locks the e-mail for LOCKOUT.lockMs. */
async function lock(global: Store, key: ItemKey, counted: LockoutState, now: Date): Promise<void> {
  try {
    await global.update({
      Key: key,
      UpdateExpression: 'SET lockedUntil = :until',
      ConditionExpression: `windowStart = :seen AND ${NOT_LOCKED}`,
      ExpressionAttributeValues: {
        ':until': lockEnd(now),
        ':seen': counted.windowStart,
        ':nullType': 'NULL',
      },
    });
  } catch (err) {
    // Already locked by another failure of the same burst, or the window moved on: nothing to do.
    if (!isConditionFailure(err)) throw err;
  }
}
