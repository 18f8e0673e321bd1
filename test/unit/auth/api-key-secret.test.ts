import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  displayPrefix,
  generateApiKeySecret,
  hashApiKeySecret,
  hashesEqual,
  isApiKeySecret,
} from '../../../shared/auth/api-key-secret';

describe('generateApiKeySecret', () => {
  it('is svc_sk_ followed by 43 base64url characters encoding 32 random bytes', () => {
    const secret = generateApiKeySecret();
    expect(API_KEY_PREFIX).toBe('svc_sk_');
    expect(secret).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice('svc_sk_'.length), 'base64url')).toHaveLength(32);
  });

  it('never repeats over 1000 secrets', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateApiKeySecret()));
    expect(secrets.size).toBe(1000);
    for (const s of secrets) expect(s).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);
  });

  it('is recognised as an API-key secret, while a JWT is not', () => {
    expect(isApiKeySecret(generateApiKeySecret())).toBe(true);
    expect(isApiKeySecret('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(isApiKeySecret('svc_pk_abc')).toBe(false);
  });
});

describe('hashApiKeySecret', () => {
  it('is the lowercase hex SHA-256 of the secret', () => {
    // Known vector: SHA-256("abc").
    expect(hashApiKeySecret('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const secret = generateApiKeySecret();
    const hash = hashApiKeySecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(hashApiKeySecret(secret)).toBe(hash);
    expect(hashApiKeySecret(generateApiKeySecret())).not.toBe(hash);
  });
});

describe('hashesEqual', () => {
  const a = hashApiKeySecret('first');
  const b = hashApiKeySecret('second');

  it('is true for equal hashes', () => {
    expect(hashesEqual(a, a)).toBe(true);
    expect(hashesEqual(a, String(a))).toBe(true);
  });

  it('is false for different hashes of the same length', () => {
    expect(hashesEqual(a, b)).toBe(false);
    // Differs only in the last hex digit.
    const last = a.at(-1) === '0' ? '1' : '0';
    expect(hashesEqual(a, a.slice(0, -1) + last)).toBe(false);
  });

  it('is false (and does not throw) for different lengths', () => {
    expect(hashesEqual(a, a.slice(0, 62))).toBe(false);
    expect(hashesEqual(a.slice(0, 62), a)).toBe(false);
    expect(hashesEqual(a, `${a}00`)).toBe(false);
  });

  it('is false for empty input', () => {
    expect(hashesEqual('', '')).toBe(false);
    expect(hashesEqual(a, '')).toBe(false);
    expect(hashesEqual('', a)).toBe(false);
  });

  // Buffer.from(x, 'hex') drops a trailing odd nibble; hashesEqual must not be fooled by it.
  it('is false for strings that differ only in a trailing odd nibble or after a non-hex character', () => {
    expect(hashesEqual('abc', 'abd')).toBe(false);
    expect(hashesEqual('ab', 'abzz')).toBe(false);
  });
});

describe('displayPrefix', () => {
  it('shows the prefix and four characters, then an ellipsis', () => {
    expect(displayPrefix('svc_sk_ABCDefghIJKL')).toBe('svc_sk_ABCD…');
    const secret = generateApiKeySecret();
    const shown = displayPrefix(secret);
    expect(shown).toBe(`${secret.slice(0, 11)}…`);
    expect(shown.length).toBe(12);
  });
});
