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
});
