import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from '../../../shared/auth/passwords';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-=?@';

describe('hashPassword / verifyPassword', () => {
  it('verifies the password it hashed', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  });

  it('rejects a wrong password, including one differing by a single character or case', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('wrong password entirely', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery staplf', stored)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('stores scrypt$N$r$p$salt$key with the parameters used', async () => {
    const stored = await hashPassword('s3cret-password!');
    expect(stored.startsWith('scrypt$')).toBe(true);
    const [alg, n, r, p, salt, key] = stored.split('$');
    expect(alg).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(16384);
    expect(Number(r)).toBeGreaterThanOrEqual(8);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(key!, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(stored).not.toContain('s3cret-password!');
  });

  it('salts per hash: the same password hashes differently and both verify', async () => {
    const a = await hashPassword('same password twice');
    const b = await hashPassword('same password twice');
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('same password twice', a)).toBe(true);
    expect(await verifyPassword('same password twice', b)).toBe(true);
  });

  it('returns false for malformed stored hashes', async () => {
    const good = await hashPassword('pw-for-malformed-tests');
    const [, n, r, p, salt, key] = good.split('$');
    const malformed = [
      '',
      'garbage',
      `bcrypt$${n}$${r}$${p}$${salt}$${key}`,
      `SCRYPT$${n}$${r}$${p}$${salt}$${key}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      `scrypt$${n}$${r}$${p}$$${key}`,
    ];
    for (const stored of malformed) {
      expect(await verifyPassword('pw-for-malformed-tests', stored), JSON.stringify(stored)).toBe(
        false,
      );
    }
  });

  // A zero-length stored key must not make every password match.
  it('returns false when the stored key decodes to zero bytes (any password would match)', async () => {
    expect(
      await verifyPassword('any password at all', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$!!!!'),
    ).toBe(false);
    expect(await verifyPassword('any password at all', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$A')).toBe(
      false,
    );
  });

  // Malformed parameters are a failed verification, not an exception.
  it('returns false (does not throw) for invalid scrypt parameters', async () => {
    await expect(verifyPassword('x', 'scrypt$abc$8$1$c2FsdA$a2V5a2V5')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1000$8$1$c2FsdA$a2V5a2V5')).resolves.toBe(false);
  });
});

describe('generatePassword', () => {
  it('makes 20-character passwords with all four character classes and nothing else (200 runs)', () => {
    const allowed = new Set(UPPER + LOWER + DIGITS + SYMBOLS);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(20);
      expect(
        [...pw].some((c) => UPPER.includes(c)),
        pw,
      ).toBe(true);
      expect(
        [...pw].some((c) => LOWER.includes(c)),
        pw,
      ).toBe(true);
      expect(
        [...pw].some((c) => DIGITS.includes(c)),
        pw,
      ).toBe(true);
      expect(
        [...pw].some((c) => SYMBOLS.includes(c)),
        pw,
      ).toBe(true);
      for (const c of pw) expect(allowed.has(c), `unexpected character ${c} in ${pw}`).toBe(true);
      seen.add(pw);
    }
    expect(seen.size).toBe(200);
  });

  it('honours a custom length and still includes every class', () => {
    for (let i = 0; i < 50; i++) {
      const pw = generatePassword(12);
      expect(pw).toHaveLength(12);
      for (const cls of [UPPER, LOWER, DIGITS, SYMBOLS])
        expect([...pw].some((c) => cls.includes(c))).toBe(true);
    }
  });

  it('does not always put the guaranteed characters first (it shuffles)', () => {
    // Without the shuffle the first character would always be upper case.
    const firstChars = new Set(Array.from({ length: 100 }, () => generatePassword()[0]));
    expect([...firstChars].some((c) => !UPPER.includes(c!))).toBe(true);
  });
});
