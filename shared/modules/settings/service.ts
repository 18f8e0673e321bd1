/**
 * The hospital's settings in one place. Each section stays where its module keeps and reads it
 * (the tenant item, billing's settings item, agent actions' settings item), so every module reads
 * its own settings as before; this module reads them together and changes them in one
 * transaction, conditional on the settings version (version.ts): all of a change or none of it,
 * and never over a change made since the version was read.
 */
import { actorId } from '../../kernel/actor';
import { type Context, DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import type { Store, TxItem } from '../../kernel/store/store';
import { invalidField } from '../../kernel/validation';
import {
  actionSettingsAnswer,
  actionSettingsItem,
  applyActionSettingsChanges,
  readActionSettings,
} from '../agent-actions/index';
import {
  BillingSettings,
  BillingSettingsRecord,
  billingKeys,
  readSettings as readBillingSettings,
} from '../billing/index';
import {
  findTenant,
  type TenantPatch,
  type TenantRecord,
  tenantPatchUpdate,
} from '../tenants/index';
import type { HospitalSettings, UpdateSettingsInput } from './schemas';
import { nextVersionWrite, readVersion, type VersionRecord } from './version';

interface Stored {
  version: VersionRecord;
  tenant: TenantRecord;
  billing: BillingSettingsRecord;
  actions: Awaited<ReturnType<typeof readActionSettings>>;
}

/**
 * The version first, then the sections: a section changed in between raises the version past the
 * one read, so the conditional write fails rather than overwrite what it did not see.
 */
async function readStored(store: Store): Promise<Stored> {
  const version = await readVersion(store);
  const [tenant, billing, actions] = await Promise.all([
    findTenant(store),
    readBillingSettings(store, { consistent: true }),
    readActionSettings(store),
  ]);
  if (!tenant) throw new NotFound('Tenant not found');
  return { version, tenant, billing, actions };
}

function answer(s: Stored): HospitalSettings {
  const t = s.tenant;
  return {
    version: s.version.version,
    hospital: {
      name: t.name,
      slug: t.slug,
      status: t.status,
      trialEndsAt: t.trialEndsAt,
      timezone: t.timezone,
      ...(t.country ? { country: t.country } : {}),
    },
    billing: view(BillingSettings, s.billing),
    agents: {
      rateLimitPerMinute: t.agentRateLimitPerMinute ?? DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE,
      defaultRateLimitPerMinute: DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE,
      actionTypes: actionSettingsAnswer(s.actions).types,
    },
    changes: s.version.changes ?? [],
  };
}

export async function getSettings(ctx: Context): Promise<HospitalSettings> {
  return answer(await readStored(ctx.store));
}

const READ_ONLY = ['slug', 'status', 'trialEndsAt', 'timezone'] as const;
const BILLING_FIELDS = [
  'currency',
  'discountThresholdBp',
  'refundThreshold',
  'consultationTaxRateBp',
  'consultationTaxInclusive',
] as const;

interface Plan {
  writes: TxItem[];
  /** The settings changed, by name (`billing.currency`): the change's record. */
  fields: string[];
  after: Stored;
}

/** The hospital section and the rate limit: one update of the tenant item, of what differs. */
function tenantPlan(ctx: Context, input: UpdateSettingsInput, s: Stored, plan: Plan): void {
  const h = input.hospital ?? {};
  for (const field of READ_ONLY) {
    if (h[field] !== undefined && h[field] !== s.tenant[field])
      throw invalidField(
        `hospital.${field}`,
        `is read-only (it is ${s.tenant[field]})${field === 'timezone' ? ': the local dates of stored appointments and encounters were worked out in it' : ''}`,
      );
  }
  const patch: TenantPatch = {};
  const tenant = { ...s.tenant };
  if (h.name !== undefined && h.name !== s.tenant.name) patch.name = tenant.name = h.name;
  if (h.country !== undefined && h.country !== (s.tenant.country ?? null)) {
    patch.country = h.country;
    if (h.country === null) delete tenant.country;
    else tenant.country = h.country;
  }
  const rate = input.agents?.rateLimitPerMinute;
  const currentRate = s.tenant.agentRateLimitPerMinute ?? null;
  // Sending back the default the answer showed (no limit of its own) changes nothing.
  const showsDefault = currentRate === null && rate === DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE;
  if (rate !== undefined && rate !== currentRate && !showsDefault) {
    patch.agentRateLimitPerMinute = rate;
    if (rate === null) delete tenant.agentRateLimitPerMinute;
    else tenant.agentRateLimitPerMinute = rate;
  }
  const changed = Object.keys(patch) as (keyof TenantPatch)[];
  if (changed.length === 0) return;
  plan.writes.push({ name: 'tenant', Update: tenantPatchUpdate(ctx.store, patch) });
  plan.fields.push(
    ...changed.map((f) =>
      f === 'agentRateLimitPerMinute' ? 'agents.rateLimitPerMinute' : `hospital.${f}`,
    ),
  );
  plan.after.tenant = tenant;
}

/** The billing section: its item rewritten with the fields that differ. */
function billingPlan(ctx: Context, input: UpdateSettingsInput, s: Stored, plan: Plan): void {
  const b = input.billing ?? {};
  const changed = BILLING_FIELDS.filter((f) => b[f] !== undefined && b[f] !== s.billing[f]);
  if (changed.length === 0) return;
  const record: BillingSettingsRecord = {
    ...s.billing,
    ...Object.fromEntries(changed.map((f) => [f, b[f]])),
    updatedAt: ctx.now.toISOString(),
    updatedBy: actorId(ctx.actor),
  };
  plan.writes.push({
    name: 'billing',
    Put: { Item: BillingSettingsRecord.item(record, billingKeys(ctx.store).settings()) },
  });
  plan.fields.push(...changed.map((f) => `billing.${f}`));
  plan.after.billing = record;
}

/** Auto-approval and lifetimes: agent actions' own rules (who turned it on, who it acts as). */
async function actionTypesPlan(
  ctx: Context,
  input: UpdateSettingsInput,
  s: Stored,
  plan: Plan,
): Promise<void> {
  const types = input.agents?.actionTypes;
  if (types === undefined) return;
  const { settings, changed } = await applyActionSettingsChanges(
    ctx,
    s.actions,
    types,
    'agents.actionTypes',
  );
  if (changed.length === 0) return;
  plan.writes.push({
    name: 'action-types',
    Put: { Item: actionSettingsItem(ctx.store, settings) },
  });
  plan.fields.push(...changed.map((t) => `agents.actionTypes.${t}`));
  plan.after.actions = settings;
}

/** How many times a change without `version` is re-read and re-applied after losing a race. */
const ATTEMPTS = 5;

function changedSince(from: number, now: number): Conflict {
  return new Conflict(
    `The settings changed since version ${from} (they are at version ${now}): read them again and make your change on the new version`,
    { field: 'version', version: now },
  );
}

/**
 * Changes what differs from the stored settings, in one transaction with the next version. With
 * `version`, only if the settings are still at that version (409 otherwise); without it, a change
 * that loses a race to another is re-read and re-applied (the fields it names win).
 */
export async function updateSettings(
  ctx: Context,
  input: UpdateSettingsInput,
): Promise<HospitalSettings> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readStored(ctx.store);
    if (input.version !== undefined && input.version !== stored.version.version)
      throw changedSince(input.version, stored.version.version);
    const plan: Plan = { writes: [], fields: [], after: { ...stored } };
    tenantPlan(ctx, input, stored, plan);
    billingPlan(ctx, input, stored, plan);
    await actionTypesPlan(ctx, input, stored, plan);
    if (plan.fields.length === 0) return answer(stored);
    const change = { at: ctx.now.toISOString(), by: actorId(ctx.actor), fields: plan.fields };
    const next = nextVersionWrite(ctx.store, stored.version, change);
    try {
      await ctx.store.transact([...plan.writes, next.write]);
    } catch (err) {
      if (!conditionFailed(err, 'settings-version')) throw err;
      if (input.version !== undefined || attempt >= ATTEMPTS) {
        const now = await readVersion(ctx.store);
        throw changedSince(input.version ?? stored.version.version, now.version);
      }
      continue;
    }
    plan.after.version = next.record;
    return answer(plan.after);
  }
}
