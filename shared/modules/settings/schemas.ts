/**
 * The hospital's settings as one document (`GET /settings`), and its update (`PUT /settings`):
 * the same shape, every section and field optional, so an answer sent back unchanged is a valid
 * update that changes nothing. Read-only fields are accepted back: unchanged they are ignored, a
 * changed one is a 400 naming it (docs/settings.md).
 */

import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { ActionSettingsInput, TypeSettings } from '../agent-actions/index';
import { BillingSettings, BillingSettingsInput } from '../billing/index';
import { TENANT_STATUSES, UpdateTenantInput } from '../tenants/index';
import { SettingsChange } from './version';

export const HospitalSection = z.strictObject({
  name: z.string(),
  /** Read-only: the hospital's address in sign-in and URLs. */
  slug: z.string(),
  /** Read-only: TRIAL, ACTIVE or SUSPENDED. */
  status: z.enum(TENANT_STATUSES),
  /** Read-only. */
  trialEndsAt: TimestampSchema,
  /** Read-only: the local dates of stored appointments and encounters were worked out in it. */
  timezone: z.string(),
  /** ISO 3166-1 alpha-2: the default country of phone numbers; absent: none. */
  country: z.optional(z.string()),
});

export const AgentsSection = z.strictObject({
  /** MCP and A2A requests per credential and minute. */
  rateLimitPerMinute: z.number().check(z.int()),
  /** Read-only: what `rateLimitPerMinute: null` restores. */
  defaultRateLimitPerMinute: z.number().check(z.int()),
  /** Auto-approval and lifetime of each agent action type (docs/hitl.md). */
  actionTypes: z.array(TypeSettings),
});

export const HospitalSettings = z.strictObject({
  /** Raised by every change of a setting; send it back to change only what you read. */
  version: z.number().check(z.int()),
  hospital: HospitalSection,
  /** Currency, discount and refund thresholds, consultation tax (docs/billing.md). */
  billing: BillingSettings,
  agents: AgentsSection,
  /** The latest changes, newest last: when, by whom, which settings. Read-only. */
  changes: z.array(SettingsChange),
});
export type HospitalSettings = z.output<typeof HospitalSettings>;

const tenantFields = UpdateTenantInput.shape;
const billingFields = BillingSettingsInput.shape;
const anything = z.optional(z.unknown());

export const UpdateSettingsInput = z.strictObject({
  /** The `version` of the answer the change was made from: 409 when the settings changed since. */
  version: z.optional(
    z.number({ message: 'must be a whole number' }).check(z.int('must be a whole number')),
  ),
  hospital: z.optional(
    z.strictObject({
      name: tenantFields.name,
      /** null: no default country. */
      country: tenantFields.country,
      slug: z.optional(z.string({ message: 'must be a string' })),
      status: z.optional(z.string({ message: 'must be a string' })),
      trialEndsAt: z.optional(z.string({ message: 'must be a string' })),
      timezone: z.optional(z.string({ message: 'must be a string' })),
    }),
  ),
  billing: z.optional(
    z.strictObject({
      currency: z.optional(billingFields.currency),
      discountThresholdBp: z.optional(billingFields.discountThresholdBp),
      refundThreshold: z.optional(billingFields.refundThreshold),
      consultationTaxRateBp: z.optional(billingFields.consultationTaxRateBp),
      consultationTaxInclusive: z.optional(billingFields.consultationTaxInclusive),
      updatedAt: anything,
      updatedBy: anything,
    }),
  ),
  agents: z.optional(
    z.strictObject({
      /** null: back to the default. */
      rateLimitPerMinute: tenantFields.agentRateLimitPerMinute,
      defaultRateLimitPerMinute: anything,
      /** The answer's list (edited or not) or a map of changes by type, as `PUT /agent-actions/settings`. */
      actionTypes: z.optional(ActionSettingsInput.shape.types),
    }),
  ),
  changes: anything,
});
export type UpdateSettingsInput = z.output<typeof UpdateSettingsInput>;

export const NoInput = z.strictObject({});
