/**
 * The export job's words and page format (shared/modules/tenants/export-jobs.ts, export-run.ts):
 * what to do next in each state, and a page stored as gzipped JSON that is refused when it would
 * not stay under DynamoDB's item limit. The job itself runs against DynamoDB Local in
 * test/integration/tenant-offboarding.test.ts.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageBody } from '../../../shared/modules/tenants/export-run';
import { nextStep } from '../../../shared/modules/tenants/rules';

describe('export job', () => {
  it('says what to do next in each state', () => {
    const job = { id: 'e-1', progress: { itemsRead: 1200, pages: 3 } };
    expect(nextStep({ ...job, status: 'queued' })).toBe(
      'Queued for the export function: read /tenants/current/exports/e-1 again in a few seconds.',
    );
    expect(nextStep({ ...job, status: 'running' })).toBe(
      "Reading the hospital's records (3 pages written so far): read /tenants/current/exports/e-1 again in a few seconds.",
    );
    expect(nextStep({ ...job, status: 'done' })).toBe(
      'Download pages 1 to 3 from /tenants/current/exports/e-1/pages/{n} within 7 days; they are deleted after that.',
    );
    expect(nextStep({ ...job, status: 'failed' })).toBe(
      'Start a new export (POST /tenants/current/exports); if it fails again, give the operator this job id (e-1).',
    );
  });

  it('stores a page as gzipped JSON of its records by kind, without keys or secrets', () => {
    const items = [
      { pk: 'TENANT#t#USER#u', sk: 'USER', entity: 'User', id: 'u', passwordHash: 'x' },
    ];
    const body = pageBody(items, 1);
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual({
      User: [{ kind: 'User', id: 'u' }],
    });
  });

  it('refuses a page that would not stay under the stored limit, saying which and by how much', () => {
    const items = [{ pk: 'TENANT#t#NOTE#n', sk: 'NOTE', entity: 'Note', id: 'n', text: 'x' }];
    expect(() => pageBody(items, 4, 10)).toThrow(
      /^page 4 would take 1 KB stored, over the 0 KB a page may take$/,
    );
  });
});
