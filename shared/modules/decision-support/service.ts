import { randomUUID } from 'node:crypto';
import { type Card, OVERRIDE_REASONS } from '../../clinical/cds-card';
import { CDS_RULES, type ClinicalFacts, evaluateRules, type Hook } from '../../clinical/cds-rules';
import { drugNameProblem, normaliseForm } from '../../clinical/text';
import { ageInYears } from '../../clinical/vitals';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { findPatient, findPatientIdByMrn, type PatientRecord } from '../patients';
import { storedFacts } from './facts';
import {
  activeMedications,
  allergiesOf,
  contrastAgentOrdered,
  creatinineOf,
  draftMedications,
  patientOf,
} from './fhir';
import type {
  AlertsInput,
  FeedbackInput,
  HookRequest,
  OverrideInput,
  SetRuleInput,
} from './schemas';
import {
  cdsKeys,
  disabledRuleIds,
  type FeedbackRecord,
  feedbackItem,
  type OverrideRecord,
  overrideItem,
  patientOverrides,
  RuleSettingRecord,
  ruleSettings,
  serviceFeedback,
} from './store';

/** The CDS Services this hospital offers: one per hook (CDS Hooks 2.0 discovery). */
const PREFETCH = {
  patient: 'Patient/{{context.patientId}}',
  medications: 'MedicationRequest?patient={{context.patientId}}&status=active',
  creatinine:
    'Observation?patient={{context.patientId}}&code=http://loinc.org|2160-0,http://loinc.org|14682-9&_sort=-date&_count=20',
  allergies: 'AllergyIntolerance?patient={{context.patientId}}',
};

export const CDS_SERVICES: readonly {
  id: string;
  hook: Hook;
  title: string;
  description: string;
}[] = [
  {
    id: 'hms-patient-view',
    hook: 'patient-view',
    title: 'Patient alerts',
    description:
      'Sepsis screening, deteriorating NEWS2, MEOWS and PEWS triggers, unacknowledged critical results, acute kidney injury, renal dosing, allergies, interactions and duplicate therapy for the patient being opened',
  },
  {
    id: 'hms-order-select',
    hook: 'order-select',
    title: 'Medication order screening (select)',
    description:
      'Allergy and cross-sensitivity, interactions, duplicate therapy, renal dose, contrast and renal function, and metformin-contrast checks of the selected draft orders',
  },
  {
    id: 'hms-order-sign',
    hook: 'order-sign',
    title: 'Medication order screening (sign)',
    description:
      'The same checks as order-select on the orders about to be signed, with override reasons for the cards that can be overridden',
  },
  {
    id: 'hms-encounter-discharge',
    hook: 'encounter-discharge',
    title: 'Discharge check',
    description:
      'Unacknowledged critical results, deteriorating NEWS2, MEOWS and PEWS triggers, sepsis screening, acute kidney injury and medication checks before the patient leaves',
  },
];

export function discovery() {
  return {
    services: CDS_SERVICES.map((s) => ({
      hook: s.hook,
      title: s.title,
      description: s.description,
      id: s.id,
      prefetch: PREFETCH,
      usageRequirements:
        'Authenticate with a bearer token or API key of the hospital (scope cds:read); context.patientId is the hospital’s patient id',
    })),
  };
}

/** Rules a hospital switched off (their setting's latest state). */
const disabledRules = (ctx: Context) => disabledRuleIds(ctx.store);

async function requirePatient(ctx: Context, idOrMrn: string): Promise<PatientRecord> {
  const id = /^MRN-/i.test(idOrMrn)
    ? await findPatientIdByMrn(ctx.store, idOrMrn.toUpperCase())
    : idOrMrn;
  const patient = id ? await findPatient(ctx.store, id) : undefined;
  if (!patient) throw new NotFound(`Patient ${idOrMrn} not found`);
  return patient;
}

const text = (value: unknown, field: string, hook: string): string => {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidField(`context.${field}`, `is required for the ${hook} hook (a string)`);
  return value;
};

/** The context fields each hook requires (CDS Hooks hook definitions, 2.0 / 1.0 for discharge). */
const REQUIRED_CONTEXT: Record<Hook, readonly string[]> = {
  'patient-view': ['userId', 'patientId'],
  'order-select': ['userId', 'patientId', 'selections', 'draftOrders'],
  'order-sign': ['userId', 'patientId', 'draftOrders'],
  'encounter-discharge': ['userId', 'patientId', 'encounterId'],
};

/** A CDS Hooks call: the cards of the rules for the hook from stored and sent facts. */
export async function callService(ctx: Context, input: z.output<typeof HookRequest>) {
  const service = CDS_SERVICES.find((s) => s.id === input.id);
  if (!service) throw new NotFound(`CDS service ${input.id} not found`);
  if (input.hook !== service.hook)
    throw invalidField('hook', `must be '${service.hook}' for the service ${service.id}`);
  const c = input.context;
  for (const field of REQUIRED_CONTEXT[service.hook]) {
    if (c[field] === undefined)
      throw invalidField(`context.${field}`, `is required for the ${service.hook} hook`);
  }
  const patientId = text(c.patientId, 'patientId', service.hook);
  text(c.userId, 'userId', service.hook);
  if (service.hook === 'order-select' && !Array.isArray(c.selections))
    throw invalidField('context.selections', 'must be an array of resource references');
  if (
    (service.hook === 'order-select' || service.hook === 'order-sign') &&
    (typeof c.draftOrders !== 'object' || c.draftOrders === null)
  )
    throw invalidField('context.draftOrders', 'must be a FHIR Bundle');
  const patient = await requirePatient(ctx, patientId);
  const stored = await storedFacts(ctx, patient);
  const prefetch = input.prefetch ?? {};
  const contrast = contrastAgentOrdered(c.draftOrders);
  const sentPatient = patientOf(prefetch.patient);
  const facts: ClinicalFacts = {
    ...stored,
    // What the EHR sends adds to what the hospital holds; it never removes a recorded allergy.
    allergies: [...stored.allergies, ...allergiesOf(prefetch.allergies)],
    creatinine: [...stored.creatinine, ...creatinineOf(prefetch.creatinine)],
    medications: [
      ...stored.medications,
      ...activeMedications(prefetch.medications),
      ...draftMedications(c.draftOrders),
    ],
    iodinatedContrast: contrast === 'iodinated',
    gadoliniumContrast: contrast === 'gadolinium',
    ageYears:
      stored.ageYears ??
      (sentPatient?.birthDate
        ? ageInYears(sentPatient.birthDate, todayIn(ctx.tenant.timeZone, ctx.now))
        : null),
  };
  const cards = evaluateRules(facts, service.hook, await disabledRules(ctx));
  return { cards: cards.map((card) => ({ uuid: randomUUID(), ...card })) };
}

/** What a clinician might do with the cards, in words (agents: orders go through propose-*). */
function nextSteps(cards: readonly Card[]): string[] {
  if (!cards.length) return ['No alerts: continue with the usual care'];
  const steps = cards.flatMap((c) => c.suggestions?.map((s) => s.label) ?? []);
  return [
    ...new Set(steps),
    'Any order or change of care is proposed with a propose-* tool and decided by a clinician',
  ];
}

/** The comma-separated drug names, each in the characters a drug name needs (clinical/text.ts). */
function proposedDrugs(list: string | undefined): string[] {
  const names = (list ?? '')
    .split(',')
    .map(normaliseForm)
    .filter((n) => n !== '');
  if (names.length > 20) throw invalidField('proposedDrugs', 'must name at most 20 drugs');
  for (const name of names) {
    const problem = drugNameProblem('proposedDrugs', name);
    if (problem) throw invalidField('proposedDrugs', problem.replace(/^proposedDrugs /, ''));
  }
  return names;
}

/** The patient's alerts (staff, the dashboard and agents), optionally for proposed drugs. */
export async function patientAlerts(ctx: Context, input: z.output<typeof AlertsInput>) {
  const patient = await requirePatient(ctx, input.patient);
  const stored = await storedFacts(ctx, patient);
  const drafts = proposedDrugs(input.proposedDrugs).map((name) => ({
    name,
    status: 'draft' as const,
  }));
  const hook: Hook = drafts.length ? 'order-select' : 'patient-view';
  const facts: ClinicalFacts = {
    ...stored,
    medications: [...stored.medications, ...drafts],
    iodinatedContrast: input.iodinatedContrast === true || input.iodinatedContrast === 'true',
  };
  const disabled = await disabledRules(ctx);
  const cards = evaluateRules(facts, hook, disabled);
  return {
    patient: { id: patient.id, mrn: patient.mrn, name: patient.name },
    cards,
    rulesApplied: CDS_RULES.filter((r) => r.hooks.includes(hook) && !disabled.has(r.id)).map(
      (r) => ({ id: r.id, version: r.version }),
    ),
    nextSteps: nextSteps(cards),
  };
}

export async function recordOverride(ctx: Context, input: z.output<typeof OverrideInput>) {
  const rule = CDS_RULES.find((r) => r.id === input.ruleId);
  if (!rule)
    throw invalidField('ruleId', `is not a rule: ${CDS_RULES.map((r) => r.id).join(', ')}`);
  const patient = await findPatient(ctx.store, input.patientId);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  const reason = OVERRIDE_REASONS.find((r) => r.code === input.reasonCode);
  const record: OverrideRecord = {
    id: newId(ctx),
    patientId: input.patientId,
    ruleId: rule.id,
    ruleVersion: rule.version,
    cardSummary: input.cardSummary,
    indicator: input.indicator,
    reasonCode: input.reasonCode,
    reasonDisplay: reason?.display ?? input.reasonCode,
    comment: input.comment,
    overriddenBy: actorId(ctx.actor),
    overriddenAt: ctx.now.toISOString(),
  };
  if (input.indicator === 'critical' && !input.comment)
    throw invalidField('comment', 'is required when overriding a critical card (why, in words)');
  await ctx.store.put({
    Item: overrideItem(ctx.store, record),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return record;
}

export async function listOverrides(ctx: Context, input: { patientId: string }) {
  const patient = await findPatient(ctx.store, input.patientId);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  return { items: await patientOverrides(ctx.store, input.patientId) };
}

export async function listRules(ctx: Context) {
  const settings = await ruleSettings(ctx.store);
  return {
    items: CDS_RULES.map((r) => ({
      id: r.id,
      version: r.version,
      title: r.title,
      source: { ...r.source },
      hooks: [...r.hooks],
      enabled: settings.get(r.id)?.enabled ?? true,
      history: settings.get(r.id)?.history ?? [],
    })),
  };
}

/** Switches a rule on or off for the hospital, with the reason kept in its history (audited). */
export async function setRule(ctx: Context, input: z.output<typeof SetRuleInput>) {
  const rule = CDS_RULES.find((r) => r.id === input.id);
  if (!rule) throw new NotFound(`Rule ${input.id} not found`);
  const change = {
    enabled: input.enabled,
    reason: input.reason,
    by: actorId(ctx.actor),
    at: ctx.now.toISOString(),
  };
  // One atomic update: concurrent changes each keep their history entry.
  await ctx.store.update({
    Key: cdsKeys(ctx.store).setting(rule.id),
    UpdateExpression:
      'SET entity = :entity, ruleId = :rule, enabled = :enabled, history = list_append(if_not_exists(history, :none), :change)',
    ExpressionAttributeValues: {
      ':entity': RuleSettingRecord.entity,
      ':rule': rule.id,
      ':enabled': input.enabled,
      ':none': [],
      ':change': [change],
    },
  });
  const info = (await listRules(ctx)).items.find((r) => r.id === rule.id);
  if (!info) throw new NotFound(`Rule ${input.id} not found`);
  return info;
}

/**
 * CDS Hooks feedback: what the clinician did with each card (accepted with the suggestions taken,
 * or overridden with a reason), stored in this hospital's partition of the service, all entries
 * in one transaction. A repeated delivery rewrites the same items (keyed by card, outcome and
 * time), so it never counts twice.
 */
export async function recordFeedback(ctx: Context, input: z.output<typeof FeedbackInput>) {
  const service = CDS_SERVICES.find((s) => s.id === input.id);
  if (!service) throw new NotFound(`CDS service ${input.id} not found`);
  const recordedAt = ctx.now.toISOString();
  const records = new Map<string, FeedbackRecord>();
  for (const f of input.feedback) {
    const reason = f.overrideReason?.reason
      ? OVERRIDE_REASONS.find((r) => r.code === f.overrideReason?.reason?.code)
      : undefined;
    const record: FeedbackRecord = {
      serviceId: service.id,
      card: f.card.toLowerCase(),
      outcome: f.outcome,
      ...(f.acceptedSuggestions
        ? { acceptedSuggestions: f.acceptedSuggestions.map((s) => s.id.toLowerCase()) }
        : {}),
      ...(reason ? { reasonCode: reason.code, reasonDisplay: reason.display ?? reason.code } : {}),
      ...(f.overrideReason?.userComment ? { userComment: f.overrideReason.userComment } : {}),
      outcomeTimestamp: f.outcomeTimestamp,
      recordedBy: actorId(ctx.actor),
      recordedAt,
    };
    records.set(`${record.card}|${record.outcome}|${record.outcomeTimestamp}`, record);
  }
  await ctx.store.transact(
    [...records.values()].map((r) => ({ Put: { Item: feedbackItem(ctx.store, r) } })),
  );
  return { recorded: records.size };
}

export async function listFeedback(ctx: Context, input: { id: string }) {
  const service = CDS_SERVICES.find((s) => s.id === input.id);
  if (!service) throw new NotFound(`CDS service ${input.id} not found`);
  return { items: await serviceFeedback(ctx.store, service.id) };
}
