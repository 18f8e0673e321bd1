import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, table } from './client';
import type { ItemKey } from './keys';

/**
 * Atomically takes the next number of a counter item (1 on first use). Numbers are never reused:
 * a write that fails after taking one leaves a gap, which is normal for record numbers and tokens.
 * `expiresAt` (epoch seconds) lets DynamoDB TTL remove short-lived counters such as daily tokens.
 */
export async function nextCounterValue(key: ItemKey, options: { expiresAt?: number } = {}): Promise<number> {
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: options.expiresAt ? 'ADD #value :one SET entity = :entity, expiresAt = :ttl' : 'ADD #value :one SET entity = :entity',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1, ':entity': 'Counter', ...(options.expiresAt ? { ':ttl': options.expiresAt } : {}) },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.value);
}
