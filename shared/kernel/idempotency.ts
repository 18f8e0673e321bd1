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
import { createHash } from 'node:crypto';
import { actorId } from './actor';
import type { Context, PublicContext } from './context';
import { Conflict } from './errors';
import { type AnyOperation, isPublic } from './operation';
import { updateItem } from './store/update';
import { invalidField } from './validation';
import * as z from './zod';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The input field a transport puts the key under (REST: from the header). */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The key's form: 8–128 visible ASCII characters (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
const KEY_MESSAGE = 'must be 8–128 visible ASCII characters';

/** The key as a request field, for the generated docs and the OpenAPI document. */
export const IdempotencyKeyField = z.strictObject({
  [IDEMPOTENCY_KEY_FIELD]: z.optional(
    z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN, KEY_MESSAGE)),
  ),
});

/** What the key does, in one sentence for people (docs, OpenAPI). */
export const IDEMPOTENCY_KEY_DESCRIPTION = `Makes a retry safe: a request with the same key and the same body within ${IDEMPOTENCY_TTL_HOURS} hours answers the first answer again instead of repeating the effect; the same key with another body answers 409. Send a new random key (a UUID) per intended request.`;

/** How long a replay waits for a concurrent first request to store its answer. */
const ANSWER_WAIT_MS = [50, 100, 200, 400, 800];
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

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

/** Thrown by the record's rider when another request with the key committed first. */
class KeyTaken extends Error {}

interface IdempotencyRecord {
  status: 'COMMITTED' | 'COMPLETED';
  requestHash: string;
  answer?: unknown;
  expiresAt: number;
}

/** Stable JSON: object keys sorted, so the same input always hashes alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Runs `run` (the handler and the settling of its writes) at most once per key: replays a stored
 * answer, refuses a reused or busy key, or runs with the record riding on the effect's write and
 * stores the answer after.
 */
export async function withIdempotencyKey<T>(
  op: Pick<AnyOperation, 'name' | 'resource'>,
  ctx: Context | PublicContext,
  rawKey: unknown,
  input: unknown,
  run: () => Promise<T>,
): Promise<T> {
  if (rawKey === undefined || !('store' in ctx) || !ctx.store) return run();
  if (typeof rawKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(rawKey))
    throw invalidField(IDEMPOTENCY_KEY_FIELD, KEY_MESSAGE);
  const { store } = ctx;
  const key = store.keys.entity(
    'IDEMPOTENCY',
    sha256(`${op.name}\n${actorId(ctx.actor)}\n${rawKey}`),
  );
  const requestHash = sha256(canonical(input));
  const nowEpoch = Math.floor(ctx.now.getTime() / 1000);
  const read = async () => {
    const item = await store.get(key, { consistent: true });
    return item && Number(item.expiresAt) > nowEpoch
      ? (item as unknown as IdempotencyRecord)
      : null;
  };
  const answerOf = async (found: IdempotencyRecord | null): Promise<T> => {
    let record = found;
    for (const wait of ANSWER_WAIT_MS) {
      if (!record || record.requestHash !== requestHash || record.status === 'COMPLETED') break;
      await sleep(wait);
      record = await read();
    }
    if (!record) throw new Conflict('The first request with this Idempotency-Key failed; retry');
    if (record.requestHash !== requestHash)
      throw new Conflict(
        `This Idempotency-Key was already used for a different ${op.resource ?? op.name} request; use a new key for a new one`,
        { reason: 'idempotency-key-reused' },
      );
    if (record.status !== 'COMPLETED')
      throw new Conflict(
        'A request with this Idempotency-Key is still in progress (or its answer was lost); read the resource before trying again',
        { reason: 'idempotency-key-in-progress' },
        { retryAfterSeconds: 1 },
      );
    return record.answer as T;
  };

  const seen = await read();
  if (seen) return answerOf(seen);
  let committed = false;
  store.alongside({
    item: {
      name: 'idempotency-key',
      Put: {
        Item: {
          ...key,
          entity: 'IdempotencyRecord',
          operation: op.name,
          status: 'COMMITTED',
          requestHash,
          createdAt: ctx.now.toISOString(),
          expiresAt: nowEpoch + IDEMPOTENCY_TTL_HOURS * 3600,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
        ExpressionAttributeValues: { ':now': nowEpoch },
      },
    },
    onCommit: () => {
      committed = true;
    },
    refusal: () => new KeyTaken(),
  });
  let answer: T;
  try {
    answer = await run();
  } catch (err) {
    if (err instanceof KeyTaken || (err as { cause?: unknown })?.cause instanceof KeyTaken)
      return answerOf(await read());
    // Refused on the state a concurrent request with the same key left (a payment above what
    // is now due): that request is this one's first, so its answer is this one's too.
    const meanwhile = await read().catch(() => null);
    if (meanwhile) return answerOf(meanwhile);
    throw err;
  }
  if (committed) {
    try {
      await store.update(
        updateItem(
          key,
          { set: { status: 'COMPLETED', answer } },
          { expression: 'requestHash = :h', values: { ':h': requestHash } },
        ),
      );
    } catch (err) {
      // The effect stands; a replay then answers "in progress" until the key expires.
      ctx.log.warn('Idempotency-Key answer not stored', {
        operation: op.name,
        error: (err as Error).message,
      });
    }
  }
  return answer;
}
