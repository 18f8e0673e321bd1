/**
 * The hospital's data export as a job (issue 23 item 10; docs/operations.md "Offboarding a
 * hospital", docs/decisions.md "Hospital export as a job"). The request only queues it: no
 * request-serving function may Scan the table, so the Scan runs in a function of its own
 * (`tenant-export`, an EventBridge consumer of `TenantExportRequested`, export-run.ts), which
 * writes the bundle as pages into the hospital's own export partition. The tenants function reads
 * the job and its pages by key (GetItem, Query), within its tenant session.
 *
 * - **One at a time per hospital**: the request writes the hospital's export lock, the queued job
 *   and the event (outbox) in one transaction; a start while the lock holds answers 409 naming
 *   the job that holds it. The function frees the lock when the job ends.
 * - **Kept 7 days**: the job and its pages carry the table's TTL (EXPORT_RETENTION_DAYS).
 */
// Registers the bus as the outbox's fast path: the event goes out with the request's commit.
import '../../events/bus';
import { gunzipSync } from 'node:zlib';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import type * as z from '../../kernel/zod';
import {
  ExportJobRecord,
  type ExportJobRecordT,
  ExportPageRecord,
  exportJobItem,
  exportKeys,
  findExport,
} from './export-store';
import {
  CLAIM_MARGIN_SECONDS,
  EXPORT_DEFAULT_PAGE_ITEMS,
  EXPORT_FORMAT,
  EXPORT_JOB_TIMEOUT_SECONDS,
  EXPORT_RETENTION_DAYS,
  nextStep,
  TENANT_EXPORT_REQUESTED,
  TENANTS_SOURCE,
} from './rules';
import {
  type ExportIdInput,
  ExportJob,
  type ExportPageInput,
  type ListExportsInput,
  type StartExportInput,
} from './schemas';

/** How long a queued job may wait for its function. */
const QUEUE_SECONDS = 300;
/** Deliveries of one event: EventBridge's first and Lambda's two retries of an asynchronous call. */
const DELIVERIES = 3;
/** The lock holds while the job may still be queued or running; a lost job's lock lapses. */
const LOCK_SECONDS =
  QUEUE_SECONDS + DELIVERIES * (EXPORT_JOB_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS + 60);

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const exportAnswer = (job: ExportJobRecordT) => view(ExportJob, job);

/** Queues an export of the whole hospital, unless one is under way (409 naming it). */
export async function startExport(ctx: Context, input: z.output<typeof StartExportInput>) {
  const keys = exportKeys(ctx.store);
  const id = newId(ctx);
  const progress = { itemsRead: 0, pages: 0 };
  const job: ExportJobRecordT = {
    id,
    tenantId: ctx.tenantId,
    status: 'queued',
    pageItems: input.pageItems ?? EXPORT_DEFAULT_PAGE_ITEMS,
    progress,
    next: nextStep({ id, status: 'queued', progress }),
    requestedBy: actorId(ctx.actor),
    createdAt: ctx.now.toISOString(),
    availableUntil: new Date(
      ctx.now.getTime() + EXPORT_RETENTION_DAYS * 24 * 3600 * 1000,
    ).toISOString(),
  };
  const until = seconds(ctx.now) + LOCK_SECONDS;
  emit(ctx, {
    source: TENANTS_SOURCE,
    detailType: TENANT_EXPORT_REQUESTED,
    detail: { tenantId: ctx.tenantId, exportId: id },
  });
  try {
    await ctx.store.transact([
      {
        name: 'lock',
        Put: {
          Item: {
            ...keys.lock(),
            entity: 'TenantExportLock',
            exportId: id,
            until,
            expiresAt: until,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #u < :now',
          ExpressionAttributeNames: { '#u': 'until' },
          ExpressionAttributeValues: { ':now': seconds(ctx.now) },
        },
      },
      {
        Put: {
          Item: exportJobItem(ctx.store, job),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (!conditionFailed(err, 'lock')) throw err;
    const lock = await ctx.store.get(keys.lock(), { consistent: true });
    throw new Conflict(
      `Export ${String(lock?.exportId)} of this hospital is under way: follow it at GET /tenants/current/exports/${String(lock?.exportId)} and start another once it has ended`,
    );
  }
  return exportAnswer(job);
}

/**
 * An export still available: the table's TTL deletes an expired one within days, not at once,
 * so one past `availableUntil` is gone already for its readers.
 */
async function availableExport(ctx: Context, id: string) {
  const job = await findExport(ctx.store, id);
  if (!job || Date.parse(job.availableUntil) <= ctx.now.getTime())
    throw new NotFound(`Export ${id} not found`);
  return job;
}

export async function getExport(ctx: Context, input: z.output<typeof ExportIdInput>) {
  return exportAnswer(await availableExport(ctx, input.id));
}

/** The hospital's exports still available, newest first (a page may hold fewer than `limit`). */
export async function listExports(ctx: Context, input: z.output<typeof ListExportsInput>) {
  const page = await ctx.store.collectionPage(
    'gsi1',
    exportKeys(ctx.store).list(),
    input,
    (item) => ExportJobRecord.read(item),
    { newestFirst: true },
  );
  const available = page.items.filter((j) => Date.parse(j.availableUntil) > ctx.now.getTime());
  return { items: available.map(exportAnswer), nextCursor: page.nextCursor };
}

/** One page of an export's bundle, as the export function wrote it. */
export async function getExportPage(ctx: Context, input: z.output<typeof ExportPageInput>) {
  const job = await availableExport(ctx, input.id);
  const item = await ctx.store.get(exportKeys(ctx.store).page(input.id, input.n));
  if (!item)
    throw new NotFound(
      `Page ${input.n} of export ${input.id} not found: it has ${job.progress.pages} pages${job.status === 'done' ? '' : ' so far'}`,
    );
  const page = ExportPageRecord.read(item);
  return {
    format: EXPORT_FORMAT,
    tenantId: ctx.tenantId,
    exportId: input.id,
    page: page.page,
    count: page.count,
    records: JSON.parse(gunzipSync(page.body).toString('utf8')),
    writtenAt: page.writtenAt,
  };
}
