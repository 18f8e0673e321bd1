import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/kernel/errors';
import { resetDocumentClient } from '../../../shared/kernel/store/client';
import { Store, type TxItem } from '../../../shared/kernel/store/store';

// DynamoDB Local rarely cancels racing transactions with TransactionConflict; real DynamoDB does.
// That path cannot be produced locally, so it is exercised with aws-sdk-client-mock.
const ddb = mockClient(DynamoDBDocumentClient);
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const store = new Store('t-1');
const ITEMS: TxItem[] = [{ Put: { Item: { pk: 'TENANT#t-1#X#a', sk: 'b' } } }];
const transact = (items: TxItem[], message?: string) => store.transact(items, message);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  resetDocumentClient();
  ddb.reset();
});
afterEach(() => resetDocumentClient());

describe('Store.transact', () => {
  it('retries a transaction cancelled only by a conflicting transaction, then succeeds', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict'))
      .resolves({});
    await expect(transact(ITEMS)).resolves.toBeUndefined();
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(
      ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![0]!.Put!.TableName,
    ).toBe('t');
  });

  it('answers conflict with the given message when the conflict persists', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const err = await transact(ITEMS, 'Busy; try again').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'conflict', message: 'Busy; try again' });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(5);
  });

  it('rethrows a failed condition at once for the caller to interpret', async () => {
    const failed = cancelled('ConditionalCheckFailed', 'TransactionConflict');
    ddb.on(TransactWriteCommand).rejects(failed);
    await expect(transact(ITEMS)).rejects.toBe(failed);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('rethrows other errors untouched', async () => {
    const boom = Object.assign(new Error('throttled'), {
      name: 'ProvisionedThroughputExceededException',
    });
    ddb.on(TransactWriteCommand).rejects(boom);
    await expect(transact(ITEMS)).rejects.toBe(boom);
  });

  it("refuses to write another tenant's item, before sending anything", async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const err = await transact([{ Put: { Item: { pk: 'TENANT#t-2#X#a', sk: 'b' } } }]).catch(
      (e: unknown) => e,
    );
    expect((err as AppError).code).toBe('internal');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('counts each attempt as a round trip', async () => {
    ddb.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    const counted = new Store('t-1');
    await counted.transact(ITEMS);
    expect(counted.roundTrips.count).toBe(2);
  });
});

describe('the global store', () => {
  it('names global lookups only: it has no tenant keys and refuses a tenant item before sending', async () => {
    const global = new Store(null);
    expect(() => global.keys).toThrow(/no tenant keys/);
    ddb.on(TransactWriteCommand).resolves({});
    const err = await global.transact(ITEMS).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('internal');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    await expect(
      global.transact([{ Put: { Item: { pk: 'SLUG#city', sk: 'SLUG' } } }]),
    ).resolves.toBeUndefined();
  });
});
