/**
 * Reading DynamoDB's refusals: which conditions of a cancelled transaction failed, by the name
 * each item was given (`{ name: 'slug', Put: … }`), so a service can say "slug taken" vs "e-mail
 * taken" without reading first and without counting positions, and whether a cancellation was only
 * a race with another transaction. The store records the names on the error it rethrows
 * (store.ts); an item without a name is reported by its position, `#<n>`.
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

/** Names of a cancelled transaction's items, in order, attached by the store that sent it. */
const itemNames = new WeakMap<object, readonly string[]>();

/** The store's note on a cancellation it rethrows: what each item of the transaction was called. */
export function nameItems(err: unknown, names: readonly string[]): void {
  if (err && typeof err === 'object') itemNames.set(err, names);
}

/**
 * Names of the items whose condition failed in a cancelled transaction (`#<n>` for an unnamed
 * item at position n), or null when `err` is not a cancelled transaction.
 */
export function failedConditionNames(err: unknown): string[] | null {
  const codes = cancellationCodes(err);
  if (!codes) return null;
  const names = (typeof err === 'object' && err !== null && itemNames.get(err)) || [];
  return codes.flatMap((code, i) =>
    code === 'ConditionalCheckFailed' ? [names[i] ?? `#${i}`] : [],
  );
}

/** True when the condition of the item called `name` failed (in a transaction the store sent). */
export function conditionFailed(err: unknown, name: string): boolean {
  return failedConditionNames(err)?.includes(name) ?? false;
}

/** A single write's condition failed, or a transaction's. */
export function isConditionFailure(err: unknown): boolean {
  return (
    err instanceof ConditionalCheckFailedException ||
    (err as { name?: string })?.name === 'ConditionalCheckFailedException' ||
    (failedConditionNames(err)?.length ?? 0) > 0
  );
}

/** Cancelled only because another transaction touched the same item at the same moment. */
export function isTransactionConflict(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return (
    !!codes && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed')
  );
}
