import { isValidTimeZone } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';

/** Trial length for new hospitals. */
export const TRIAL_DAYS = 14;

/** Slugs that would collide with product paths or read as official. */
export const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'app',
  'auth',
  'login',
  'get-started',
  'www',
  'support',
  'help',
  'status',
  'static',
  'health',
  'system',
  'root',
  'tenants',
  'mcp',
  'sse',
  'a2a',
]);

export const SlugSchema = z.string().check(
  z.trim(),
  z.minLength(3, 'must be 3 to 40 characters'),
  z.maxLength(40, 'must be 3 to 40 characters'),
  z.regex(/^[a-z0-9-]+$/, 'may contain only lowercase letters, digits and hyphens'),
  z.regex(/^[a-z0-9].*[a-z0-9]$/, 'must start and end with a letter or digit'),
  z.refine((s) => !s.includes('--'), 'must not contain two hyphens in a row'),
  z.refine((s) => !RESERVED_SLUGS.has(s), 'is reserved; choose another'),
);

export const TimeZoneSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Kolkata or Europe/London'),
  );

export function trialEndsAt(createdAt: Date): string {
  return new Date(createdAt.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** The hospital data export's format name (export.ts, docs/operations.md). */
export const EXPORT_FORMAT = 'hms-tenant-export/1' as const;

/** Items a page of an export holds at most, and by default (the job's `pageItems`). */
export const EXPORT_MAX_PAGE_ITEMS = 1000;
export const EXPORT_DEFAULT_PAGE_ITEMS = 500;

/**
 * A page's records as JSON, before compression, at most (one record bigger than that makes a page
 * of its own). Stored gzipped, a page stays far below DynamoDB's 400 KB item limit; the job fails
 * rather than write a page that does not (EXPORT_PAGE_MAX_STORED_BYTES).
 */
export const EXPORT_PAGE_JSON_BYTES = 256 * 1024;
export const EXPORT_PAGE_MAX_STORED_BYTES = 350 * 1024;

/**
 * How far one page's Scan goes: up to 10 calls of 1,000 items each (of every tenant: a Scan reads
 * the whole table); the job stores its position after each page and carries on from there.
 */
export const EXPORT_SCAN = { rounds: 10, evaluate: 1000 } as const;

/** An export's pages and job record are deleted (table TTL) this long after it was requested. */
export const EXPORT_RETENTION_DAYS = 7;

/** The export function's timeout: Lambda's longest. */
export const EXPORT_JOB_TIMEOUT_SECONDS = 900;

/** A claim of the function outlives its timeout by this much (then a retry takes the job over). */
export const CLAIM_MARGIN_SECONDS = 30;

/** What to do next, for the administrator reading an export job. */
export function nextStep(job: {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { pages: number };
}): string {
  const base = `/tenants/current/exports/${job.id}`;
  switch (job.status) {
    case 'queued':
      return `Queued for the export function: read ${base} again in a few seconds.`;
    case 'running':
      return `Reading the hospital's records (${job.progress.pages} pages written so far): read ${base} again in a few seconds.`;
    case 'done':
      return `Download pages 1 to ${job.progress.pages} from ${base}/pages/{n} within ${EXPORT_RETENTION_DAYS} days; they are deleted after that.`;
    case 'failed':
      return `Start a new export (POST /tenants/current/exports); if it fails again, give the operator this job id (${job.id}).`;
  }
}

/** The event that queues an export for the export function (export-jobs.ts, export-run.ts). */
export const TENANTS_SOURCE = 'hms.tenants';
export const TENANT_EXPORT_REQUESTED = 'TenantExportRequested';
