import { randomBytes, type ScryptOptions, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import * as z from '../kernel/zod';

/** What a chosen password must be (a generated one is 20 characters from four classes). */
export const PasswordSchema = z
  .string()
  .check(
    z.minLength(12, 'must be at least 12 characters'),
    z.maxLength(128, 'must be at most 128 characters'),
  );

/** scrypt with a per-user salt; parameters are stored with the hash so they can be raised later. */
const PARAMS = { N: 16384, r: 8, p: 1, keylen: 64 };

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, {
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
  });
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** False for a wrong password and for any malformed stored hash; never throws on bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64url');
  // A truncated or empty stored key would make every password "match" a zero-length derivation.
  if (expected.length < 32) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  try {
    const actual = await scrypt(
      password,
      Buffer.from(saltB64, 'base64url'),
      expected.length,
      params,
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?@'];

/** 20 characters from four classes, at least one of each, unbiased. */
export function generatePassword(length = 20): string {
  const all = ALPHABETS.join('');
  const pick = (alphabet: string) => {
    // Rejection sampling keeps every character equally likely.
    const limit = 256 - (256 % alphabet.length);
    for (;;) {
      const byte = randomBytes(1)[0]!;
      if (byte < limit) return alphabet[byte % alphabet.length]!;
    }
  };
  const chars = [
    ...ALPHABETS.map(pick),
    ...Array.from({ length: length - ALPHABETS.length }, () => pick(all)),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
