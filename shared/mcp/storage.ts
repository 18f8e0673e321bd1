/**
 * The legacy SSE sessions the MCP function keeps in the table, in the tenant's partitions: the
 * stream holder's session item (open, alive, expiring) and its mailbox of replies. Everything
 * expires by TTL; a session is postable only while its holder is alive (it renews `aliveUntil`
 * while it streams), so a holder that died cannot leave a session that swallows replies.
 */
import { conditionFailed } from '../kernel/store/conditions';
import type { Store } from '../kernel/store/store';

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** How long a session stays postable after its holder last said it is alive. */
export const ALIVE_SECONDS = 30;

/**
 * The largest reply one mailbox item takes (DynamoDB's item limit is 400 KB, key and attributes
 * included); a reply over it is answered with a JSON-RPC error instead (`MCP_MAILBOX_MAX_BYTES`
 * lowers it, for tests).
 */
export function mailboxMaxBytes(): number {
  const configured = Number(process.env.MCP_MAILBOX_MAX_BYTES ?? 0);
  return configured > 0 ? Math.min(configured, 350_000) : 350_000;
}

/** The items of one TransactWriteItems stay under DynamoDB's 4 MB per transaction. */
const TRANSACTION_BYTES = 3_500_000;
const TRANSACTION_ITEMS = 99;

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
      closesAt: epochSeconds(now) + lifetimeSeconds,
      aliveUntil: epochSeconds(now) + ALIVE_SECONDS,
      expiresAt: epochSeconds(now) + lifetimeSeconds + 60,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** The holder is still streaming: the session stays postable for ALIVE_SECONDS more. */
export async function keepSessionAlive(store: Store, sessionId: string, now: Date): Promise<void> {
  await store.update({
    Key: sessionKey(store, sessionId),
    UpdateExpression: 'SET aliveUntil = :alive',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':alive': epochSeconds(now) + ALIVE_SECONDS },
  });
}

const OPEN_CONDITION =
  'attribute_exists(pk) AND credentialId = :credential AND aliveUntil > :now AND closesAt > :now';

/**
 * True when the session is open for this credential: it exists, is its own, its holder is alive
 * and its stream has not reached its end. Checked before any message of a post runs.
 */
export async function sessionIsOpen(
  store: Store,
  sessionId: string,
  credentialId: string,
  now: Date,
): Promise<boolean> {
  const item = await store.get(sessionKey(store, sessionId), { consistent: true });
  const at = epochSeconds(now);
  return (
    item !== undefined &&
    item.credentialId === credentialId &&
    Number(item.aliveUntil) > at &&
    Number(item.closesAt) > at
  );
}

/**
 * The client's clientInfo name of an SSE session: its `initialize` arrives in a POST to
 * /messages, and the later posts of the session carry only the session id, so the name is kept
 * on the session for their audit records (client-name.ts).
 */
export async function nameSessionClient(
  store: Store,
  sessionId: string,
  clientName: string,
): Promise<void> {
  await store.update({
    Key: sessionKey(store, sessionId),
    UpdateExpression: 'SET clientName = :name',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':name': clientName },
  });
}

/** The client name an SSE session was given at its initialize, if any. */
export async function sessionClientName(
  store: Store,
  sessionId: string,
): Promise<string | undefined> {
  const item = await store.get(sessionKey(store, sessionId));
  return typeof item?.clientName === 'string' ? item.clientName : undefined;
}

/**
 * Leaves the replies for the stream holder, one mailbox item per reply (in order), in as few
 * transactions as DynamoDB's limits allow, each conditional on the session still being open for
 * this credential. False when it is not (nothing of that transaction is written).
 */
export async function postToSession(
  store: Store,
  sessionId: string,
  credentialId: string,
  replies: readonly string[],
  now: Date,
): Promise<boolean> {
  const key = sessionKey(store, sessionId);
  const stamp = now.toISOString();
  const puts = replies.map((message, i) => ({
    Put: {
      Item: {
        pk: key.pk,
        sk: `MSG#${stamp}#${crypto.randomUUID()}#${String(i).padStart(3, '0')}`,
        entity: 'McpSessionMessage',
        message,
        expiresAt: epochSeconds(now) + 15 * 60,
      },
    },
  }));
  const chunks: (typeof puts)[] = [];
  let chunk: typeof puts = [];
  let bytes = 0;
  for (const put of puts) {
    const size = put.Put.Item.message.length + 200;
    if (
      chunk.length > 0 &&
      (bytes + size > TRANSACTION_BYTES || chunk.length >= TRANSACTION_ITEMS)
    ) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(put);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  for (const items of chunks) {
    try {
      await store.transact([
        {
          name: 'session',
          ConditionCheck: {
            Key: key,
            ConditionExpression: OPEN_CONDITION,
            ExpressionAttributeValues: {
              ':credential': credentialId,
              ':now': epochSeconds(now),
            },
          },
        },
        ...items,
      ]);
    } catch (err) {
      if (conditionFailed(err, 'session')) return false;
      throw err;
    }
  }
  return true;
}

/** The replies waiting in the mailbox, oldest first (one page), removed as they are taken. */
export async function takeFromSession(store: Store, sessionId: string): Promise<string[]> {
  const pk = sessionKey(store, sessionId).pk;
  const items = await store.query({
    partition: pk,
    range: { beginsWith: 'MSG#' },
    consistent: true,
  });
  if (items.length === 0) return [];
  const batch = items.slice(0, 100);
  await store.transact(batch.map((item) => ({ Delete: { Key: { pk, sk: String(item.sk) } } })));
  return batch.map((item) => String(item.message));
}

export async function closeSession(store: Store, sessionId: string): Promise<void> {
  await store.delete({ Key: sessionKey(store, sessionId) });
}
