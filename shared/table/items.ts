import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../http/errors';
import { db, table } from './client';
import type { ItemKey } from './keys';

/** One item by key, or undefined. `consistent` where a read decides a conditional write. */
export async function getItem<T>(
  key: ItemKey,
  options: { consistent?: boolean } = {},
): Promise<T | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: table(),
      Key: key,
      ...(options.consistent ? { ConsistentRead: true } : {}),
    }),
  );
  return res.Item as T | undefined;
}

/** One item by key, or a 404 with `message` (also for another tenant's ids: their keys differ). */
export async function requireItem<T>(
  key: ItemKey,
  message: string,
  options: { consistent?: boolean } = {},
): Promise<T> {
  const item = await getItem<T>(key, options);
  if (!item) throw new NotFound(message);
  return item;
}

/** Every page of a Query whose result is bounded by design (one encounter, one doctor's day). */
export async function queryAll<T>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: startKey }),
    );
    items.push(...((res.Items ?? []) as T[]));
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return items;
}
