/**
 * The sign-in throttle: one global item per e-mail address (known or not, so the lockout reveals
 * nothing), removed by DynamoDB TTL once any window and lock started with it have passed.
 */
import { defineRecord } from '../../kernel/records';
import { type ItemKey, lookupKey } from '../../kernel/store/keys';
import * as z from '../../kernel/zod';
import { LOCKOUT } from './lockout';

export const LoginThrottle = defineRecord(
  'LoginThrottle',
  z.strictObject({
    failures: z.number().check(z.int()),
    windowStart: z.string(),
    /** Older records may hold null for "not locked". */
    lockedUntil: z.optional(z.nullable(z.string())),
    expiresAt: z.number().check(z.int()),
  }),
);

export const throttleKey = (address: string): ItemKey =>
  lookupKey('LOGINFAIL', address.toLowerCase());

/** DynamoDB TTL (seconds): the record goes once any window and lock started now have passed. */
export const throttleExpiry = (now: Date) =>
  Math.ceil((now.getTime() + LOCKOUT.windowMs + LOCKOUT.lockMs) / 1000);
