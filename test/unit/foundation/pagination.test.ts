import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { BadRequest } from '../../../shared/http/errors';
import { resetDb } from '../../../shared/table/client';
import { DEFAULT_LIMIT, MAX_LIMIT, pageQuery, queryPage } from '../../../shared/table/pagination';

const Query = z.strictObject({ ...pageQuery });

function issuesFor(limit: unknown) {
  const res = Query.safeParse({ limit });
  expect(res.success, `limit=${JSON.stringify(limit)} should fail`).toBe(false);
  return res.error!.issues;
}

describe('pageQuery.limit', () => {
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
  const PARTITION = { attr: 'pk', value: 'TENANT#t-1#USERS' };
  const cursorOf = (value: unknown) =>
    Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const ddb = mockClient(DynamoDBDocumentClient);
  const saved = { table: process.env.TABLE_NAME, endpoint: process.env.DYNAMODB_ENDPOINT };

  beforeEach(() => {
    process.env.TABLE_NAME = 'unit-test-table';
    // Never reached (the client is mocked); a closed port makes a leak fail fast instead of calling AWS.
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
    resetDb();
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
    resetDb();
  });

  const query = (cursor: string | undefined, limit = 5) =>
    queryPage(
      { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PARTITION.value } },
      PARTITION,
      { limit, cursor },
      (item) => item.id,
    );

  it('refuses cursors that are not base64url JSON objects with a 400', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    for (const cursor of [
      '!!!',
      'bm90IGpzb24',
      cursorOf([1, 2]),
      cursorOf(null),
      cursorOf('TENANT#t-1#USERS'),
    ]) {
      const err = await query(cursor).catch((e: unknown) => e);
      expect(err, cursor).toBeInstanceOf(BadRequest);
      expect((err as BadRequest).statusCode).toBe(400);
      expect((err as BadRequest).message).toMatch(/^cursor:/);
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it("refuses another partition's (another tenant's) cursor with a 400, never reading it", async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    for (const key of [
      { pk: 'TENANT#t-2#USERS', sk: 'USER#1' },
      { sk: 'USER#1' },
      { pk: PARTITION.value, sk: { S: 'USER#1' } },
    ]) {
      const err = await query(cursorOf(key)).catch((e: unknown) => e);
      expect(err, JSON.stringify(key)).toBeInstanceOf(BadRequest);
      expect((err as BadRequest).message).toContain('not a valid cursor for this list');
    }
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('passes a valid cursor on as ExclusiveStartKey with the limit, and returns the next cursor', async () => {
    const last = { pk: PARTITION.value, sk: 'USER#9' };
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ id: 'u-7' }, { id: 'u-8' }], LastEvaluatedKey: last });
    const start = { pk: PARTITION.value, sk: 'USER#6' };
    const page = await query(cursorOf(start), 2);
    expect(page.items).toEqual(['u-7', 'u-8']);
    expect(page.nextCursor).toBe(cursorOf(last));
    const input = ddb.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      TableName: 'unit-test-table',
      Limit: 2,
      ExclusiveStartKey: start,
      KeyConditionExpression: 'pk = :pk',
    });
  });

  it('returns nextCursor null on the last page and no ExclusiveStartKey without a cursor', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect(await query(undefined)).toEqual({ items: [], nextCursor: null });
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExclusiveStartKey).toBeUndefined();
  });
});
