import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessClaims,
  resetSigningKey,
  signAccessToken,
  verifyAccessToken,
} from '../../../shared/auth/jwt';
import {
  newKeySet,
  OVERLAP_SECONDS,
  type PrivateKeySet,
  rotateKeySet,
} from '../../../shared/auth/signing-keys';

// Whole seconds, so `iat` equals now and the expiry boundary is exact.
const NOW = new Date('2025-03-01T10:00:00.000Z');
const KEYS: PrivateKeySet = newKeySet(NOW);
const SECRET = JSON.stringify(KEYS);
const OTHER_SECRET = JSON.stringify(newKeySet(NOW));
const current = (set: PrivateKeySet) => set.keys.find((k) => k.status === 'current')!;
const privateKeyOf = (set: PrivateKeySet) =>
  createPrivateKey({ key: { ...current(set).privateJwk }, format: 'jwk' });
const CLAIMS: AccessClaims = { sub: 'user-1', tid: 'tenant-1', role: 'DOCTOR' };
// The module's issuer and audience (not exported). The control test below proves they are right,
// so the "missing tid" test fails for the reason it claims.
const ISSUER = 'hospital-management-service';
const AUDIENCE = 'hospital-api';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

const ENV = ['SIGNING_KEYS', 'SIGNING_KEYS_ARN', 'SIGNING_PUBLIC_KEYS_ARN'] as const;
const saved: Partial<Record<(typeof ENV)[number], string | undefined>> = {};

beforeAll(() => {
  for (const name of ENV) saved[name] = process.env[name];
});
afterAll(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetSigningKey();
});
beforeEach(() => {
  process.env.SIGNING_KEYS = SECRET;
  delete process.env.SIGNING_KEYS_ARN;
  delete process.env.SIGNING_PUBLIC_KEYS_ARN;
  resetSigningKey();
});

function handSigned(
  payload: Record<string, unknown>,
  secret = SECRET,
  iat = Math.floor(NOW.getTime() / 1000),
) {
  const set = JSON.parse(secret) as PrivateKeySet;
  let jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: current(set).kid })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600);
  if (typeof payload.sub === 'string') jwt = jwt.setSubject(payload.sub);
  return jwt.sign(privateKeyOf(set));
}

describe('signAccessToken / verifyAccessToken', () => {
  it('round-trips the claims', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    expect(token.split('.')).toHaveLength(3);
    expect(await verifyAccessToken(token, NOW)).toEqual(CLAIMS);
  });

  it('signs with ES256 and the current key kid, a one-hour expiry, and the tenant and role claims', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    const [header, payload] = token.split('.');
    expect(decodePart(header!)).toEqual({ alg: 'ES256', typ: 'JWT', kid: current(KEYS).kid });
    const p = decodePart(payload!);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    expect(p).toMatchObject({
      sub: 'user-1',
      tid: 'tenant-1',
      role: 'DOCTOR',
      iss: ISSUER,
      aud: AUDIENCE,
    });
    expect(p.exp).toBe(Math.floor(NOW.getTime() / 1000) + 3600);
  });

  it('accepts the token until it expires and returns null after', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    expect(await verifyAccessToken(token, new Date(NOW.getTime() + 3599_000))).toEqual(CLAIMS);
    expect(await verifyAccessToken(token, new Date(NOW.getTime() + 3601_000))).toBeNull();
  });

  it('returns null for a token signed with another key set', async () => {
    process.env.SIGNING_KEYS = OTHER_SECRET;
    resetSigningKey();
    const foreign = await signAccessToken(CLAIMS, NOW);
    process.env.SIGNING_KEYS = SECRET;
    resetSigningKey();
    expect(await verifyAccessToken(foreign, NOW)).toBeNull();
    // And the same claims signed with the right secret still verify.
    expect(await verifyAccessToken(await signAccessToken(CLAIMS, NOW), NOW)).toEqual(CLAIMS);
  });

  it('returns null when the payload is tampered with (e.g. another tenant or role)', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    const [header, payload, signature] = token.split('.');
    const tampered = { ...decodePart(payload!), tid: 'tenant-2', role: 'ADMIN' };
    expect(
      await verifyAccessToken([header, b64url(tampered), signature].join('.'), NOW),
    ).toBeNull();
  });

  it('returns null for an unsigned alg:none token', async () => {
    const valid = await signAccessToken(CLAIMS, NOW);
    const payload = valid.split('.')[1]!;
    expect(
      await verifyAccessToken(`${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`, NOW),
    ).toBeNull();
    expect(await verifyAccessToken(`${b64url({ alg: 'none' })}.${payload}`, NOW)).toBeNull();
  });

  it('returns null for a correctly signed token that lacks tid (and accepts the control token with it)', async () => {
    const control = await handSigned({ sub: 'user-1', tid: 'tenant-1', role: 'DOCTOR' });
    expect(await verifyAccessToken(control, NOW)).toEqual(CLAIMS);
    expect(
      await verifyAccessToken(await handSigned({ sub: 'user-1', role: 'DOCTOR' }), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(await handSigned({ sub: 'user-1', tid: 42, role: 'DOCTOR' }), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(await handSigned({ sub: 'user-1', tid: 'tenant-1' }), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(await handSigned({ tid: 'tenant-1', role: 'DOCTOR' }), NOW),
    ).toBeNull();
  });

  it('returns null for a token from another issuer or audience', async () => {
    const iat = Math.floor(NOW.getTime() / 1000);
    const key = privateKeyOf(KEYS);
    const base = () =>
      new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
        .setProtectedHeader({ alg: 'ES256', kid: current(KEYS).kid })
        .setSubject('user-1')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600);
    expect(
      await verifyAccessToken(
        await base().setIssuer('someone-else').setAudience(AUDIENCE).sign(key),
        NOW,
      ),
    ).toBeNull();
    expect(
      await verifyAccessToken(
        await base().setIssuer(ISSUER).setAudience('another-api').sign(key),
        NOW,
      ),
    ).toBeNull();
  });

  it('returns null for garbage instead of throwing', async () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c', 'svc_sk_abc', '...']) {
      expect(await verifyAccessToken(token, NOW), token).toBeNull();
    }
  });

  it('fails loudly when no signing key is configured', async () => {
    delete process.env.SIGNING_KEYS;
    resetSigningKey();
    await expect(signAccessToken(CLAIMS, NOW)).rejects.toThrow(/SIGNING_KEYS/);
    await expect(verifyAccessToken('a.b.c', NOW)).resolves.toBeNull();
    const valid = `${b64url({ alg: 'ES256', kid: 'k' })}.${b64url({})}.sig`;
    await expect(verifyAccessToken(valid, NOW)).rejects.toThrow(/SIGNING_PUBLIC_KEYS_ARN/);
  });

  it('refuses an HS256 token, even one whose HMAC key is the public key (algorithm confusion)', async () => {
    const jwk = current(KEYS).publicJwk;
    const iat = Math.floor(NOW.getTime() / 1000);
    const hs = await new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
      .setProtectedHeader({ alg: 'HS256', kid: current(KEYS).kid })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expect(await verifyAccessToken(hs, NOW)).toBeNull();
  });

  it('refuses a token without a kid, or with a kid no key has', async () => {
    const iat = Math.floor(NOW.getTime() / 1000);
    const signed = (header: { alg: 'ES256'; kid?: string }) =>
      new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
        .setProtectedHeader(header)
        .setSubject('user-1')
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(privateKeyOf(KEYS));
    expect(
      await verifyAccessToken(await signed({ alg: 'ES256', kid: current(KEYS).kid }), NOW),
    ).toEqual(CLAIMS);
    expect(await verifyAccessToken(await signed({ alg: 'ES256' }), NOW)).toBeNull();
    expect(
      await verifyAccessToken(await signed({ alg: 'ES256', kid: 'no-such-key' }), NOW),
    ).toBeNull();
  });

  it('selects the verifying key by kid: a token whose kid names another key of the set fails', async () => {
    const next = KEYS.keys.find((k) => k.status === 'next')!;
    const token = await signAccessToken(CLAIMS, NOW);
    const [, payload, signature] = token.split('.');
    const relabelled = [
      b64url({ alg: 'ES256', typ: 'JWT', kid: next.kid }),
      payload,
      signature,
    ].join('.');
    expect(await verifyAccessToken(relabelled, NOW)).toBeNull();
  });
});

describe('rotation with an overlap window', () => {
  it('a token signed with the previous key verifies during the overlap and not after it', async () => {
    const before = await signAccessToken(CLAIMS, NOW);
    const rotatedAt = new Date(NOW.getTime() + 30 * 60_000);
    process.env.SIGNING_KEYS = JSON.stringify(rotateKeySet(KEYS, rotatedAt));
    resetSigningKey();
    const after = await signAccessToken(CLAIMS, rotatedAt);
    // The new token is signed by the key that was published as `next` before the rotation.
    expect(decodePart(after.split('.')[0]!).kid).toBe(
      KEYS.keys.find((k) => k.status === 'next')!.kid,
    );
    // Within the old token's life (and the overlap): still valid.
    expect(await verifyAccessToken(before, new Date(NOW.getTime() + 59 * 60_000))).toEqual(CLAIMS);
    // The overlap outlasts the token: OVERLAP_SECONDS > token lifetime + the keys' cache time.
    expect(OVERLAP_SECONDS).toBe(7200);
    // After the overlap the previous key no longer verifies anything, even a token whose own
    // expiry has not passed (checked with a token signed by the old key with a long expiry).
    const end = new Date(rotatedAt.getTime() + OVERLAP_SECONDS * 1000);
    const iat = Math.floor(end.getTime() / 1000) - 60;
    const lateOld = await new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
      .setProtectedHeader({ alg: 'ES256', kid: current(KEYS).kid })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(privateKeyOf(KEYS));
    expect(await verifyAccessToken(lateOld, new Date(end.getTime() - 1000))).toEqual(CLAIMS);
    expect(await verifyAccessToken(lateOld, end)).toBeNull();
    // The new key keeps verifying.
    expect(await verifyAccessToken(after, new Date(rotatedAt.getTime() + 3599_000))).toEqual(
      CLAIMS,
    );
  });

  it('a verifier that cached the set before a rotation re-reads it for an unknown kid', async () => {
    const rotated = rotateKeySet(rotateKeySet(KEYS, NOW), NOW);
    // Prime the verifier's cache with the old set.
    expect(await verifyAccessToken(await signAccessToken(CLAIMS, NOW), NOW)).toEqual(CLAIMS);
    // The environment (the "secret") changes without a reset: the cache is older than 30 s only later.
    process.env.SIGNING_KEYS = JSON.stringify(rotated);
    const key = rotated.keys.find((k) => k.status === 'current')!;
    const iat = Math.floor(NOW.getTime() / 1000);
    const token = await new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setSubject('user-1')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(createPrivateKey({ key: { ...key.privateJwk }, format: 'jwk' }));
    // Within 30 s of the load the unknown kid is refused without a reload …
    expect(await verifyAccessToken(token, NOW)).toBeNull();
    // … and after 30 s it is re-read and verifies.
    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      expect(await verifyAccessToken(token, NOW)).toEqual(CLAIMS);
    } finally {
      Date.now = realNow;
    }
  });
});
