import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccessClaims,
  resetSigningKey,
  signAccessToken,
  verifyAccessToken,
} from '../../../shared/auth/jwt';

const SECRET = 'unit-test-jwt-secret-0123456789abcdef';
const OTHER_SECRET = 'a-completely-different-secret-9876543210';
// Whole seconds, so `iat` equals now and the expiry boundary is exact.
const NOW = new Date('2025-03-01T10:00:00.000Z');
const CLAIMS: AccessClaims = { sub: 'user-1', tid: 'tenant-1', role: 'DOCTOR' };
// The module's issuer and audience (not exported). The control test below proves they are right,
// so the "missing tid" test fails for the reason it claims.
const ISSUER = 'hospital-management-service';
const AUDIENCE = 'hospital-api';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

let savedSecret: string | undefined;
let savedArn: string | undefined;

beforeAll(() => {
  savedSecret = process.env.JWT_SECRET;
  savedArn = process.env.JWT_SECRET_ARN;
});
afterAll(() => {
  if (savedSecret === undefined) delete process.env.JWT_SECRET;
  else process.env.JWT_SECRET = savedSecret;
  if (savedArn === undefined) delete process.env.JWT_SECRET_ARN;
  else process.env.JWT_SECRET_ARN = savedArn;
  resetSigningKey();
});
beforeEach(() => {
  process.env.JWT_SECRET = SECRET;
  resetSigningKey();
});

function handSigned(
  payload: Record<string, unknown>,
  secret = SECRET,
  iat = Math.floor(NOW.getTime() / 1000),
) {
  let jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600);
  if (typeof payload.sub === 'string') jwt = jwt.setSubject(payload.sub);
  return jwt.sign(new TextEncoder().encode(secret));
}

describe('signAccessToken / verifyAccessToken', () => {
  it('round-trips the claims', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    expect(token.split('.')).toHaveLength(3);
    expect(await verifyAccessToken(token, NOW)).toEqual(CLAIMS);
  });

  it('signs with HS256, a one-hour expiry, and the tenant and role claims', async () => {
    const token = await signAccessToken(CLAIMS, NOW);
    const [header, payload] = token.split('.');
    expect(decodePart(header!)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
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

  it('returns null for a token signed with another secret', async () => {
    process.env.JWT_SECRET = OTHER_SECRET;
    resetSigningKey();
    const foreign = await signAccessToken(CLAIMS, NOW);
    process.env.JWT_SECRET = SECRET;
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
    const key = new TextEncoder().encode(SECRET);
    const base = () =>
      new SignJWT({ tid: 'tenant-1', role: 'DOCTOR' })
        .setProtectedHeader({ alg: 'HS256' })
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

  it('fails loudly when no signing secret is configured', async () => {
    delete process.env.JWT_SECRET;
    delete process.env.JWT_SECRET_ARN;
    resetSigningKey();
    await expect(signAccessToken(CLAIMS, NOW)).rejects.toThrow(/JWT_SECRET/);
  });
});
