/**
 * "Last used" of a credential (an API key, an OAuth grant): the time of the last call made with
 * it, to the minute. A container writes a credential's time at most once a minute (an agent's
 * burst of calls costs one write), only while the credential is active (a revoked one keeps the
 * time of its last call), and never an earlier time over a later one (two containers).
 */
import { isConditionFailure } from './conditions';
import type { ItemKey } from './keys';
import type { Store } from './store';

export const LAST_USE_RESOLUTION_MS = 60_000;
/** Per container: when each credential's time was last written (bounded, then forgotten). */
const lastWritten = new Map<string, number>();

export async function recordLastUse(store: Store, key: ItemKey, now: Date): Promise<void> {
  const at = now.getTime();
  const id = `${key.pk}|${key.sk}`;
  const last = lastWritten.get(id);
  if (last !== undefined && at >= last && at - last < LAST_USE_RESOLUTION_MS) return;
  if (lastWritten.size >= 10_000) lastWritten.clear();
  lastWritten.set(id, at);
  try {
    await store.update({
      Key: key,
      UpdateExpression: 'SET lastUsedAt = :now',
      ConditionExpression:
        '#status = :active AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':active': 'active' },
    });
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
