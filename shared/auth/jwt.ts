import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../kernel/roles';
import {
  currentKey,
  jwksAt,
  KEY_CACHE_SECONDS,
  type PrivateKeySet,
  type PublicKeySet,
  parseKeySet,
  publicHalf,
  SIGNING_ALGORITHM,
} from './signing-keys';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'hospital-management-service';
const AUDIENCE = 'hospital-api';

/** An unknown `kid` makes a verifier re-read the public keys, at most this often. */
const UNKNOWN_KID_RELOAD_SECONDS = 30;

export interface AccessClaims {
  sub: string;
  tid: string;
  role: Role;
}

/**
 * Where the keys come from (shared/auth/signing-keys.ts):
 * - `SIGNING_KEYS`: the whole set as JSON, private keys included (the local runtime, which keeps
 *   it in its data folder, and the tests);
 * - `SIGNING_KEYS_ARN`: the private set in Secrets Manager, readable only by the signer (`auth`);
 * - `SIGNING_PUBLIC_KEYS_ARN`: the public set in Secrets Manager, read by the verifiers (the
 *   authorizer, MCP). A verifier never holds a private key.
 */
interface Cached<T> {
  value: Promise<T>;
  loadedAt: number;
}
let privateCache: Cached<PrivateKeySet> | undefined;
let publicCache: Cached<PublicKeySet> | undefined;
const imported = new Map<string, KeyObject>();

async function readSecret(arn: string): Promise<string> {
  const res = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!res.SecretString) throw new Error('The signing key secret is empty');
  return res.SecretString;
}

async function loadPrivateSet(): Promise<PrivateKeySet> {
  const local = process.env.SIGNING_KEYS;
  if (local) return parseKeySet(local, true);
  const arn = process.env.SIGNING_KEYS_ARN;
  if (!arn) throw new Error('No signing key: neither SIGNING_KEYS nor SIGNING_KEYS_ARN is set');
  return parseKeySet(await readSecret(arn), true);
}

async function loadPublicSet(): Promise<PublicKeySet> {
  const arn = process.env.SIGNING_PUBLIC_KEYS_ARN;
  if (!process.env.SIGNING_KEYS && arn) return parseKeySet(await readSecret(arn), false);
  if (!process.env.SIGNING_KEYS && !process.env.SIGNING_KEYS_ARN)
    throw new Error(
      'No verification key: none of SIGNING_KEYS, SIGNING_PUBLIC_KEYS_ARN, SIGNING_KEYS_ARN is set',
    );
  return publicHalf(await loadPrivateSet());
}

/** A container keeps what it loaded for KEY_CACHE_SECONDS; a failed load is not kept. */
function cached<T>(
  entry: Cached<T> | undefined,
  load: () => Promise<T>,
  maxAgeSeconds: number,
  keep: (e: Cached<T> | undefined) => void,
): Promise<T> {
  if (entry && Date.now() - entry.loadedAt < maxAgeSeconds * 1000) return entry.value;
  const fresh: Cached<T> = { value: load(), loadedAt: Date.now() };
  fresh.value.catch(() => keep(undefined));
  keep(fresh);
  return fresh.value;
}

function privateSet(): Promise<PrivateKeySet> {
  return cached(privateCache, loadPrivateSet, KEY_CACHE_SECONDS, (e) => {
    privateCache = e;
  });
}

function publicSet(maxAgeSeconds = KEY_CACHE_SECONDS): Promise<PublicKeySet> {
  return cached(publicCache, loadPublicSet, maxAgeSeconds, (e) => {
    publicCache = e;
  });
}

/** Forget the loaded keys (tests, the local runtime after it changes the environment). */
export function resetSigningKey(): void {
  privateCache = undefined;
  publicCache = undefined;
  imported.clear();
}

export async function signAccessToken(claims: AccessClaims, now: Date): Promise<string> {
  const key = currentKey(await privateSet());
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ tid: claims.tid, role: claims.role })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(createPrivateKey({ key: { ...key.privateJwk }, format: 'jwk' }));
}

/** The keys that verify at `now`, as published at /.well-known/jwks.json. */
export async function publishedJwks(now: Date): Promise<ReturnType<typeof jwksAt>> {
  return jwksAt(await publicSet(), now);
}

/**
 * The public key named by the token's `kid` that still verifies at `now`, or null. A `kid` the
 * cached set does not know makes the container re-read the set (at most every 30 s), in case a
 * rotation ran since it was loaded.
 */
async function verificationKey(kid: string, now: Date): Promise<KeyObject | null> {
  let jwk = jwksAt(await publicSet(), now).keys.find((k) => k.kid === kid);
  if (!jwk) {
    const known = (await publicSet()).keys.some((k) => k.kid === kid);
    if (!known)
      jwk = jwksAt(await publicSet(UNKNOWN_KID_RELOAD_SECONDS), now).keys.find(
        (k) => k.kid === kid,
      );
  }
  if (!jwk) return null;
  let key = imported.get(kid);
  if (!key) {
    key = createPublicKey({
      key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
      format: 'jwk',
    });
    imported.set(kid, key);
  }
  return key;
}

/** The token's header, or null when it is not a JWS in compact form (jose throws a TypeError). */
function protectedHeader(token: string): ReturnType<typeof decodeProtectedHeader> | null {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return null;
  }
}

/** Returns the claims, or null for any invalid, expired, foreign or retired-key token. */
export async function verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const header = protectedHeader(token);
    if (typeof header?.kid !== 'string' || header.alg !== SIGNING_ALGORITHM) return null;
    const kid = header.kid;
    const key = await verificationKey(kid, now);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: [SIGNING_ALGORITHM],
      currentDate: now,
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.tid !== 'string' ||
      typeof payload.role !== 'string'
    )
      return null;
    return { sub: payload.sub, tid: payload.tid, role: payload.role as Role };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
