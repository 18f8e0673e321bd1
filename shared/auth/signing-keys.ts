/**
 * The access-token signing keys (issue 23 item 2): ES256 (ECDSA P-256) key pairs, a private
 * key set that only the signer reads, and its public half (JWKS) that every verifier reads.
 *
 * A key set holds at most three kinds of key, each with a `kid`:
 * - `current`: signs every new token;
 * - `next`: already published, signs nothing yet; it becomes `current` at the next rotation, so
 *   a verifier that cached the public set any time during the last rotation period already knows
 *   the key the signer switches to (no "unknown kid" window after a rotation);
 * - `retiring`: the previous `current`, still verifying until `notAfter` (the overlap window),
 *   so a rotation signs nobody out: every token it signed expires before its key retires.
 *
 * Pure functions over plain JSON: the same set is a file in the local data folder and a Secrets
 * Manager secret on AWS (lib/signing-keys.ts), rotated by one function (functions/signing-key-rotation).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';

export const SIGNING_ALGORITHM = 'ES256';

/** A rotation is due this long after the current key started signing. */
export const ROTATION_PERIOD_DAYS = 30;

/**
 * How long a retired signing key still verifies. It must exceed a token's lifetime (one hour) plus
 * the time a signer may keep signing with a cached key after a rotation (KEY_CACHE_SECONDS): two
 * hours leaves room for both (test/unit/auth/signing-keys.test.ts checks the sum).
 */
export const OVERLAP_SECONDS = 7200;

/** How long a container keeps a key set it has loaded before reading it again. */
export const KEY_CACHE_SECONDS = 300;

interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}
interface PrivateJwk extends PublicJwk {
  d: string;
}

type KeyStatus = 'current' | 'next' | 'retiring';

export interface PublicKeyEntry {
  kid: string;
  status: KeyStatus;
  createdAt: string;
  /** Set on a retiring key: it verifies until then, not after. */
  notAfter?: string;
  publicJwk: PublicJwk;
}

export interface PrivateKeyEntry extends PublicKeyEntry {
  privateJwk: PrivateJwk;
}

export interface PrivateKeySet {
  keys: PrivateKeyEntry[];
}

/** What verifiers read: no private part. */
export interface PublicKeySet {
  keys: PublicKeyEntry[];
}

/** A JSON Web Key as published at /.well-known/jwks.json (RFC 7517). */
export interface PublishedJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  use: 'sig';
  alg: typeof SIGNING_ALGORITHM;
}

/** A fresh P-256 key pair (synchronous: node:crypto, a few milliseconds). */
export function generateSigningKey(now: Date, status: PrivateKeyEntry['status']): PrivateKeyEntry {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const priv = privateKey.export({ format: 'jwk' });
  const pub = publicKey.export({ format: 'jwk' });
  return {
    kid: randomUUID(),
    status,
    createdAt: now.toISOString(),
    publicJwk: { kty: 'EC', crv: 'P-256', x: pub.x!, y: pub.y! },
    privateJwk: { kty: 'EC', crv: 'P-256', x: priv.x!, y: priv.y!, d: priv.d! },
  };
}

/** A new set: a current key and its published successor. */
export function newKeySet(now: Date): PrivateKeySet {
  return { keys: [generateSigningKey(now, 'current'), generateSigningKey(now, 'next')] };
}

/** Whether a key may still verify at `now`: a retiring key until its `notAfter`, others always. */
function verifiesAt(key: { notAfter?: string | undefined }, now: Date): boolean {
  return key.notAfter === undefined || now.getTime() < Date.parse(key.notAfter);
}

/**
 * One rotation: `next` becomes `current`, `current` becomes `retiring` until now + overlap, a new
 * `next` is published, and keys whose overlap has ended are dropped. A set without a `next` (or
 * empty) gets a fresh current key as well.
 */
export function rotateKeySet(set: PrivateKeySet, now: Date): PrivateKeySet {
  const notAfter = new Date(now.getTime() + OVERLAP_SECONDS * 1000).toISOString();
  const next = set.keys.find((k) => k.status === 'next');
  const kept: PrivateKeyEntry[] = [];
  for (const key of set.keys) {
    if (key.status === 'current') kept.push({ ...key, status: 'retiring', notAfter });
    else if (key.status === 'retiring' && verifiesAt(key, now)) kept.push(key);
  }
  return {
    keys: [
      next ? { ...next, status: 'current' } : generateSigningKey(now, 'current'),
      generateSigningKey(now, 'next'),
      ...kept,
    ],
  };
}

/** Whether the current key has signed for a whole rotation period (or there is none). */
export function rotationDue(set: PrivateKeySet, now: Date): boolean {
  const current = set.keys.find((k) => k.status === 'current');
  if (!current) return true;
  return now.getTime() - Date.parse(current.createdAt) >= ROTATION_PERIOD_DAYS * 86_400_000;
}

/** The key that signs, or an error: a set without one is a deployment fault, not a bad request. */
export function currentKey(set: PrivateKeySet): PrivateKeyEntry {
  const current = set.keys.find((k) => k.status === 'current');
  if (!current) throw new Error('The signing key set has no current key');
  return current;
}

/** The verifiers' half of a set. */
export function publicHalf(set: PrivateKeySet): PublicKeySet {
  return {
    keys: set.keys.map(({ privateJwk: _private, ...key }) => key),
  };
}

/** The JWKS that verifies tokens at `now`: every key but those whose overlap has ended. */
export function jwksAt(set: PublicKeySet, now: Date): { keys: PublishedJwk[] } {
  return {
    keys: set.keys
      .filter((k) => verifiesAt(k, now))
      .map((k) => ({ ...k.publicJwk, kid: k.kid, use: 'sig', alg: SIGNING_ALGORITHM })),
  };
}

/**
 * Parses a stored set; throws naming what is wrong. Hand-checked rather than with zod: the
 * authorizer, which verifies, bundles no schemas (shared/edge/authenticate.ts).
 */
export function parseKeySet(text: string, needPrivate: true): PrivateKeySet;
export function parseKeySet(text: string, needPrivate: false): PublicKeySet;
export function parseKeySet(text: string, needPrivate: boolean): PublicKeySet {
  const value: unknown = JSON.parse(text);
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('A signing key set needs a "keys" array');
  for (const [i, key] of keys.entries()) {
    const k = key as Partial<PrivateKeyEntry> | null;
    const ok =
      typeof k?.kid === 'string' &&
      (k.status === 'current' || k.status === 'next' || k.status === 'retiring') &&
      typeof k.createdAt === 'string' &&
      (k.notAfter === undefined || typeof k.notAfter === 'string') &&
      isJwk(k.publicJwk) &&
      (!needPrivate || (isJwk(k.privateJwk) && typeof k.privateJwk.d === 'string'));
    if (!ok)
      throw new Error(
        `Signing key ${i} is not a ${needPrivate ? 'private' : 'public'} P-256 key entry`,
      );
  }
  return value as PublicKeySet;
}

function isJwk(jwk: unknown): jwk is PublicJwk {
  const j = jwk as Partial<PublicJwk> | null;
  return j?.kty === 'EC' && j.crv === 'P-256' && typeof j.x === 'string' && typeof j.y === 'string';
}
