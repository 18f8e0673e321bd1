import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/auth/jwt';
import {
  jwksAt,
  KEY_CACHE_SECONDS,
  newKeySet,
  OVERLAP_SECONDS,
  parseKeySet,
  publicHalf,
  rotateKeySet,
  rotationDue,
} from '../../../shared/auth/signing-keys';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 86_400_000;
const statuses = (set: { keys: { kid: string; status: string }[] }) =>
  Object.fromEntries(set.keys.map((k) => [k.kid, k.status]));

describe('signing key sets', () => {
  it('a new set has a current key and a published next key, both P-256', () => {
    const set = newKeySet(T0);
    expect(set.keys.map((k) => k.status)).toEqual(['current', 'next']);
    for (const k of set.keys) {
      expect(k.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256' });
      expect(typeof k.privateJwk.d).toBe('string');
    }
    expect(new Set(set.keys.map((k) => k.kid)).size).toBe(2);
  });

  it('rotation promotes next to current, retires current for the overlap, publishes a new next', () => {
    const set = newKeySet(T0);
    const [cur, next] = set.keys;
    const rotated = rotateKeySet(set, at(30 * DAY));
    const s = statuses(rotated);
    expect(s[next!.kid]).toBe('current');
    expect(s[cur!.kid]).toBe('retiring');
    expect(rotated.keys.find((k) => k.kid === cur!.kid)!.notAfter).toBe(
      new Date(at(30 * DAY).getTime() + 7200_000).toISOString(),
    );
    expect(rotated.keys.filter((k) => k.status === 'next')).toHaveLength(1);
    expect(rotated.keys).toHaveLength(3);
    // A second rotation after the overlap drops the first key entirely.
    const again = rotateKeySet(rotated, at(60 * DAY));
    expect(again.keys.map((k) => k.kid)).not.toContain(cur!.kid);
    expect(statuses(again)[next!.kid]).toBe('retiring');
    // A rotation during the overlap keeps the still-verifying retiring key.
    const quick = rotateKeySet(rotated, at(30 * DAY + 3600_000));
    expect(quick.keys.map((k) => k.kid)).toContain(cur!.kid);
  });

  it('a set without keys gets a current and a next key at its first rotation', () => {
    const rotated = rotateKeySet({ keys: [] }, T0);
    expect(rotated.keys.map((k) => k.status)).toEqual(['current', 'next']);
  });

  it('is due for rotation 30 days after the current key started, or when it has none', () => {
    const set = newKeySet(T0);
    expect(rotationDue(set, at(30 * DAY - 1))).toBe(false);
    expect(rotationDue(set, at(30 * DAY))).toBe(true);
    expect(rotationDue({ keys: [] }, T0)).toBe(true);
  });

  it('the overlap outlasts a token signed just before a rotation by a signer that cached the old set', () => {
    expect(OVERLAP_SECONDS).toBeGreaterThan(ACCESS_TOKEN_TTL_SECONDS + KEY_CACHE_SECONDS);
  });

  it('the JWKS lists the keys that verify now, without private parts, with kid/use/alg', () => {
    const rotated = rotateKeySet(newKeySet(T0), T0);
    const jwks = jwksAt(publicHalf(rotated), T0);
    expect(jwks.keys).toHaveLength(3);
    for (const k of jwks.keys) {
      expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
      expect(k).toMatchObject({ use: 'sig', alg: 'ES256' });
    }
    expect(jwksAt(publicHalf(rotated), at(7200_000)).keys).toHaveLength(2);
    expect(JSON.stringify(publicHalf(rotated))).not.toContain('"d"');
  });

  it('parses stored sets and names what is wrong', () => {
    const set = newKeySet(T0);
    expect(parseKeySet(JSON.stringify(set), true)).toEqual(set);
    expect(parseKeySet(JSON.stringify(publicHalf(set)), false)).toEqual(publicHalf(set));
    expect(() => parseKeySet(JSON.stringify(publicHalf(set)), true)).toThrow(
      /Signing key 0 is not a private/,
    );
    expect(() => parseKeySet('{}', false)).toThrow(/"keys" array/);
    expect(() => parseKeySet('null', false)).toThrow(/"keys" array/);
    const bad = { keys: [{ ...publicHalf(set).keys[0], status: 'old' }] };
    expect(() => parseKeySet(JSON.stringify(bad), false)).toThrow(/Signing key 0 is not a public/);
    const rsa = {
      keys: [{ ...publicHalf(set).keys[0], publicJwk: { kty: 'RSA', n: 'x', e: 'AQAB' } }],
    };
    expect(() => parseKeySet(JSON.stringify(rsa), false)).toThrow(/Signing key 0/);
  });
});
