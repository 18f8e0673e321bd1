/**
 * The secrets OAuth hands out: authorization codes, access tokens and refresh tokens. Each is 32
 * random bytes behind a prefix that says what it is (so the authenticator knows which lookup to
 * make, and a leaked value is recognisable in logs and secret scanners); only its SHA-256 hash is
 * stored, as for API keys, so a copy of the table yields no usable token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = {
  code: 'hms_ac_',
  access: 'hms_at_',
  refresh: 'hms_rt_',
} as const;
export type SecretKind = keyof typeof SECRET_PREFIX;

export function newSecret(kind: SecretKind): string {
  return SECRET_PREFIX[kind] + randomBytes(32).toString('base64url');
}

/** True when the value has the shape of that kind of secret (43 base64url characters). */
export function isSecret(kind: SecretKind, value: string): boolean {
  return new RegExp(`^${SECRET_PREFIX[kind]}[A-Za-z0-9_-]{43}$`).test(value);
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** RFC 7636 S256: BASE64URL(SHA256(code_verifier)) compared in constant time. */
export function pkceMatches(codeVerifier: string, codeChallenge: string): boolean {
  // RFC 7636 §4.1: 43 to 128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~".
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(codeVerifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(codeVerifier).digest('base64url'));
  const expected = Buffer.from(codeChallenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** A code_challenge as S256 produces it: 43 base64url characters. */
export const isS256Challenge = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
