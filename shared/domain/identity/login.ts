import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../auth/jwt';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { Forbidden, TooManyRequests, Unauthorized } from '../../http/errors';
import { db, table } from '../../table/client';
import { getItem } from '../../table/items';
import { keys } from '../../table/keys';
import { lockoutDecision, LOCKOUT } from './lockout';
import { getTenant } from './tenants';
import { getUserRecord } from './users';

const BAD_CREDENTIALS = 'Invalid e-mail or password';

interface ThrottleRecord {
  failures: number;
  windowStart: string;
  lockedUntil?: string;
}

/**
 * Password sign-in. Unknown e-mail and wrong password are indistinguishable (same message, same
 * scrypt work). Failures are counted per e-mail, known or not, so the lockout reveals nothing.
 */
export async function login(input: { email: string; password: string }, now: Date) {
  const throttleKey = keys.loginThrottle(input.email);
  const throttle = await getItem<ThrottleRecord>(throttleKey, { consistent: true });
  if (throttle?.lockedUntil && Date.parse(throttle.lockedUntil) > now.getTime()) {
    throw new TooManyRequests(`Too many failed sign-in attempts; try again after ${throttle.lockedUntil}`, { retryAfter: throttle.lockedUntil });
  }

  const lookup = await getItem<{ tenantId: string; userId: string }>(keys.email(input.email));
  const user = lookup ? await getUserRecord(lookup.tenantId, lookup.userId) : undefined;
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await recordFailure(throttleKey, throttle, now);
    throw new Unauthorized(BAD_CREDENTIALS);
  }
  if (throttle) await db().send(new DeleteCommand({ TableName: table(), Key: throttleKey }));
  if (!user.active) throw new Forbidden('This account has been deactivated; ask your hospital administrator');

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

async function recordFailure(key: ReturnType<typeof keys.loginThrottle>, current: ThrottleRecord | undefined, now: Date) {
  const next = lockoutDecision(current, now);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET failures = :f, windowStart = :w, lockedUntil = :l, expiresAt = :ttl, entity = :e',
      ExpressionAttributeValues: {
        ':f': next.failures,
        ':w': next.windowStart,
        ':l': next.lockedUntil ?? null,
        // DynamoDB TTL (seconds) cleans the record up after the window and any lock have passed.
        ':ttl': Math.ceil((now.getTime() + 2 * LOCKOUT.windowMs) / 1000),
        ':e': 'LoginThrottle',
      },
    }),
  );
}
