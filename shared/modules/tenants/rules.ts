import { isValidTimeZone } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';

/** Trial length for new hospitals. */
export const TRIAL_DAYS = 14;

/** Slugs that would collide with product paths or read as official. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'app',
  'auth',
  'login',
  'get-started',
  'www',
  'support',
  'help',
  'status',
  'static',
  'health',
  'system',
  'root',
  'tenants',
  'mcp',
  'sse',
  'a2a',
]);

export const SlugSchema = z.string().check(
  z.trim(),
  z.minLength(3, 'must be 3 to 40 characters'),
  z.maxLength(40, 'must be 3 to 40 characters'),
  z.regex(/^[a-z0-9-]+$/, 'may contain only lowercase letters, digits and hyphens'),
  z.regex(/^[a-z0-9].*[a-z0-9]$/, 'must start and end with a letter or digit'),
  z.refine((s) => !s.includes('--'), 'must not contain two hyphens in a row'),
  z.refine((s) => !RESERVED_SLUGS.has(s), 'is reserved; choose another'),
);

export const TimeZoneSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Kolkata or Europe/London'),
  );

export function trialEndsAt(createdAt: Date): string {
  return new Date(createdAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString();
}
