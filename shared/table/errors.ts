import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';

/**
 * Which items of a cancelled transaction failed their condition, by position. Used to turn a
 * cancelled registration into "slug taken" vs "e-mail taken" without reading first.
 */
export function failedConditions(err: unknown): number[] | null {
  if (
    err instanceof TransactionCanceledException ||
    (err as { name?: string })?.name === 'TransactionCanceledException'
  ) {
    const reasons = (err as TransactionCanceledException).CancellationReasons ?? [];
    return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
  }
  return null;
}

export function isConditionFailure(err: unknown): boolean {
  return (
    err instanceof ConditionalCheckFailedException ||
    (err as { name?: string })?.name === 'ConditionalCheckFailedException' ||
    (failedConditions(err)?.length ?? 0) > 0
  );
}
