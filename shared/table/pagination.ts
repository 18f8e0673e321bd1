import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { BadRequest } from '../http/errors';
import { db, table } from './client';
import { type IndexName, indexSpec, TABLE } from './spec';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `limit` and `cursor` query parameters shared by every list route. */
export const pageQuery = {
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1, `must be between 1 and ${MAX_LIMIT}`)
    .max(MAX_LIMIT, `must be between 1 and ${MAX_LIMIT}`)
    .default(DEFAULT_LIMIT),
  cursor: z.string().max(2048, 'is too long').optional(),
};

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The attributes DynamoDB puts in a LastEvaluatedKey: the table's key, plus the index's key. */
function keyAttributes(indexName: string | undefined): string[] {
  const table = [TABLE.partitionKey, TABLE.sortKey];
  if (!indexName) return table;
  const index = indexSpec(indexName as IndexName);
  return [...table, index.partitionKey, index.sortKey];
}

/**
 * Decodes a cursor and checks it belongs to the same partition as the query and holds exactly
 * the key attributes of the table or index queried, so a cursor from another list (or another
 * tenant), or a hand-edited one, is a 400 and never a 500 or a cross-partition read.
 */
function decodeCursor(
  cursor: string | undefined,
  indexName: string | undefined,
  partitionAttr: string,
  partitionValue: unknown,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequest('cursor: is not a valid cursor');
  }
  const valid =
    key !== null &&
    typeof key === 'object' &&
    !Array.isArray(key) &&
    // Every key attribute of the table spec is a string (S).
    Object.values(key).every((v) => typeof v === 'string') &&
    (key as Record<string, unknown>)[partitionAttr] === partitionValue &&
    sameMembers(Object.keys(key), keyAttributes(indexName));
  if (!valid) throw new BadRequest('cursor: is not a valid cursor for this list');
  return key as Record<string, unknown>;
}

function sameMembers(a: string[], b: string[]): boolean {
  return a.length === b.length && b.every((x) => a.includes(x));
}

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/**
 * One Query page. `partition` names the key attribute and value of the KeyCondition, used to
 * validate the cursor. Items are mapped by `map` (which drops key attributes).
 */
export async function queryPage<T>(
  input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  partition: { attr: string; value: string },
  page: PageRequest,
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const res = await db().send(
    new QueryCommand({
      ...input,
      TableName: table(),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(
        page.cursor,
        input.IndexName,
        partition.attr,
        partition.value,
      ),
    }),
  );
  return { items: (res.Items ?? []).map(map), nextCursor: encodeCursor(res.LastEvaluatedKey) };
}

/** One page of a whole collection: every item under one index partition, in sort-key order. */
export function queryCollection<T>(
  index: IndexName,
  partitionValue: string,
  page: PageRequest,
  map: (item: Record<string, unknown>) => T,
  options: { newestFirst?: boolean } = {},
): Promise<Page<T>> {
  const attr = indexSpec(index).partitionKey;
  return queryPage(
    {
      IndexName: index,
      KeyConditionExpression: `${attr} = :pk`,
      ExpressionAttributeValues: { ':pk': partitionValue },
      ...(options.newestFirst ? { ScanIndexForward: false } : {}),
    },
    { attr, value: partitionValue },
    page,
    map,
  );
}
