/** The fields of a hospital (tenant), declared once, and the registration input and answer. */
import { PasswordSchema } from '../../auth/passwords';
import { CountryCodeSchema } from '../../kernel/countries';
import { changesSomething, email, nonEmpty } from '../../kernel/fields';
import { pageFields } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { Credentials, RoleSchema } from '../users';
import {
  EXPORT_DEFAULT_LIMIT,
  EXPORT_FORMAT,
  EXPORT_MAX_LIMIT,
  SlugSchema,
  TimeZoneSchema,
} from './rules';

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

/** One page of the hospital's data export (export.ts). */
export const ExportInput = z.strictObject({
  limit: z._default(
    z.coerce
      .number({ message: 'must be a number' })
      .check(
        z.int('must be an integer'),
        z.gte(1, `must be between 1 and ${EXPORT_MAX_LIMIT}`),
        z.lte(EXPORT_MAX_LIMIT, `must be between 1 and ${EXPORT_MAX_LIMIT}`),
      ),
    EXPORT_DEFAULT_LIMIT,
  ),
  cursor: pageFields.cursor,
});

export const ExportPage = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  tenantId: z.string(),
  exportedAt: z.string(),
  /** Items read for this page (a Patient item gives its FHIR Patient and related resources). */
  count: z.number(),
  /** Kind (a FHIR resource type, or the service's entity name) to its records. */
  records: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  nextCursor: z.nullable(z.string()),
});
