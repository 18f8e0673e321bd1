import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/kernel/errors';
import { DEFAULT_LIMIT, MAX_LIMIT, pageFields } from '../../../shared/kernel/pagination';
import { resetDocumentClient } from '../../../shared/kernel/store/client';
import { encodeCursor } from '../../../shared/kernel/store/cursor';
import { type QuerySpec, Store } from '../../../shared/kernel/store/store';
import * as z from '../../../shared/kernel/zod';

const Query = z.strictObject({ ...pageFields });

function issuesFor(limit: unknown) {
  const res = Query.safeParse({ limit });
  expect(res.success, `limit=${JSON.stringify(limit)} should fail`).toBe(false);
  return res.error!.issues;
}

describe('pageFields.limit', () => {
  it('coerces query-string numbers', () => {
    expect(Query.parse({ limit: '5' }).limit).toBe(5);
    expect(Query.parse({ limit: '1' }).limit).toBe(1);
    expect(Query.parse({ limit: String(MAX_LIMIT) }).limit).toBe(100);
  });

  it('defaults to 20', () => {
    expect(DEFAULT_LIMIT).toBe(20);
    expect(Query.parse({}).limit).toBe(20);
  });

  it('refuses 0 and 101 with a message naming the range', () => {
    for (const limit of ['0', '101', '-3']) {
      const issues = issuesFor(limit);
      expect(issues[0]!.path).toEqual(['limit']);
      expect(issues[0]!.message).toBe('must be between 1 and 100');
    }
  });

  it('refuses non-numbers and fractions', () => {
    // Not a range message: 'abc' is not a number at all.
    expect(issuesFor('abc')[0]!.message).toBe('must be a number');
    expect(issuesFor('2.5')[0]!.message).toBe('must be an integer');
  });

  it('refuses an over-long cursor and unknown query keys', () => {
    expect(Query.safeParse({ cursor: 'x'.repeat(2049) }).success).toBe(false);
    expect(Query.safeParse({ cursor: 'x'.repeat(2048) }).success).toBe(true);
    expect(Query.safeParse({ offset: '10' }).success).toBe(false);
  });
});

describe('queryPage cursors (DynamoDB client mocked)', () => {
  const store = new Store('t-1');
  const SPEC: QuerySpec = {
    index: 'gsi1',
    partition: 'TENANT#t-1#USERS',
    range: { beginsWith: '2025-' },
  };
  const BINDING = {
    index: SPEC.index,
    partition: SPEC.partition,
    range: SPEC.range,
    filter: undefined,
    newestFirst: false,
  };
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const key = (sk: string, extra: Record<string, unknown> = {}) => ({
    pk: 'TENANT#t-1#USER#u-1',
    sk: 'USER',
    gsi1pk: SPEC.partition,
    gsi1sk: sk,
    ...extra,
  });
  const ddb = mockClient(DynamoDBDocumentClient);
  const saved = { table: process.env.TABLE_NAME, endpoint: process.env.DYNAMODB_ENDPOINT };

  beforeEach(() => {
    process.env.TABLE_NAME = 'unit-test-table';
    // Cursors are sealed (cursor-seal.test.ts): any secret of the run will do here.
    process.env.CURSOR_SECRET ??= 'unit-test-cursor-secret-0123456789abcdef';
    // Never reached (the client is mocked); a closed port makes a leak fail fast instead of calling AWS.
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    resetDocumentClient();
    ddb.reset();
  });
  afterAll(() => {
    ddb.restore();
    for (const [name, value] of [
      ['TABLE_NAME', saved.table],
      ['DYNAMODB_ENDPOINT', saved.endpoint],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetDocumentClient();
  });

  const query = (cursor: string | undefined, limit = 5, spec: QuerySpec = SPEC) =>
    store.queryPage(spec, { limit, cursor }, (item) => item.id);
  const refusal = async (cursor: string, spec: QuerySpec = SPEC) => {
    const err = await query(cursor, 5, spec).catch((e: unknown) => e);
    expect(err, cursor).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('invalid');
    expect((err as AppError).message).toMatch(/^cursor:/);
    return (err as AppError).message;
  };

  it('refuses cursors that are not base64url JSON objects', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    for (const cursor of [
      '!!!',
      'bm90IGpzb24',
      raw([1, 2]),
      raw(null),
      raw('TENANT#t-1#USERS'),
      raw({ k: key('2025-01') }),
    ]) {
      await refusal(cursor);
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses a cursor issued for another query: another list, filter, range or tenant', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const issued = encodeCursor(key('2025-01'), BINDING)!;
    for (const other of [
      { ...SPEC, partition: 'TENANT#t-1#APIKEYS' },
      { ...SPEC, range: { beginsWith: '2026-' } },
      { ...SPEC, filter: { expression: 'active = :a', values: { ':a': true } } },
      { ...SPEC, newestFirst: true },
    ]) {
      expect(await refusal(issued, other)).toMatch(/belongs to another list/);
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses a hand-edited key: another partition, missing or extra attributes, empty or non-string values, outside the range', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    for (const k of [
      key('2025-01', { gsi1pk: 'TENANT#t-2#USERS' }),
      { pk: 'x', sk: 'USER', gsi1pk: SPEC.partition },
      key('2025-01', { extra: 'x' }),
      key(''),
      key('2025-01', { pk: 1 }),
      key('2024-12'),
    ]) {
      const message = await refusal(encodeCursor(k, BINDING)!);
      expect(message, JSON.stringify(k)).toContain('not a valid cursor for this list');
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('passes a valid cursor on as ExclusiveStartKey with the limit, and returns the next cursor', async () => {
    const last = key('2025-09');
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ id: 'u-7' }, { id: 'u-8' }], LastEvaluatedKey: last });
    const start = key('2025-06');
    const page = await query(encodeCursor(start, BINDING)!, 2);
    expect(page.items).toEqual(['u-7', 'u-8']);
    expect(page.nextCursor).toBe(encodeCursor(last, BINDING));
    const input = ddb.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      TableName: 'unit-test-table',
      IndexName: 'gsi1',
      Limit: 2,
      ExclusiveStartKey: start,
    });
  });

  it('returns nextCursor null on the last page and no ExclusiveStartKey without a cursor', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await query(undefined)).toEqual({ items: [], nextCursor: null });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toBeUndefined();
  });

  it("never queries another tenant's partition, whatever the caller builds", async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const err = await query(undefined, 5, { partition: 'TENANT#t-2#USERS' }).catch(
      (e: unknown) => e,
    );
    expect((err as AppError).code).toBe('internal');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
