/**
 * What the MCP function keeps in the table, all of it expiring by TTL: the per-credential
 * rate-limit counters (global items, keyed by a hash of the credential) and the legacy-SSE
 * session mailboxes (in the tenant's partitions).
 */
import { conditionFailed } from '../kernel/store/conditions';
import { lookupKey } from '../kernel/store/keys';
import type { Store } from '../kernel/store/store';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Counts one request of a credential in the current minute (fixed windows, UTC minutes) in one
 * atomic UpdateItem (`ADD`) that answers the new count; the caller lets the request through when
 * the count is within the hospital's limit. Every racing request gets its own count, so of 20
 * parallel requests exactly `limit` pass. The counter is keyed by a hash of the credential
 * itself (the bearer token), so it runs in parallel with the credential's verification rather
 * than after it; it is a global item (the tenant is not known yet) that expires by TTL a minute
 * after its window.
 */
export async function countRequest(
  global: Store,
  credentialHash: string,
  now: Date,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const window = Math.floor(now.getTime() / 60_000);
  const windowEnd = (window + 1) * 60;
  const attributes = await global.update({
    Key: lookupKey('MCPRATE', `${credentialHash}#${window}`),
    UpdateExpression: 'ADD #value :one SET entity = :entity, expiresAt = :ttl',
    ExpressionAttributeNames: { '#value': 'value' },
    ExpressionAttributeValues: { ':one': 1, ':entity': 'RateCounter', ':ttl': windowEnd + 60 },
    ReturnValues: 'UPDATED_NEW',
  });
  return {
    count: Number(attributes?.value),
    retryAfterSeconds: Math.max(1, windowEnd - epochSeconds(now)),
  };
}

/** A legacy SSE session: the stream holder's mailbox, which only its own credential may post to. */
const sessionKey = (store: Store, sessionId: string) => store.keys.entity('MCPSESSION', sessionId);

export async function openSession(
  store: Store,
  sessionId: string,
  credentialId: string,
  now: Date,
  lifetimeSeconds: number,
): Promise<void> {
  await store.put({
    Item: {
      ...sessionKey(store, sessionId),
      entity: 'McpSession',
      credentialId,
      openedAt: now.toISOString(),
      expiresAt: epochSeconds(now) + lifetimeSeconds + 60,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/**
 * Leaves the replies for the stream holder: one transaction that checks the session is open and
 * belongs to this credential, and puts the message. False when there is no such session.
 */
export async function postToSession(
  store: Store,
  sessionId: string,
  credentialId: string,
  messages: readonly unknown[],
  now: Date,
): Promise<boolean> {
  const key = sessionKey(store, sessionId);
  try {
    await store.transact([
      {
        name: 'session',
        ConditionCheck: {
          Key: key,
          ConditionExpression: 'attribute_exists(pk) AND credentialId = :credential',
          ExpressionAttributeValues: { ':credential': credentialId },
        },
      },
      {
        Put: {
          Item: {
            pk: key.pk,
            sk: `MSG#${now.toISOString()}#${crypto.randomUUID()}`,
            entity: 'McpSessionMessage',
            messages: JSON.stringify(messages),
            expiresAt: epochSeconds(now) + 15 * 60,
          },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (conditionFailed(err, 'session')) return false;
    throw err;
  }
}

/** The messages waiting in the mailbox, oldest first, removed as they are taken. */
export async function takeFromSession(store: Store, sessionId: string): Promise<unknown[]> {
  const pk = sessionKey(store, sessionId).pk;
  const items = await store.query({
    partition: pk,
    range: { beginsWith: 'MSG#' },
    consistent: true,
  });
  if (items.length === 0) return [];
  const batch = items.slice(0, 100);
  await store.transact(batch.map((item) => ({ Delete: { Key: { pk, sk: String(item.sk) } } })));
  return batch.flatMap((item) => JSON.parse(String(item.messages)) as unknown[]);
}

export async function closeSession(store: Store, sessionId: string): Promise<void> {
  await store.delete({ Key: sessionKey(store, sessionId) });
}
