import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../auth/jwt';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { Forbidden, TooManyRequests, Unauthorized } from '../../http/errors';
import { db, table } from '../../table/client';
import { isConditionFailure } from '../../table/errors';
import { getItem } from '../../table/items';
import { type ItemKey, keys } from '../../table/keys';
import {
  attemptStep,
  LOCKOUT,
  type LockoutState,
  lockEnd,
  locksAfterFailure,
  overLimit,
} from './lockout';
import { getTenant } from './tenants';
import { getUserRecord } from './users';

const BAD_CREDENTIALS = 'Invalid e-mail or password';

/**
 * Password sign-in. Unknown e-mail and wrong password are indistinguishable (same message, same
 * scrypt work). Attempts are counted per e-mail, known or not, so the lockout reveals nothing.
 * The attempt is counted before the password is checked and forgotten on success, so parallel
 * guesses cannot outrun the count (see lockout.ts).
 */
export async function login(input: { email: string; password: string }, now: Date) {
  const throttleKey = keys.loginThrottle(input.email);
  const attempt = await countAttempt(throttleKey, now);
  if (overLimit(attempt)) throw tooManyAttempts(attempt.lockedUntil || lockEnd(now));

  const lookup = await getItem<{ tenantId: string; userId: string }>(keys.email(input.email));
  const user = lookup ? await getUserRecord(lookup.tenantId, lookup.userId) : undefined;
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!user || !ok) {
    if (locksAfterFailure(attempt)) await lock(throttleKey, attempt, now);
    throw new Unauthorized(BAD_CREDENTIALS);
  }
  await db().send(new DeleteCommand({ TableName: table(), Key: throttleKey }));
  if (!user.active)
    throw new Forbidden('This account has been deactivated; ask your hospital administrator');

  const tenant = await getTenant(user.tenantId);
  return {
    accessToken: await signAccessToken({ sub: user.id, tid: user.tenantId, role: user.role }, now),
    tokenType: 'Bearer' as const,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    tenantId: user.tenantId,
    tenantSlug: tenant.slug,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
  };
}

function tooManyAttempts(until: string) {
  return new TooManyRequests(`Too many failed sign-in attempts; try again after ${until}`, {
    retryAfter: until,
  });
}

// DynamoDB TTL (seconds) removes the record once any window and lock started now have passed.
const expiresAt = (now: Date) =>
  Math.ceil((now.getTime() + LOCKOUT.windowMs + LOCKOUT.lockMs) / 1000);
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
async function countAttempt(key: ItemKey, now: Date): Promise<LockoutState> {
  for (let tries = 0; tries < 5; tries++) {
    const state = await getItem<LockoutState>(key, { consistent: true });
    const step = attemptStep(state, now);
    if (step === 'locked') throw tooManyAttempts(state!.lockedUntil!);
    try {
      return step === 'restart'
        ? await restartWindow(key, state, now)
        : await addAttempt(key, state!, now);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  // Five lost races in a row means a storm of attempts on this e-mail: refuse rather than let one through uncounted.
  throw tooManyAttempts(lockEnd(now));
}

/** A new window holding this one attempt, unless the record changed since it was read. */
async function restartWindow(
  key: ItemKey,
  seen: LockoutState | undefined,
  now: Date,
): Promise<LockoutState> {
  const item = {
    failures: 1,
    windowStart: now.toISOString(),
    expiresAt: expiresAt(now),
    entity: 'LoginThrottle',
  };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...key, ...item },
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
    }),
  );
  return item;
}

/** Atomically one more attempt in the open window, unless it has been restarted or locked meanwhile. */
async function addAttempt(key: ItemKey, seen: LockoutState, now: Date): Promise<LockoutState> {
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'ADD failures :one SET expiresAt = :ttl',
      ConditionExpression: `windowStart = :seen AND ${NOT_LOCKED}`,
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': expiresAt(now),
        ':seen': seen.windowStart,
        ':nullType': 'NULL',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return res.Attributes as LockoutState;
}

/** The failure that used up the window's attempts locks the e-mail for LOCKOUT.lockMs. */
async function lock(key: ItemKey, counted: LockoutState, now: Date): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET lockedUntil = :until',
        ConditionExpression: `windowStart = :seen AND ${NOT_LOCKED}`,
        ExpressionAttributeValues: {
          ':until': lockEnd(now),
          ':seen': counted.windowStart,
          ':nullType': 'NULL',
        },
      }),
    );
  } catch (err) {
    // Already locked by another failure of the same burst, or the window moved on: nothing to do.
    if (!isConditionFailure(err)) throw err;
  }
}
