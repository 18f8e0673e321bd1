import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/kernel/errors';
import { email, idParam, nonEmpty } from '../../../shared/kernel/fields';
import { invalidField, parseOrThrow } from '../../../shared/kernel/validation';
import * as z from '../../../shared/kernel/zod';
import { thrownBy } from '../../support/thrown';

const Patient = z.strictObject({
  name: nonEmpty(20),
  address: z.strictObject({
    city: nonEmpty(40),
    zip: z.string().check(z.regex(/^\d{6}$/, 'must be six digits')),
  }),
});

type Issue = { field: string; message: string };
const invalid = (fn: () => unknown) => {
  const err = thrownBy(fn);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe('invalid');
  return err as AppError;
};

describe('parseOrThrow', () => {
  it('returns the parsed (and transformed) value on success', () => {
    expect(
      parseOrThrow(Patient, { name: '  Asha ', address: { city: 'Pune', zip: '411001' } }),
    ).toEqual({
      name: 'Asha',
      address: { city: 'Pune', zip: '411001' },
    });
  });

  it('throws an invalid error whose message names the nested field path', () => {
    const e = invalid(() =>
      parseOrThrow(Patient, { name: 'Asha', address: { city: '', zip: '411001' } }),
    );
    expect(e.message).toBe('address.city: must not be empty');
    expect(e.details?.issues).toEqual([{ field: 'address.city', message: 'must not be empty' }]);
  });

  it('lists every bad field in details.issues', () => {
    const e = invalid(() =>
      parseOrThrow(Patient, { name: '', address: { city: 'Pune', zip: '12' } }),
    );
    const fields = (e.details?.issues as Issue[]).map((i) => i.field).sort();
    expect(fields).toEqual(['address.zip', 'name']);
    expect(e.message).toContain('address.zip: must be six digits');
    expect(e.message).toContain('name: must not be empty');
  });

  it('names array indexes in the path', () => {
    const schema = z.object({
      items: z.array(z.object({ qty: z.number().check(z.int(), z.positive('must be positive')) })),
    });
    const e = invalid(() => parseOrThrow(schema, { items: [{ qty: 1 }, { qty: -1 }] }));
    expect(e.message).toContain('items.1.qty');
    expect(e.details?.issues).toEqual([{ field: 'items.1.qty', message: 'must be positive' }]);
  });

  it('uses an empty field for a failure of the input as a whole', () => {
    const e = invalid(() => parseOrThrow(Patient, 'not an object'));
    expect(e.message.startsWith('input:')).toBe(true);
    expect((e.details?.issues as Issue[])[0]!.field).toBe('');
  });

  it('names unknown keys rejected by a strict object', () => {
    const e = invalid(() =>
      parseOrThrow(Patient, { name: 'A', address: { city: 'X', zip: '411001' }, isAdmin: true }),
    );
    expect(e.message).toContain('isAdmin');
  });

  it('caps the message at five issues but keeps them all in details', () => {
    const schema = z.object(
      Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`f${i}`, z.string()])),
    );
    const e = invalid(() => parseOrThrow(schema, {}));
    expect((e.details?.issues as Issue[]).length).toBe(7);
    expect(e.message.split('; ')).toHaveLength(5);
    expect(e.message).not.toContain('f5');
  });

  it('says "is required" rather than zod\'s type wording for a missing field', () => {
    const e = invalid(() =>
      parseOrThrow(z.strictObject({ slug: z.string(), name: z.string() }), { name: 'x' }),
    );
    expect(e.message).toBe('slug: is required');
  });
});

describe('invalidField', () => {
  it('is an invalid error about one field, for rules checked after parsing', () => {
    const e = invalidField('dateOfBirth', 'must not be in the future');
    expect(e.code).toBe('invalid');
    expect(e.message).toBe('dateOfBirth: must not be in the future');
    expect(e.details?.issues).toEqual([
      { field: 'dateOfBirth', message: 'must not be in the future' },
    ]);
  });
});

describe('field schemas', () => {
  it('nonEmpty trims, refuses blank and enforces the maximum', () => {
    expect(nonEmpty(5).parse('  abc  ')).toBe('abc');
    expect(nonEmpty(5).safeParse('   ').success).toBe(false);
    expect(nonEmpty(5).safeParse('abcdef').success).toBe(false);
  });

  it('email trims and lower-cases, and refuses non-addresses', () => {
    expect(email().parse('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(email().safeParse('not-an-email').success).toBe(false);
  });

  it('idParam accepts ids and refuses path tricks', () => {
    expect(idParam().parse('01J9ZK-abc')).toBe('01J9ZK-abc');
    for (const bad of ['', '../etc', 'a/b', 'a b', 'x'.repeat(65)])
      expect(idParam().safeParse(bad).success, bad).toBe(false);
  });
});
