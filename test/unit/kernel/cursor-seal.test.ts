/**
 * List cursors are sealed (issue 16, item 16): opaque and tamper-proof, so a client learns nothing
 * of the table's key structure (`TENANT#…`) and cannot forge a position. The rules that bind a
 * cursor to its query and tenant stay (test/unit/kernel/pagination.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/kernel/errors';
import {
  type CursorBinding,
  decodeCursor,
  encodeCursor,
} from '../../../shared/kernel/store/cursor';

const BINDING: CursorBinding = {
  index: undefined,
  partition: 'TENANT#t-1#PATIENTS',
  range: undefined,
  filter: undefined,
  newestFirst: false,
};
const KEY = { pk: 'TENANT#t-1#PATIENTS', sk: 'NAME#asha verma#p-1' };

const refused = (cursor: string, binding = BINDING) => {
  try {
    decodeCursor(cursor, binding);
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

describe('sealed cursors', () => {
  it('show nothing of the key: not JSON, no tenant, no partition, no sort key', () => {
    const cursor = encodeCursor(KEY, BINDING)!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    for (const secret of ['TENANT', 't-1', 'PATIENTS', 'asha', 'p-1', '"k"', '{'])
      expect(decoded).not.toContain(secret);
    expect(() => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toThrow();
    expect(cursor.length).toBeLessThan(2048);
  });

  it('open to the key they were issued for', () => {
    expect(decodeCursor(encodeCursor(KEY, BINDING)!, BINDING)).toEqual(KEY);
  });

  it('refuse any edit: every changed character is an invalid cursor', () => {
    const cursor = encodeCursor(KEY, BINDING)!;
    for (let i = 0; i < cursor.length; i++) {
      const c = cursor[i] === 'A' ? 'B' : 'A';
      const edited = cursor.slice(0, i) + c + cursor.slice(i + 1);
      if (edited === cursor) continue;
      expect(refused(edited)).toMatch(/^cursor: /);
    }
  });

  it('refuse a cursor sealed under another secret (another deployment)', () => {
    const cursor = encodeCursor(KEY, BINDING)!;
    process.env.CURSOR_SECRET = 'another-deployment-secret-0123456789abcdef';
    expect(refused(cursor)).toMatch(/^cursor: /);
  });

  it('refuse the old unsealed form (base64 JSON of the key)', () => {
    const old = Buffer.from(JSON.stringify({ q: 'x', k: KEY }), 'utf8').toString('base64url');
    expect(refused(old)).toMatch(/^cursor: /);
  });

  it('are refused, not forged, without a secret: the service will not page unsealed', () => {
    delete process.env.CURSOR_SECRET;
    expect(() => encodeCursor(KEY, BINDING)).toThrow(/CURSOR_SECRET/);
  });
});
