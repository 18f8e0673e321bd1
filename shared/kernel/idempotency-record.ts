/**
 * The record of an Idempotency-Key and the replay (the mechanism and its lifecycle: idempotency.ts).
 * Apart from the key's declarations, so that a function loads it with the first request that
 * sends a key (kernel/invoke.ts), not at start.
 */
import { createHash } from 'node:crypto';
import { actorId } from './actor';
import type { Context, PublicContext } from './context';
import { Conflict } from './errors';
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_HOURS,
  KEY_MESSAGE,
} from './idempotency';
import type { AnyOperation } from './operation';
import { updateItem } from './store/update';
import { invalidField } from './validation';

/** How long a replay waits for a concurrent first request to store its answer. */
const ANSWER_WAIT_MS = [50, 100, 200, 400, 800];
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

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
