import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { BadRequest, HttpError } from '../../../shared/http/errors';
import {
  email,
  idParam,
  nonEmpty,
  parseJsonBody,
  parseOrThrow,
} from '../../../shared/http/validation';
import { thrownBy } from '../../support/thrown';

const Patient = z.strictObject({
  name: nonEmpty(20),
  address: z.strictObject({
    city: nonEmpty(40),
    zip: z.string().regex(/^\d{6}$/, 'must be six digits'),
  }),
});

type Issue = { field: string; message: string };

describe('parseOrThrow', () => {
  it('returns the parsed (and transformed) value on success', () => {
    expect(
      parseOrThrow(Patient, { name: '  Asha ', address: { city: 'Pune', zip: '411001' } }, 'body'),
    ).toEqual({
      name: 'Asha',
      address: { city: 'Pune', zip: '411001' },
    });
  });

  it('throws a 400 BadRequest whose message names the nested field path', () => {
    const err = thrownBy(() =>
      parseOrThrow(Patient, { name: 'Asha', address: { city: '', zip: '411001' } }, 'body'),
    );
    expect(err).toBeInstanceOf(BadRequest);
    expect(err).toBeInstanceOf(HttpError);
    const e = err as BadRequest;
    expect(e.statusCode).toBe(400);
    expect(e.error).toBe('Bad Request');
    expect(e.message).toContain('address.city');
    expect(e.message).toContain('must not be empty');
    expect(e.message.startsWith('Invalid body')).toBe(true);
    expect(e.details?.issues).toEqual([{ field: 'address.city', message: 'must not be empty' }]);
  });

  it('lists every bad field in details.issues', () => {
    const e = thrownBy(() =>
      parseOrThrow(Patient, { name: '', address: { city: 'Pune', zip: '12' } }, 'body'),
    ) as BadRequest;
    const fields = (e.details?.issues as Issue[]).map((i) => i.field).sort();
    expect(fields).toEqual(['address.zip', 'name']);
    expect(e.message).toContain('address.zip: must be six digits');
    expect(e.message).toContain('name: must not be empty');
  });

  it('names array indexes in the path', () => {
    const schema = z.object({
      items: z.array(z.object({ qty: z.number().int().positive('must be positive') })),
    });
    const e = thrownBy(() =>
      parseOrThrow(schema, { items: [{ qty: 1 }, { qty: -1 }] }, 'body'),
    ) as BadRequest;
    expect(e.message).toContain('items.1.qty');
    expect(e.details?.issues).toEqual([{ field: 'items.1.qty', message: 'must be positive' }]);
  });

  it('uses the location as the field for a top-level failure', () => {
    const e = thrownBy(() => parseOrThrow(Patient, 'not an object', 'query')) as BadRequest;
    expect(e.statusCode).toBe(400);
    expect(e.message.startsWith('Invalid query: query:')).toBe(true);
    expect((e.details?.issues as Issue[])[0]!.field).toBe('query');
  });

  it('names unknown keys rejected by a strict object', () => {
    const e = thrownBy(() =>
      parseOrThrow(
        Patient,
        { name: 'A', address: { city: 'X', zip: '411001' }, isAdmin: true },
        'body',
      ),
    ) as BadRequest;
    expect(e.statusCode).toBe(400);
    expect(e.message).toContain('isAdmin');
  });

  it('caps the message at five issues but keeps them all in details', () => {
    const schema = z.object(
      Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`f${i}`, z.string()])),
    );
    const e = thrownBy(() => parseOrThrow(schema, {}, 'body')) as BadRequest;
    expect((e.details?.issues as Issue[]).length).toBe(7);
    expect(e.message.split('; ')).toHaveLength(5);
    expect(e.message).not.toContain('f5');
  });
});

describe('parseJsonBody', () => {
  it('parses JSON', () => {
    expect(parseJsonBody('{"a":1,"b":[true,null]}')).toEqual({ a: 1, b: [true, null] });
  });

  it('answers 400 for invalid JSON instead of throwing a SyntaxError', () => {
    for (const raw of ['{', '{"a":}', "{'a':1}", 'undefined', '{"a":1}}']) {
      const err = thrownBy(() => parseJsonBody(raw));
      expect(err, raw).toBeInstanceOf(BadRequest);
      expect((err as BadRequest).statusCode).toBe(400);
      expect((err as BadRequest).message).toMatch(/JSON/);
    }
  });

  it('decodes a base64-encoded body', () => {
    const raw = Buffer.from(JSON.stringify({ city: 'Pune', name: 'Āsha' }), 'utf8').toString(
      'base64',
    );
    expect(parseJsonBody(raw, true)).toEqual({ city: 'Pune', name: 'Āsha' });
    expect(() => parseJsonBody(raw, false)).toThrow(BadRequest);
  });

  it('treats a missing or empty body as undefined', () => {
    expect(parseJsonBody(undefined)).toBeUndefined();
    expect(parseJsonBody(null)).toBeUndefined();
    expect(parseJsonBody('')).toBeUndefined();
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

describe('missing fields', () => {
  it('say "is required" rather than zod\'s type wording', async () => {
    const { z } = await import('zod');
    const { parseOrThrow } = await import('../../../shared/http/validation');
    try {
      parseOrThrow(z.strictObject({ slug: z.string(), name: z.string() }), { name: 'x' }, 'body');
      throw new Error('expected a BadRequest');
    } catch (err) {
      expect((err as Error).message).toBe('Invalid body: slug: is required');
    }
  });
});
