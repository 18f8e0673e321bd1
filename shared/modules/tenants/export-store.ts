/**
 * Storage of the hospital's data exports: all in the hospital's own export partitions, the only
 * partitions the export function may write (lib/events-stack.ts `tenant-export`).
 * - `TENANT#<t>#EXPORT`: the job records (`JOB#<id>`, listed newest first through gsi1) and the
 *   hospital's export lock (`LOCK`, one export at a time).
 * - `TENANT#<t>#EXPORT#<id>`: the export's pages (`PAGE#000001`…), each its records as gzipped JSON.
 * The export's Scan leaves these partitions out, so an export never contains an earlier one.
 */
import { defineRecord } from '../../kernel/records';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { ExportJob } from './schemas';

/** The partition name under the tenant's prefix (lib grants the export function writes to it). */
export const EXPORT_COLLECTION = 'EXPORT';

export const exportKeys = (store: Store) => ({
  /** The partition of the jobs and the lock: the one the Scan must skip with its pages. */
  partition: () => store.keys.collection(EXPORT_COLLECTION),
  job: (id: string) => ({ pk: store.keys.collection(EXPORT_COLLECTION), sk: `JOB#${id}` }),
  lock: () => ({ pk: store.keys.collection(EXPORT_COLLECTION), sk: 'LOCK' }),
  list: () => store.keys.collection(`${EXPORT_COLLECTION}S`),
  page: (id: string, n: number) => ({
    pk: store.keys.collection(EXPORT_COLLECTION, id),
    sk: `PAGE#${String(n).padStart(6, '0')}`,
  }),
});

export const ExportJobRecord = defineRecord(
  'TenantExport',
  z.extend(ExportJob, {
    tenantId: z.string(),
    /** Where the Scan carries on from (a sealed scan cursor); absent before the first page. */
    cursor: z.optional(z.string()),
    /** The delivery that runs the job now, and until when its claim holds. */
    claim: z.optional(z.string()),
    claimedUntil: z.optional(z.number()),
  }),
);
export type ExportJobRecordT = z.output<typeof ExportJobRecord.schema>;

export const ExportPageRecord = defineRecord(
  'TenantExportPage',
  z.strictObject({
    tenantId: z.string(),
    exportId: z.string(),
    page: z.number(),
    count: z.number(),
    /** The page's records grouped by kind, as gzipped JSON. */
    body: z.custom<Uint8Array>((v) => v instanceof Uint8Array),
    writtenAt: z.string(),
  }),
);
export type ExportPageRecordT = z.output<typeof ExportPageRecord.schema>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function findExport(store: Store, id: string) {
  const item = await store.get(exportKeys(store).job(id), { consistent: true });
  return item ? ExportJobRecord.read(item) : undefined;
}

/** The item of a job record: its keys, its place in the list (newest first) and its TTL. */
export function exportJobItem(store: Store, job: ExportJobRecordT): Item {
  const keys = exportKeys(store);
  return {
    ...ExportJobRecord.item(job, {
      ...keys.job(job.id),
      gsi1pk: keys.list(),
      gsi1sk: `${job.createdAt}#${job.id}`,
    }),
    expiresAt: seconds(new Date(job.availableUntil)),
  };
}
