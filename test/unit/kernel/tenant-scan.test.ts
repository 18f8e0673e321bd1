/**
 * The tenant export's Scan (shared/kernel/store/tenant-scan.ts) on answers DynamoDB Local never
 * gives: an item outside the tenant's partitions (the filter failing) and a table so large that a
 * page's Scan calls all find nothing of the tenant. aws-sdk-client-mock stands in for DynamoDB;
 * the paging against the real table is test/integration/tenant-offboarding.test.ts.
 */
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InternalError } from '../../../shared/kernel/errors';
import { decodeScanCursor } from '../../../shared/kernel/store/cursor';
import { Store } from '../../../shared/kernel/store/store';
import { scanTenantPage } from '../../../shared/kernel/store/tenant-scan';

const dynamo = mockClient(DynamoDBDocumentClient);
const saved = { secret: process.env.CURSOR_SECRET, table: process.env.TABLE_NAME };
beforeEach(() => {
  process.env.CURSOR_SECRET = 'unit-test-cursor-secret-0123456789abcdef';
  process.env.TABLE_NAME ??= 'unit-test-table';
  dynamo.reset();
});
afterEach(() => {
  if (saved.secret === undefined) delete process.env.CURSOR_SECRET;
  else process.env.CURSOR_SECRET = saved.secret;
  if (saved.table === undefined) delete process.env.TABLE_NAME;
});
afterAll(() => dynamo.restore());

describe('tenant scan', () => {
  it('refuses an item of another tenant, should the filter ever let one through', async () => {
    dynamo.on(ScanCommand).resolves({ Items: [{ pk: 'TENANT#t-2#PATIENT#p-9', sk: 'PATIENT' }] });
    const store = new Store('t-1');
    await expect(
      scanTenantPage(store, { limit: 10 }, { rounds: 3, evaluate: 100 }),
    ).rejects.toBeInstanceOf(InternalError);
  });

  it('stops after its rounds with nothing found and a cursor to carry on from', async () => {
    const lastKey = { pk: 'TENANT#t-9#PATIENT#p-1', sk: 'PATIENT' };
    dynamo.on(ScanCommand).resolves({ Items: [], LastEvaluatedKey: lastKey });
    const store = new Store('t-1');
    const page = await scanTenantPage(store, { limit: 10 }, { rounds: 2, evaluate: 100 });
    expect(page.items).toEqual([]);
    expect(dynamo.commandCalls(ScanCommand)).toHaveLength(2);
    expect(store.roundTrips.count).toBe(2);
    expect(decodeScanCursor(page.nextCursor!, 'tenant:t-1')).toEqual(lastKey);
  });

  it('ends a page before the first item over its size budget and resumes right after the last kept', async () => {
    const items = ['a', 'b', 'c', 'd'].map((id) => ({
      pk: `TENANT#t-1#NOTE#${id}`,
      sk: 'NOTE',
      size: 40,
    }));
    dynamo.on(ScanCommand).resolves({ Items: items });
    const store = new Store('t-1');
    const budget = { size: (i: Record<string, unknown>) => i.size as number, max: 100 };
    const page = await scanTenantPage(store, { limit: 10 }, { rounds: 3, evaluate: 100, budget });
    // 40 + 40 fit in 100; a third would make 120.
    expect(page.items.map((i) => i.pk)).toEqual(['TENANT#t-1#NOTE#a', 'TENANT#t-1#NOTE#b']);
    expect(decodeScanCursor(page.nextCursor!, 'tenant:t-1')).toEqual({
      pk: 'TENANT#t-1#NOTE#b',
      sk: 'NOTE',
    });
    expect(dynamo.commandCalls(ScanCommand)).toHaveLength(1);
  });

  it('takes a first item larger than the whole budget on a page of its own', async () => {
    const items = [
      { pk: 'TENANT#t-1#NOTE#big', sk: 'NOTE', size: 500 },
      { pk: 'TENANT#t-1#NOTE#small', sk: 'NOTE', size: 1 },
    ];
    dynamo.on(ScanCommand).resolves({ Items: items });
    const budget = { size: (i: Record<string, unknown>) => i.size as number, max: 100 };
    const page = await scanTenantPage(
      new Store('t-1'),
      { limit: 10 },
      { rounds: 3, evaluate: 100, budget },
    );
    expect(page.items.map((i) => i.pk)).toEqual(['TENANT#t-1#NOTE#big']);
  });

  it('leaves the skipped partitions out of its filter, and refuses one should the filter let it through', async () => {
    dynamo.on(ScanCommand).resolves({ Items: [{ pk: 'TENANT#t-1#EXPORT#x', sk: 'PAGE#000001' }] });
    await expect(
      scanTenantPage(
        new Store('t-1'),
        { limit: 10 },
        { rounds: 1, evaluate: 100, skip: 'TENANT#t-1#EXPORT' },
      ),
    ).rejects.toBeInstanceOf(InternalError);
    const input = dynamo.commandCalls(ScanCommand)[0]!.args[0].input;
    expect(input.FilterExpression).toBe(
      '(#pk = :root OR begins_with(#pk, :prefix)) AND #pk <> :skip AND NOT begins_with(#pk, :skipPrefix)',
    );
    expect(input.ExpressionAttributeValues).toEqual({
      ':root': 'TENANT#t-1',
      ':prefix': 'TENANT#t-1#',
      ':skip': 'TENANT#t-1#EXPORT',
      ':skipPrefix': 'TENANT#t-1#EXPORT#',
    });
  });
});
