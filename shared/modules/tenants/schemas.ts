/** The fields of a hospital (tenant), declared once, and the registration input and answer. */
import { PasswordSchema } from '../../auth/passwords';
import { CountryCodeSchema } from '../../kernel/countries';
import { changesSomething, email, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { Credentials, RoleSchema } from '../users';
import { EXPORT_FORMAT, EXPORT_MAX_PAGE_ITEMS, SlugSchema, TimeZoneSchema } from './rules';

export const TENANT_STATUSES = ['TRIAL', 'ACTIVE', 'SUSPENDED'] as const;

export const Tenant = z.strictObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(TENANT_STATUSES),
  trialEndsAt: TimestampSchema,
  timezone: z.string(),
  /** ISO 3166-1 alpha-2: the default country of phone numbers typed without their country code. */
  country: z.optional(z.string()),
  /** MCP requests per minute per credential (docs/agents.md); absent: the default, 10. */
  agentRateLimitPerMinute: z.optional(z.number().check(z.int())),
  createdAt: TimestampSchema,
});
export type Tenant = z.output<typeof Tenant>;

export const RegisterTenantInput = z.strictObject({
  hospitalName: nonEmpty(120),
  slug: SlugSchema,
  adminName: nonEmpty(120),
  adminEmail: email(),
  adminPassword: z.optional(PasswordSchema),
  timezone: z._default(TimeZoneSchema, 'UTC'),
  /** Defaults to the country of the time zone, when the zone has one. */
  country: z.optional(CountryCodeSchema),
  /** Required when the deployment registers by invitation only (registration.ts); never stored. */
  inviteCode: z.optional(nonEmpty(200)),
});

export const RegisteredTenant = z.strictObject({
  tenant: Tenant,
  admin: z.strictObject({ id: z.string(), email: z.string(), name: z.string(), role: RoleSchema }),
  credentials: Credentials,
});

export const NoInput = z.strictObject({});

/**
 * What an administrator may change of the hospital. Not the time zone: the local dates of every
 * stored appointment and encounter were worked out in it (docs/decisions.md).
 */
export const UpdateTenantInput = z
  .strictObject({
    name: z.optional(nonEmpty(120)),
    /** null: no default country (every phone number then needs its country code). */
    country: z.optional(z.nullable(CountryCodeSchema)),
    /** null: back to the default (10). */
    agentRateLimitPerMinute: z.optional(
      z.nullable(
        z
          .number({ message: 'must be a number' })
          .check(
            z.int('must be a whole number'),
            z.gte(1, 'must be between 1 and 100000'),
            z.lte(100_000, 'must be between 1 and 100000'),
          ),
      ),
    ),
  })
  .check(
    z.refine(
      (b) => changesSomething(b, []),
      'give at least one of name, country, agentRateLimitPerMinute',
    ),
  );

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** Starts an export of the whole hospital (export-jobs.ts). */
export const StartExportInput = z.strictObject({
  pageItems: z.optional(
    z
      .number({ message: 'must be a number' })
      .check(
        z.int('must be an integer'),
        z.gte(1, `must be between 1 and ${EXPORT_MAX_PAGE_ITEMS}`),
        z.lte(EXPORT_MAX_PAGE_ITEMS, `must be between 1 and ${EXPORT_MAX_PAGE_ITEMS}`),
      ),
  ),
});

/** An export job: where it stands, what it has written, what to do next. */
export const ExportJob = z.strictObject({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Items a page holds at most. */
  pageItems: z.number(),
  progress: z.strictObject({
    /** The hospital's items read so far. */
    itemsRead: z.number(),
    /** Pages written so far (all of them once done): read them at .../pages/1 to .../pages/N. */
    pages: z.number(),
  }),
  /** Why it failed. */
  error: z.optional(z.string()),
  /** What to do next, in plain words. */
  next: z.string(),
  requestedBy: z.string(),
  createdAt: TimestampSchema,
  startedAt: z.optional(TimestampSchema),
  finishedAt: z.optional(TimestampSchema),
  /** When the job and its pages are deleted (EXPORT_RETENTION_DAYS after the request). */
  availableUntil: TimestampSchema,
});

export const ExportIdInput = z.strictObject({ id: idParam() });
export const ListExportsInput = z.strictObject(pageFields);
export const ExportJobPage = pageOf(ExportJob);

export const ExportPageInput = z.strictObject({
  id: idParam(),
  n: z.coerce
    .number({ message: 'must be a number' })
    .check(z.int('must be an integer'), z.gte(1, 'must be 1 or more')),
});

/** One page of the hospital's data export (export.ts). */
export const ExportPage = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  tenantId: z.string(),
  exportId: z.string(),
  /** This page's number, from 1. */
  page: z.number(),
  /** Items of the hospital on this page (a Patient item gives its FHIR Patient and related resources). */
  count: z.number(),
  /** Kind (a FHIR resource type, or the service's entity name) to its records. */
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  writtenAt: TimestampSchema,
});
