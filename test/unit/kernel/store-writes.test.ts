/**
 * The store's write rules that need no table: every partition-key attribute it writes is the
 * tenant's (gsi*pk too, not only pk), and a cancelled transaction reports its failed conditions by
 * name. Sent commands are captured with aws-sdk-client-mock; nothing reaches DynamoDB.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/kernel/errors';
import { resetDocumentClient } from '../../../shared/kernel/store/client';
import {
  conditionFailed,
  failedConditionNames,
  isConditionFailure,
} from '../../../shared/kernel/store/conditions';
import { Store } from '../../../shared/kernel/store/store';
import { updateItem } from '../../../shared/kernel/store/update';

const ddb = mockClient(DynamoDBDocumentClient);
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const store = new Store('t-1');
const own = { pk: 'TENANT#t-1#X#a', sk: 'X' };
const refused = (p: Promise<unknown>) =>
  p.then(
    () => 'written',
    (e: AppError) => `${e.code}: ${e.message}`,
  );

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  resetDocumentClient();
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  ddb.on(UpdateCommand).resolves({});
  ddb.on(DeleteCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
});
afterEach(() => resetDocumentClient());

describe("the store refuses another tenant's key in any key attribute, before sending", () => {
  it.each([
    ['gsi1pk', 'TENANT#t-2#PATIENTS'],
    ['gsi2pk', 'TENANT#t-2'],
    ['gsi3pk', 'TENANT#t-10#X'],
    ['gsi4pk', 'SOMETHING#else'],
    // A due partition is for the cross-tenant index only.
    ['gsi1pk', 'DUE#OUTBOX#1'],
  ])('put with %s = %s', async (attr, value) => {
    expect(await refused(store.put({ Item: { ...own, [attr]: value } }))).toMatch(
      /^internal: Store for tenant t-1 refused key/,
    );
    expect(await refused(store.transact([{ Put: { Item: { ...own, [attr]: value } } }]))).toMatch(
      /^internal: Store for tenant t-1 refused key/,
    );
    expect(ddb.calls()).toHaveLength(0);
  });

  it('update that sets an index partition to another tenant (by placeholder or by name)', async () => {
    expect(
      await refused(store.update(updateItem(own, { set: { gsi2pk: 'TENANT#t-2#BEDS' } }))),
    ).toMatch(/^internal: .*refused key TENANT#t-2#BEDS/);
    expect(
      await refused(
        store.transact([
          {
            Update: {
              Key: own,
              UpdateExpression: 'SET gsi3pk = :v',
              ExpressionAttributeValues: { ':v': 'TENANT#t-3#X' },
            },
          },
        ]),
      ),
    ).toMatch(/refused key TENANT#t-3#X/);
    expect(ddb.calls()).toHaveLength(0);
  });

  it("writes the tenant's own keys, global lookups and the cross-tenant due index", async () => {
    await store.put({
      Item: { ...own, gsi1pk: 'TENANT#t-1#PATIENTS', gsi2pk: 'SLUG#x', gsi5pk: 'DUE#OUTBOX#3' },
    });
    await store.update(
      updateItem(own, { set: { gsi2pk: 'TENANT#t-1#BEDS', gsi5pk: 'DUE#AGENTACTION#EXPIRY#1' } }),
    );
    expect(ddb.calls()).toHaveLength(2);
  });
});

describe('named conditions', () => {
  it('a cancellation reports the names of the items whose condition failed (#n when unnamed)', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'));
    const err = await store
      .transact([
        { name: 'invoice', Put: { Item: own } },
        { name: 'payment', Put: { Item: own } },
        { Put: { Item: own } },
      ])
      .catch((e: unknown) => e);
    expect(failedConditionNames(err)).toEqual(['payment', '#2']);
    expect(conditionFailed(err, 'payment')).toBe(true);
    expect(conditionFailed(err, 'invoice')).toBe(false);
    expect(isConditionFailure(err)).toBe(true);
    // The name is the store's, never DynamoDB's: it is not sent.
    expect(
      ddb
        .commandCalls(TransactWriteCommand)[0]!
        .args[0].input.TransactItems!.every((i) => !('name' in i)),
    ).toBe(true);
  });

  it('answers null for errors that are not cancellations', () => {
    expect(failedConditionNames(new Error('x'))).toBeNull();
    expect(conditionFailed(new Error('x'), 'a')).toBe(false);
  });
});

describe('writes that ride along', () => {
  it('join the next write as one transaction, and only that one', async () => {
    const s = new Store('t-1');
    const audit = { pk: 'TENANT#t-1#AUDIT#1', sk: 'AUDIT' };
    s.alongside({ Put: { Item: audit } });
    await s.put({ Item: own, ConditionExpression: 'attribute_not_exists(pk)' });
    await s.put({ Item: own });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
    const [tx] = ddb.commandCalls(TransactWriteCommand);
    expect(tx!.args[0].input.TransactItems!.map((i) => i.Put?.Item?.pk)).toEqual([
      own.pk,
      audit.pk,
    ]);
    expect(s.hasPending).toBe(false);
  });

  it('stay pending when the write fails, and its own failed condition reads as a single write’s', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None'));
    const s = new Store('t-1');
    s.alongside({ Put: { Item: { pk: 'TENANT#t-1#AUDIT#1', sk: 'AUDIT' } } });
    const err = await s.put({ Item: own }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('ConditionalCheckFailedException');
    expect(s.hasPending).toBe(true);
    await s.settle('failed');
    expect(s.hasPending).toBe(false);
  });

  it('a rider whose own condition failed throws its refusal', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'ConditionalCheckFailed'));
    const s = new Store('t-1');
    s.alongside({
      item: { name: 'key', Put: { Item: { pk: 'TENANT#t-1#K#1', sk: 'K' } } },
      refusal: () => new Error('key taken'),
    });
    await expect(s.transact([{ Put: { Item: own } }])).rejects.toThrow('key taken');
  });

  it('an update with riders reads the item back for ALL_NEW and refuses ALL_OLD', async () => {
    const s = new Store('t-1');
    s.alongside({ Put: { Item: { pk: 'TENANT#t-1#AUDIT#1', sk: 'AUDIT' } } });
    await expect(
      s.update({ ...updateItem(own, { set: { a: 1 } }), ReturnValues: 'ALL_OLD' }),
    ).rejects.toThrow(/cannot answer ALL_OLD/);
  });

  it('settle writes what no write took when the operation succeeded', async () => {
    const s = new Store('t-1');
    s.alongside({ Put: { Item: { pk: 'TENANT#t-1#AUDIT#1', sk: 'AUDIT' } } });
    await s.settle('ok');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(s.hasPending).toBe(false);
  });

  it("counters never carry riders (a counter's number is no effect)", async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { value: 4 } });
    const s = new Store('t-1');
    s.alongside({ Put: { Item: { pk: 'TENANT#t-1#AUDIT#1', sk: 'AUDIT' } } });
    expect(await s.nextCounterValue(s.keys.counter('MRN'))).toBe(4);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(s.hasPending).toBe(true);
  });
});
