/**
 * The backfill of the cross-tenant hospital list (shared/modules/tenants/hospital-index-backfill.ts)
 * against DynamoDB Local: a hospital registered before the list existed gets its `DUE#HOSPITALS`
 * entry, once; running again (in a row or at once) changes nothing; an entry that exists keeps
 * its due time; a large table is done over several runs; the scheduled run does it first.
 *
 * In a table of its own (the backfill scans the whole table, and the scheduled run visits every
 * hospital of it): TABLE_NAME points there for this file and back to the shared table after.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../bin/local/dynamo-local';
import { rootLogger } from '../../shared/kernel/log';
import { documentClient } from '../../shared/kernel/store/client';
import { Stores } from '../../shared/kernel/store/store';
import { runNotificationTriggers } from '../../shared/modules/notifications/index';
import {
  BACKFILL_PROGRESS,
  backfillHospitalIndex,
  hospitalIds,
} from '../../shared/modules/tenants/index';
import { TEST_TABLE } from '../support/global-setup';
import { useTestTable } from '../support/operations';

const TABLE = `hospital-backfill-${randomUUID().slice(0, 8)}`;
const db = () => documentClient(null);

beforeAll(async () => {
  useTestTable();
  await ensureTable(inject('dynamoEndpoint'), TABLE);
  process.env.TABLE_NAME = TABLE;
}, 60_000);
afterAll(() => {
  process.env.TABLE_NAME = TEST_TABLE;
});

/** A tenant item as registration writes it (tenants/store.ts), with or without its list entry. */
async function hospital(options: { entry: boolean; createdAt?: string }) {
  const id = randomUUID();
  const createdAt = options.createdAt ?? '2026-03-01T08:00:00.000Z';
  await db().send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        pk: `TENANT#${id}`,
        sk: 'TENANT',
        entityType: 'Tenant',
        id,
        slug: `old-${id.slice(0, 8)}`,
        name: 'St Old Hospital',
        status: 'ACTIVE',
        trialEndsAt: '2027-03-01T08:00:00.000Z',
        timezone: 'UTC',
        createdAt,
        // The entry as registration writes it (keys.ts hospitalIndex), written out by hand.
        ...(options.entry
          ? { gsi5pk: `DUE#HOSPITALS#${shardOf(id)}`, gsi5sk: `${createdAt}#${id}#${id}` }
          : {}),
      },
    }),
  );
  return id;
}

/** The list's shard of a tenant, restated: the first byte of the SHA-256 of its id, modulo 8. */
const shardOf = (id: string) => String(createHash('sha256').update(id).digest()[0]! % 8);

const tenantItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName: TABLE, Key: { pk: `TENANT#${id}`, sk: 'TENANT' } })))
    .Item;

/** A progress item of the test's own, so that each test starts a backfill from scratch. */
const freshProgress = () => ({ pk: `BACKFILL#TEST-${randomUUID()}`, sk: 'BACKFILL' });

const listed = async () => {
  const ids: string[] = [];
  for await (const id of hospitalIds(new Stores(), { pageSize: 100, maxPages: 100 })) ids.push(id);
  return ids;
};

describe('the DUE#HOSPITALS backfill', () => {
  it('gives a hospital registered before the list its entry, from its id and registration time', async () => {
    const old = await hospital({ entry: false, createdAt: '2025-12-24T10:30:00.000Z' });
    expect((await tenantItem(old))?.gsi5pk).toBeUndefined();
    expect(await listed()).not.toContain(old);

    const report = await backfillHospitalIndex({ progress: freshProgress() });

    expect(report.done).toBe(true);
    const item = await tenantItem(old);
    expect(item?.gsi5pk).toBe(`DUE#HOSPITALS#${shardOf(old)}`);
    expect(item?.gsi5sk).toBe(`2025-12-24T10:30:00.000Z#${old}#${old}`);
    expect(await listed()).toContain(old);
  });

  it('running twice, or several runs at once, changes nothing more', async () => {
    const old = await hospital({ entry: false });
    await backfillHospitalIndex({ progress: freshProgress() });
    const after = await tenantItem(old);

    const again = await backfillHospitalIndex({ progress: freshProgress() });
    expect(again).toMatchObject({ done: true, added: 0 });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => backfillHospitalIndex({ progress: freshProgress() })),
    );
    expect(concurrent.map((r) => r.added)).toEqual([0, 0, 0]);
    expect(await tenantItem(old)).toEqual(after);

    // Concurrent runs on a hospital without its entry: it gets one entry, written once.
    const other = await hospital({ entry: false });
    const raced = await Promise.all(
      [1, 2, 3].map(() => backfillHospitalIndex({ progress: freshProgress() })),
    );
    expect(raced.reduce((n, r) => n + r.added, 0)).toBe(1);
    expect((await tenantItem(other))?.gsi5pk).toBe(`DUE#HOSPITALS#${shardOf(other)}`);
  });

  it('keeps an existing entry and its due time', async () => {
    const current = await hospital({ entry: true, createdAt: '2026-06-01T00:00:00.000Z' });
    // An entry whose due time differs from what the backfill would compute: it stays as it is.
    await db().send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: `TENANT#${current}`, sk: 'TENANT' },
        UpdateExpression: 'SET gsi5sk = :sk',
        ExpressionAttributeValues: { ':sk': `2026-06-02T07:00:00.000Z#${current}#${current}` },
      }),
    );
    const before = await tenantItem(current);

    await backfillHospitalIndex({ progress: freshProgress() });

    expect(await tenantItem(current)).toEqual(before);
    expect(before?.gsi5sk).toBe(`2026-06-02T07:00:00.000Z#${current}#${current}`);
  });

  it('runs once per table: a finished backfill only reads its progress item', async () => {
    const progress = freshProgress();
    expect((await backfillHospitalIndex({ progress })).done).toBe(true);
    const late = await hospital({ entry: false });

    expect(await backfillHospitalIndex({ progress })).toEqual({ done: true, pages: 0, added: 0 });
    expect((await tenantItem(late))?.gsi5pk).toBeUndefined();
    await db().send(
      new DeleteCommand({ TableName: TABLE, Key: { pk: `TENANT#${late}`, sk: 'TENANT' } }),
    );
  });

  it('does a table larger than one run over several runs, going on where the last stopped', async () => {
    const olds = [];
    for (let i = 0; i < 6; i++) olds.push(await hospital({ entry: false }));
    const progress = freshProgress();
    const reports = [];
    for (let run = 0; run < 100; run++) {
      const report = await backfillHospitalIndex({ progress, pageSize: 2, maxPages: 1 });
      reports.push(report);
      if (report.done) break;
    }
    expect(reports.length).toBeGreaterThan(3);
    expect(reports.slice(0, -1).every((r) => !r.done && r.pages === 1)).toBe(true);
    expect(reports.at(-1)?.done).toBe(true);
    expect(reports.reduce((n, r) => n + r.added, 0)).toBe(6);
    for (const id of olds) expect((await tenantItem(id))?.gsi5pk).toBeDefined();
  });

  it('the scheduled notification run backfills first, so an old hospital is visited at once', async () => {
    await db().send(new DeleteCommand({ TableName: TABLE, Key: BACKFILL_PROGRESS }));
    const old = await hospital({ entry: false });

    const report = await runNotificationTriggers(new Stores(), new Date(), rootLogger);

    expect((await tenantItem(old))?.gsi5pk).toBe(`DUE#HOSPITALS#${shardOf(old)}`);
    expect(report.hospitals).toBeGreaterThanOrEqual(1);
    const progress = await db().send(
      new GetCommand({ TableName: TABLE, Key: BACKFILL_PROGRESS, ConsistentRead: true }),
    );
    expect(progress.Item?.done).toBe(true);
  });

  it('skips a tenant item without an id or registration time (nothing to place it by)', async () => {
    const pk = `TENANT#${randomUUID()}`;
    await db().send(new PutCommand({ TableName: TABLE, Item: { pk, sk: 'TENANT', name: 'x' } }));

    expect((await backfillHospitalIndex({ progress: freshProgress() })).done).toBe(true);

    const item = await db().send(new GetCommand({ TableName: TABLE, Key: { pk, sk: 'TENANT' } }));
    expect(item.Item?.gsi5pk).toBeUndefined();
    await db().send(new DeleteCommand({ TableName: TABLE, Key: { pk, sk: 'TENANT' } }));
  });

  it('a failing backfill is logged and the run still visits the listed hospitals', async () => {
    // A progress item whose saved place is no key of the table: the Scan is refused.
    await db().send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...BACKFILL_PROGRESS, done: false, lastKey: { pk: 'TENANT#x' } },
      }),
    );
    const listedOne = await hospital({ entry: true });
    const errors: string[] = [];
    const log = { ...rootLogger, error: (msg: string) => errors.push(msg) } as typeof rootLogger;

    await expect(backfillHospitalIndex()).rejects.toThrow();
    const report = await runNotificationTriggers(new Stores(), new Date(), log);

    expect(errors).toContain('hospital list backfill failed');
    expect(report.hospitals).toBeGreaterThanOrEqual(1);
    expect(await listed()).toContain(listedOne);
    await db().send(new DeleteCommand({ TableName: TABLE, Key: BACKFILL_PROGRESS }));
  });
});
