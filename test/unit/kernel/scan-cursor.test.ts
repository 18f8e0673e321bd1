/**
 * Cursors of the tenant export's Scan (shared/kernel/store/cursor.ts): sealed like list cursors,
 * bound to the tenant they were issued for, and holding exactly a table key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/kernel/errors';
import { decodeScanCursor, encodeScanCursor, seal } from '../../../shared/kernel/store/cursor';

const KEY = { pk: 'TENANT#t-1#PATIENT#p-1', sk: 'PATIENT' };

const refusal = (cursor: string, scope = 'tenant:t-1') => {
  try {
    decodeScanCursor(cursor, scope);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('invalid');
    return (err as AppError).message;
  }
  return expect.fail(`cursor ${cursor} was accepted`);
};

const saved = process.env.CURSOR_SECRET;
beforeEach(() => {
  process.env.CURSOR_SECRET = 'unit-test-cursor-secret-0123456789abcdef';
});
afterEach(() => {
  if (saved === undefined) delete process.env.CURSOR_SECRET;
  else process.env.CURSOR_SECRET = saved;
});

describe('scan cursors', () => {
  it('open to the key they were issued for, and there is none after the last page', () => {
    expect(decodeScanCursor(encodeScanCursor(KEY, 'tenant:t-1')!, 'tenant:t-1')).toEqual(KEY);
    expect(encodeScanCursor(undefined, 'tenant:t-1')).toBeNull();
    expect(decodeScanCursor(undefined, 'tenant:t-1')).toBeUndefined();
  });

  it('refuse another tenant’s cursor, a list cursor and text that was never sealed', () => {
    const other = encodeScanCursor(KEY, 'tenant:t-2')!;
    expect(refusal(other)).toMatch(/^cursor: is not a valid cursor for this export/);
    expect(refusal(seal('not json'))).toMatch(/^cursor: /);
    expect(refusal(seal(JSON.stringify({ q: 'digest', k: KEY })))).toMatch(/^cursor: /);
    expect(refusal('plainly-not-a-cursor')).toMatch(/^cursor: /);
  });

  it('refuse a sealed position that is not exactly a table key of strings', () => {
    const sealed = (k: unknown) => seal(JSON.stringify({ q: 'scan:tenant:t-1', k }));
    expect(refusal(sealed({ pk: KEY.pk }))).toBe('cursor: is not a valid cursor for this export');
    expect(refusal(sealed({ ...KEY, gsi1pk: 'x' }))).toBe(
      'cursor: is not a valid cursor for this export',
    );
    expect(refusal(sealed({ pk: KEY.pk, sk: 7 }))).toBe(
      'cursor: is not a valid cursor for this export',
    );
    expect(refusal(sealed({ pk: KEY.pk, sk: '' }))).toBe(
      'cursor: is not a valid cursor for this export',
    );
  });
});
