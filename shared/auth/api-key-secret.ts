import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'svc_sk_';

/** `svc_sk_` + 32 random bytes in base64url (43 characters). */
export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function isApiKeySecret(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** What the dashboard shows to tell keys apart: the prefix and four characters. */
export function displayPrefix(secret: string): string {
  return `${secret.slice(0, API_KEY_PREFIX.length + 4)}…`;
}

const HEX_DIGEST = /^[0-9a-f]{64}$/;

/** Constant-time comparison of two SHA-256 hex digests; anything that is not one is unequal. */
export function hashesEqual(a: string, b: string): boolean {
  if (!HEX_DIGEST.test(a) || !HEX_DIGEST.test(b)) return false;
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
