/**
 * One `Idempotency-Key` mechanism for every operation that is not safe to repeat (a write whose
 * `idempotent` is false, behind a credential): a client that may retry sends a key, and a retry
 * with the same key replays the first answer instead of repeating the effect. Modelled on
 * Powertools for AWS Lambda's idempotency utility (a record per key with a lifecycle, a payload
 * hash validated on reuse, an expiry), with one difference that makes it exactly once: the record
 * is written in the same transaction as the operation's effect (a rider, Store.alongside), not
 * before it, so a request that dies between the two cannot leave an effect without its record.
 *
 * Lifecycle of a record (`TENANT#t#IDEMPOTENCY#<sha256(operation, caller, key)>`):
 * - COMMITTED: written with the effect; the answer is not stored yet;
 * - COMPLETED: the answer (the operation's output) stored right after;
 * - expired: IDEMPOTENCY_TTL_HOURS after it was written the key is free again (DynamoDB TTL removes
 *   the item later; until then the expiry in the item is what counts).
 * A request whose operation fails writes no record (its effect did not happen), so a retry runs it.
 *
 * Answers: same key and same input replays the first answer (same status, same body); same key
 * and another input is 409 (the key was used for another request); same key while the first
 * request has not stored its answer is 409 with "in progress" after a short wait.
 * Keys are scoped to the hospital, the operation and the caller (the credential's id), so one
 * caller can never receive another's answer.
 */
import { type AnyOperation, isPublic } from './operation';
import * as z from './zod';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The input field a transport puts the key under (REST: from the header). */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The key's form: 8–128 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
export const KEY_MESSAGE = 'must be 8–128 visible ASCII characters';

/** The key as a request field, for the generated docs and the OpenAPI document. */
export const IdempotencyKeyField = z.strictObject({
  [IDEMPOTENCY_KEY_FIELD]: z.optional(
    z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN, KEY_MESSAGE)),
  ),
});

/** What the key does, in one sentence for people (docs, OpenAPI). */
export const IDEMPOTENCY_KEY_DESCRIPTION = `Makes a retry safe: a request with the same key and the same body within ${IDEMPOTENCY_TTL_HOURS} hours answers the first answer again instead of repeating the effect; the same key with another body answers 409. Send a new random key (a UUID) per intended request.`;

/** True for the operations a retry could repeat: writes not declared idempotent, behind a credential. */
export function takesIdempotencyKey(op: Pick<AnyOperation, 'kind' | 'idempotent' | 'access'>) {
  return op.kind === 'write' && !op.idempotent && !isPublic(op.access);
}

/** Splits the key off the raw input of an operation that takes one (it is no input field). */
export function takeIdempotencyKey(
  op: Pick<AnyOperation, 'kind' | 'idempotent' | 'access'>,
  raw: unknown,
): { input: unknown; key: unknown } {
  if (!takesIdempotencyKey(op) || !raw || typeof raw !== 'object' || Array.isArray(raw))
    return { input: raw, key: undefined };
  const { [IDEMPOTENCY_KEY_FIELD]: key, ...input } = raw as Record<string, unknown>;
  return { input, key };
}
