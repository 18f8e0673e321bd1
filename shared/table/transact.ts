import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../http/errors';
import { db } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_ATTEMPTS = 5;

function cancellationCodes(err: unknown): string[] | null {
  if ((err as { name?: string })?.name !== 'TransactionCanceledException') return null;
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map(
    (r) => r.Code ?? 'None',
  );
}

/** Cancelled only because another transaction touched the same item at the same moment. */
export function isTransactionConflict(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return (
    !!codes && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed')
  );
}

/**
 * The one way services write several items atomically. DynamoDB cancels a transaction that races
 * another on the same item with `TransactionConflict` (not a failed condition); it is retried with
 * jitter, and the retry then sees the winner's write and fails its condition, which the caller
 * turns into its own 409. Failed conditions are rethrown for the caller to interpret.
 */
export async function transact(
  items: TransactItem[],
  conflictMessage = 'Another change to the same record was in progress; try again',
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      if (!isTransactionConflict(err)) throw err;
      if (attempt >= MAX_ATTEMPTS) throw new Conflict(conflictMessage);
      await new Promise((ok) => setTimeout(ok, 10 * attempt + Math.random() * 40));
    }
  }
}
