/**
 * The one rate limiter of the service: a fixed-window counter in the table. Each call adds to the
 * counter of the current window in one atomic UpdateItem (`ADD`) that answers the new count, so
 * every racing request gets its own count and, of N parallel requests, exactly `limit` pass
 * whatever the number of containers. The counter item expires by TTL a minute after its window.
 * Used by the agent budget (shared/agents/budget.ts: calls per minute per credential) and the
 * fair share between hospitals (shared/edge/fair-share.ts: requests per window per hospital and
 * per API key).
 */
import type { Store } from './store';

export interface WindowCount {
  /** The calls counted in this window so far, these included. */
  count: number;
  /** Whole seconds (at least 1) until the window ends and its count starts again from zero. */
  retryAfterSeconds: number;
}

/**
 * Counts `calls` calls in the current window of `windowMs` milliseconds (windows are aligned on
 * the epoch, so every container agrees which window a moment is in) of the counter `type`/`id`.
 */
export async function countInWindow(
  store: Store,
  counter: { type: string; id: string },
  windowMs: number,
  calls: number,
  now: Date,
): Promise<WindowCount> {
  const window = Math.floor(now.getTime() / windowMs);
  const windowEndMs = (window + 1) * windowMs;
  const attributes = await store.update({
    Key: store.keys.entity(counter.type, `${counter.id}#${window}`),
    UpdateExpression: 'ADD #value :n SET entity = :entity, expiresAt = :ttl',
    ExpressionAttributeNames: { '#value': 'value' },
    ExpressionAttributeValues: {
      ':n': calls,
      ':entity': 'RateCounter',
      ':ttl': Math.ceil(windowEndMs / 1000) + 60,
    },
    ReturnValues: 'UPDATED_NEW',
  });
  return {
    count: Number(attributes?.value),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndMs - now.getTime()) / 1000)),
  };
}
