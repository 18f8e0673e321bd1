import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../http/errors';
import { db, table } from './client';
import { failedConditions } from './errors';
import { getItem } from './items';
import type { ItemKey } from './keys';
import { type TransactItem, transact } from './transact';

/**
 * Atomically takes the next number of a counter item (1 on first use). Numbers are never reused:
 * a write that fails after taking one leaves a gap, which is normal for record numbers and tokens.
 * `expiresAt` (epoch seconds) lets DynamoDB TTL remove short-lived counters such as daily tokens.
 */
export async function nextCounterValue(
  key: ItemKey,
  options: { expiresAt?: number } = {},
): Promise<number> {
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: options.expiresAt
        ? 'ADD #value :one SET entity = :entity, expiresAt = :ttl'
        : 'ADD #value :one SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': 'Counter',
        ...(options.expiresAt ? { ':ttl': options.expiresAt } : {}),
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.value);
}

const GAP_FREE_ATTEMPTS = 8;

/**
 * Takes the next number of a counter in the same transaction as the writes that use it, so a
 * write that fails takes no number: gap-free, for numbers people read out, such as queue tokens
 * (a double-clicked check-in must not skip one). Reads the counter, then commits `items(n)` with
 * "counter = n if it is still n − 1"; when another writer took n first, it reads again. Failed
 * conditions of the caller's own items are rethrown unchanged (their positions as given).
 */
export async function withNextCounterValue(
  key: ItemKey,
  items: (n: number) => TransactItem[],
  options: { expiresAt?: number } = {},
): Promise<number> {
  for (let attempt = 1; attempt <= GAP_FREE_ATTEMPTS; attempt++) {
    const last = Number((await getItem<{ value?: number }>(key, { consistent: true }))?.value ?? 0);
    const own = items(last + 1);
    const counter: TransactItem = {
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression: `SET #value = :next, entity = :entity${options.expiresAt ? ', expiresAt = :ttl' : ''}`,
        ConditionExpression: last === 0 ? 'attribute_not_exists(#value)' : '#value = :last',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: {
          ':next': last + 1,
          ':entity': 'Counter',
          ...(last === 0 ? {} : { ':last': last }),
          ...(options.expiresAt ? { ':ttl': options.expiresAt } : {}),
        },
      },
    };
    try {
      await transact([...own, counter]);
      return last + 1;
    } catch (err) {
      const failed = failedConditions(err);
      const onlyCounterRaced = failed?.length === 1 && failed[0] === own.length;
      if (!onlyCounterRaced) throw err;
      await new Promise((ok) => setTimeout(ok, Math.random() * 20 * attempt));
    }
  }
  throw new Conflict('Too many changes to the same counter at once; try again');
}
