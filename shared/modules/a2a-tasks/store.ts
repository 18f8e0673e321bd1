/**
 * Storage of A2A tasks. A task's item is keyed by its owner and id (`A2ATASK#<owner>#<id>`), so
 * a task id another credential or another tenant used is simply not found. Each item is copied
 * into its owner's list on gsi1 (`TENANT#t#A2ATASKS#<owner>`, sorted by creation time), so a page
 * of ListTasks is one Query, newest first; the context and state filters are a FilterExpression.
 */
import { systemClock } from '../../kernel/clock';
import { Conflict } from '../../kernel/errors';
import type { Page } from '../../kernel/pagination';
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { QuerySpec, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { A2aTaskFields, TASK_TTL_DAYS } from './schemas';
import { statesBefore } from './status';

export const A2aTaskRecord = defineRecord(
  'A2aTask',
  z.extend(A2aTaskFields, { tenantId: z.string() }),
);

const taskKeys = (store: Store) => ({
  task: (ownerId: string, id: string) => store.keys.entity('A2ATASK', `${ownerId}#${id}`),
  ofOwner: (ownerId: string) => store.keys.collection('A2ATASKS', ownerId),
});

/**
 * Writes the task's current form. The creation time (and with it the list position) is kept from
 * the first save: the SDK saves a task several times while it runs. The stored state must allow
 * the new one (status.ts): a lost condition is a Conflict, and nothing is written. Every save
 * sets the task's expiry (TTL) TASK_TTL_DAYS after this change.
 */
export async function saveTask(
  store: Store,
  task: Omit<A2aTaskFields, 'createdAt'>,
): Promise<void> {
  const keys = taskKeys(store);
  const key = keys.task(task.ownerId, task.id);
  const from = statesBefore(task.state);
  try {
    await store.update({
      Key: key,
      UpdateExpression:
        'SET #entity = :entity, #tenantId = :tenantId, #id = :id, #ownerId = :ownerId, #contextId = :contextId, #state = :state, #updatedAt = :updatedAt, #body = :body, #createdAt = if_not_exists(#createdAt, :updatedAt), #gsi1pk = :gsi1pk, #gsi1sk = if_not_exists(#gsi1sk, :gsi1sk), #expiresAt = :expiresAt',
      ExpressionAttributeNames: {
        '#entity': 'entity',
        '#tenantId': 'tenantId',
        '#id': 'id',
        '#ownerId': 'ownerId',
        '#contextId': 'contextId',
        '#state': 'state',
        '#updatedAt': 'updatedAt',
        '#body': 'body',
        '#createdAt': 'createdAt',
        '#gsi1pk': 'gsi1pk',
        '#gsi1sk': 'gsi1sk',
        '#expiresAt': 'expiresAt',
      },
      ExpressionAttributeValues: {
        ':entity': A2aTaskRecord.entity,
        ':tenantId': store.keys.tenantId,
        ':id': task.id,
        ':ownerId': task.ownerId,
        ':contextId': task.contextId,
        ':state': task.state,
        ':updatedAt': task.updatedAt,
        ':body': task.body,
        ':gsi1pk': keys.ofOwner(task.ownerId),
        ':gsi1sk': sortKey(task.updatedAt, task.id),
        ':expiresAt': Math.floor(Date.parse(task.updatedAt) / 1000) + TASK_TTL_DAYS * 86_400,
        ...Object.fromEntries(from.map((state, i) => [`:from${i}`, state])),
      },
      ConditionExpression: [
        'attribute_not_exists(pk)',
        ...(from.length ? [`#state IN (${from.map((_, i) => `:from${i}`).join(', ')})`] : []),
      ].join(' OR '),
    });
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new Conflict(`Task ${task.id} is finished; it cannot become ${task.state}`);
    throw err;
  }
}

/**
 * Now in the TTL's unit (epoch seconds). DynamoDB deletes an expired item up to days after its
 * TTL (DynamoDB Local never does), so reads treat a task past its expiry as gone.
 */
const nowSeconds = () => Math.floor(systemClock.now().getTime() / 1000);

/** The owner's task, or undefined (unknown, expired, another credential's or another tenant's). */
export async function loadTask(
  store: Store,
  ownerId: string,
  id: string,
): Promise<A2aTaskFields | undefined> {
  const item = await store.get(taskKeys(store).task(ownerId, id), { consistent: true });
  if (!item || Number(item.expiresAt) <= nowSeconds()) return undefined;
  return A2aTaskRecord.read(item);
}

/** One page of the owner's tasks, newest first: one Query. */
export async function listTasks(
  store: Store,
  ownerId: string,
  filter: { contextId?: string | undefined; state?: string | undefined },
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<A2aTaskFields>> {
  const conditions: [string, string][] = [];
  if (filter.contextId) conditions.push(['contextId', filter.contextId]);
  if (filter.state) conditions.push(['state', filter.state]);
  const spec: QuerySpec = {
    index: 'gsi1',
    partition: taskKeys(store).ofOwner(ownerId),
    newestFirst: true,
    ...(conditions.length
      ? {
          filter: {
            expression: conditions.map(([f]) => `#f_${f} = :f_${f}`).join(' AND '),
            names: Object.fromEntries(conditions.map(([f]) => [`#f_${f}`, f])),
            values: Object.fromEntries(conditions.map(([f, v]) => [`:f_${f}`, v])),
          },
        }
      : {}),
  };
  // Expired tasks are left out, as loadTask leaves them out (after the Query, not in its filter:
  // the cursor is bound to the filter, which must not change with the time). A page may then
  // hold fewer than its limit; nextCursor goes on.
  const now = nowSeconds();
  const found = await store.queryPage(spec, page, (item) => ({
    expired: Number(item.expiresAt) <= now,
    task: A2aTaskRecord.read(item),
  }));
  return {
    items: found.items.filter((x) => !x.expired).map((x) => x.task),
    nextCursor: found.nextCursor,
  };
}
