import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../shared/http/errors';
import { resetDb } from '../../../shared/table/client';
import { transact } from '../../../shared/table/transact';

// DynamoDB Local rarely cancels racing transactions with TransactionConflict; real DynamoDB does.
// That path cannot be produced locally, so it is exercised with aws-sdk-client-mock.
const ddb = mockClient(DynamoDBDocumentClient);
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const ITEMS = [{ Put: { TableName: 't', Item: { pk: 'a', sk: 'b' } } }];

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  resetDb();
  ddb.reset();
});
afterEach(() => resetDb());

describe('transact', () => {
  it('retries a transaction cancelled only by a conflicting transaction, then succeeds', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict'))
      .resolves({});
    await expect(transact(ITEMS)).resolves.toBeUndefined();
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(3);
  });

  it('answers 409 with the given message when the conflict persists', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const err = await transact(ITEMS, 'Busy; try again').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 409, message: 'Busy; try again' });
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
});
