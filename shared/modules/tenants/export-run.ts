/**
 * The export function's side of the hospital export (export-jobs.ts has the request's side): it
 * Scans the table for the hospital's items (kernel/store/tenant-scan.ts: the tenant-prefix filter
 * and the key re-check), maps them (export.ts: patients as FHIR, secrets dropped) and writes the
 * bundle as pages into the hospital's export partition, a page at a time.
 *
 * - **Once per job**: the delivery claims the job (queued → running, or running past its claim)
 *   with a conditional write; a delivery that finds it running within its claim, or ended, does
 *   nothing. A claim outlives the function's timeout, so a function that died mid-export is taken
 *   over by the next delivery, which carries on from the last page written.
 * - **Once per page**: each page is written with the job's progress in one transaction, the page
 *   only if it does not exist and the job only if this delivery still holds the claim; so a
 *   repeated or overlapping delivery can neither write a page twice nor skip one.
 */
import { gzipSync } from 'node:zlib';
import { isConditionFailure } from '../../kernel/store/conditions';
import type { Item, Store } from '../../kernel/store/store';
import { scanTenantPage } from '../../kernel/store/tenant-scan';
import { exportRecords } from './export';
import {
  type ExportJobRecordT,
  ExportPageRecord,
  exportJobItem,
  exportKeys,
  findExport,
} from './export-store';
import {
  CLAIM_MARGIN_SECONDS,
  EXPORT_JOB_TIMEOUT_SECONDS,
  EXPORT_PAGE_JSON_BYTES,
  EXPORT_PAGE_MAX_STORED_BYTES,
  EXPORT_SCAN,
  nextStep,
} from './rules';

export type ExportRunOutcome =
  | { outcome: 'done' | 'failed'; exportId: string; pages: number }
  | { outcome: 'skipped'; exportId: string; reason: string };

/** What the export function needs to run an export of one hospital. */
export interface ExportEnv {
  store: Store;
  /** The clock, read at each step (an export takes minutes). */
  now: () => Date;
  /** This delivery, unique per invocation: the claim's holder. */
  delivery: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Another delivery holds the job now: this one stops writing. */
class TakenOver extends Error {}

/** The JSON size of an item's exported records: what a page's budget counts. */
export const exportedSize = (item: Item) =>
  Buffer.byteLength(JSON.stringify(exportRecords([item])), 'utf8');

/**
 * A page's records as stored: gzipped JSON, refused (the job fails saying so) if it would not stay
 * safely under DynamoDB's 400 KB item limit.
 */
export function pageBody(items: Item[], page: number, max = EXPORT_PAGE_MAX_STORED_BYTES) {
  const body = gzipSync(JSON.stringify(exportRecords(items)));
  if (body.length > max)
    throw new Error(
      `page ${page} would take ${Math.ceil(body.length / 1024)} KB stored, over the ${Math.floor(max / 1024)} KB a page may take`,
    );
  return body;
}

/** Writes the job as `next`, only while this delivery holds its claim. */
async function save(env: ExportEnv, next: ExportJobRecordT, extra: Item[] = []): Promise<void> {
  const job = {
    name: 'job',
    Put: {
      Item: exportJobItem(env.store, next),
      ConditionExpression: '#c = :me',
      ExpressionAttributeNames: { '#c': 'claim' },
      ExpressionAttributeValues: { ':me': env.delivery },
    },
  };
  try {
    await env.store.transact([
      ...extra.map((Item) => ({
        name: 'page',
        Put: { Item, ConditionExpression: 'attribute_not_exists(pk)' },
      })),
      job,
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw new TakenOver();
    throw err;
  }
}

/** Claims the job (queued, or running past its claim) for this delivery. */
async function claim(env: ExportEnv, job: ExportJobRecordT): Promise<ExportJobRecordT | null> {
  const now = env.now();
  const next: ExportJobRecordT = {
    ...job,
    status: 'running',
    startedAt: job.startedAt ?? now.toISOString(),
    next: nextStep({ ...job, status: 'running' }),
    claim: env.delivery,
    claimedUntil: seconds(now) + EXPORT_JOB_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS,
  };
  try {
    await env.store.put({
      Item: exportJobItem(env.store, next),
      ConditionExpression: '#s = :queued OR (#s = :running AND claimedUntil < :now)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':queued': 'queued',
        ':running': 'running',
        ':now': seconds(now),
      },
    });
    return next;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/**
 * Scans and writes the pages from where the job stands until the table is read through; answers
 * the job as it ends with its last page (written with the job's end). `saved` hears each step.
 */
async function writePages(
  env: ExportEnv,
  start: ExportJobRecordT,
  saved: (job: ExportJobRecordT) => void,
): Promise<{ job: ExportJobRecordT; last: Item[] }> {
  const keys = exportKeys(env.store);
  let job = start;
  for (;;) {
    const scanned = await scanTenantPage(
      env.store,
      { limit: job.pageItems, ...(job.cursor ? { cursor: job.cursor } : {}) },
      {
        ...EXPORT_SCAN,
        budget: { size: exportedSize, max: EXPORT_PAGE_JSON_BYTES },
        skip: keys.partition(),
      },
    );
    const { cursor: _cursor, ...rest } = job;
    const progress = {
      itemsRead: job.progress.itemsRead + scanned.items.length,
      pages: job.progress.pages + (scanned.items.length ? 1 : 0),
    };
    const next: ExportJobRecordT = {
      ...rest,
      progress,
      ...(scanned.nextCursor ? { cursor: scanned.nextCursor } : {}),
      next: nextStep({ ...job, progress }),
    };
    const pages: Item[] = [];
    if (scanned.items.length) {
      const body = pageBody(scanned.items, progress.pages);
      pages.push({
        ...ExportPageRecord.item(
          {
            tenantId: job.tenantId,
            exportId: job.id,
            page: progress.pages,
            count: scanned.items.length,
            body,
            writtenAt: env.now().toISOString(),
          },
          keys.page(job.id, progress.pages),
        ),
        expiresAt: seconds(new Date(job.availableUntil)),
      });
    }
    if (!scanned.nextCursor) return { job: next, last: pages };
    await save(env, next, pages);
    job = next;
    saved(job);
  }
}

/** Ends the job (done or failed) and frees the hospital's export lock. */
async function end(env: ExportEnv, job: ExportJobRecordT, pages: Item[] = []) {
  await save(env, { ...job, finishedAt: env.now().toISOString() }, pages);
  await env.store
    .delete({
      Key: exportKeys(env.store).lock(),
      ConditionExpression: 'exportId = :id',
      ExpressionAttributeValues: { ':id': job.id },
    })
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/** Runs an export: claims it, writes its pages, ends it done or failed with what to do next. */
export async function runExportJob(env: ExportEnv, exportId: string): Promise<ExportRunOutcome> {
  const job = await findExport(env.store, exportId);
  if (!job) return { outcome: 'skipped', exportId, reason: 'no such export' };
  const claimed = await claim(env, job);
  if (!claimed)
    return { outcome: 'skipped', exportId, reason: `the export is ${job.status} already` };
  let current = claimed;
  try {
    const { job: read, last } = await writePages(env, claimed, (saved) => {
      current = saved;
    });
    const done = { ...read, status: 'done' as const };
    await end(env, { ...done, next: nextStep(done) }, last);
    return { outcome: 'done', exportId, pages: done.progress.pages };
  } catch (err) {
    if (err instanceof TakenOver)
      return { outcome: 'skipped', exportId, reason: 'another delivery took the export over' };
    const failed = { ...current, status: 'failed' as const };
    await end(env, {
      ...failed,
      error: `The export failed: ${(err as Error).message}`,
      next: nextStep(failed),
    }).catch((e: unknown) => {
      if (!(e instanceof TakenOver)) throw e;
    });
    return { outcome: 'failed', exportId, pages: current.progress.pages };
  }
}
