/**
 * Reading DynamoDB's refusals: which items of a cancelled transaction failed their condition (by
 * position, so a service can say "slug taken" vs "e-mail taken" without reading first), and
 * whether a cancellation was only a race with another transaction.
 */
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

function cancellationCodes(err: unknown): string[] | null {
  if (
    !(err instanceof TransactionCanceledException) &&
    (err as { name?: string })?.name !== 'TransactionCanceledException'
  ) {
    return null;
  }
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map(
    (r) => r.Code ?? 'None',
  );
}

/** Positions of the items of a cancelled transaction whose condition failed, or null. */
export function failedConditions(err: unknown): number[] | null {
  const codes = cancellationCodes(err);
  return codes ? codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : [])) : null;
}

/** A single write's condition failed, or a transaction's. */
export function isConditionFailure(err: unknown): boolean {
  return (
    err instanceof ConditionalCheckFailedException ||
    (err as { name?: string })?.name === 'ConditionalCheckFailedException' ||
    (failedConditions(err)?.length ?? 0) > 0
  );
}

/** Cancelled only because another transaction touched the same item at the same moment. */
export function isTransactionConflict(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return (
    !!codes && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed')
  );
}
