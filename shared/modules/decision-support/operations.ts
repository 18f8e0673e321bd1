import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import {
  Alerts,
  AlertsInput,
  Discovery,
  FeedbackAnswer,
  FeedbackInput,
  FeedbackList,
  HookRequest,
  HookResponse,
  Override,
  OverrideInput,
  OverrideList,
  PatientIdInput,
  RuleInfo,
  RuleList,
  ServiceIdInput,
  SetRuleInput,
} from './schemas';

// The handlers load on the first request that needs them (a chunk of their own), so the
// function starts with its declarations only: the rules (drug catalogue, dose limits,
// interactions, pregnancy cautions, contrast and renal function, early-warning triggers) and the
// five modules' records they read load with the first request that runs them (issue 15: 350 KB
// at start).
const svc = () => import('./service');

export const discover = defineOperation({
  name: 'decision-support.discover',
  summary:
    'CDS Hooks 2.0 discovery: the CDS Services this hospital offers, with their prefetch templates',
  input: z.strictObject({}),
  output: Discovery,
  access: { roles: 'clinicalStaff', scope: 'cds:read' },
  kind: 'read',
  idempotent: true,
  handler: async () => (await svc()).discovery(),
});

export const callService = defineOperation({
  name: 'decision-support.callService',
  summary:
    'CDS Hooks 2.0 service call (patient-view, order-select, order-sign, encounter-discharge): FHIR R4 context and prefetch in, cards out',
  input: HookRequest,
  output: HookResponse,
  // CDS Hooks prescribes POST for a service call, and a POST route is a write here; it writes
  // nothing, so it is idempotent and stays open after a trial ends, as reads do.
  access: { roles: 'clinicalStaff', scope: 'cds:read', allowAfterTrial: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).callService(ctx, input),
});

export const alerts = defineOperation({
  name: 'decision-support.alerts',
  summary:
    "A patient's decision-support cards (by id or MRN), optionally for proposed drugs or a planned contrast study, with their sources and what the clinician might do",
  input: AlertsInput,
  output: Alerts,
  access: { roles: 'clinicalStaff', scope: 'cds:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).patientAlerts(ctx, input),
});

export const override = defineOperation({
  name: 'decision-support.override',
  summary:
    'Override a warning or critical card with a reason (and, for a critical card, a comment): who, when and why are stored',
  input: OverrideInput,
  output: Override,
  access: {
    roles: ['DOCTOR', 'NURSE', 'PHARMACIST'],
    scope: 'cds:write',
    humanOnly: true,
    clinicalDecision: true,
  },
  kind: 'write',
  idempotent: false,
  resource: 'override',
  handler: async (ctx, input) => (await svc()).recordOverride(ctx, input),
});

export const overrides = defineOperation({
  name: 'decision-support.overrides',
  summary: "The patient's card overrides, oldest first, with who and why",
  input: PatientIdInput,
  output: OverrideList,
  access: { roles: 'clinicalStaff', scope: 'cds:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listOverrides(ctx, input),
});

export const rules = defineOperation({
  name: 'decision-support.rules',
  summary:
    'Every decision-support rule with its version, published source, hooks and whether it is on',
  input: z.strictObject({}),
  output: RuleList,
  access: { roles: 'clinicalStaff', scope: 'cds:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await svc()).listRules(ctx),
});

export const setRule = defineOperation({
  name: 'decision-support.setRule',
  summary:
    "Switch a rule on or off for the hospital with a reason, kept in the rule's history (administrators)",
  input: SetRuleInput,
  output: RuleInfo,
  access: { roles: [], scope: 'cds:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).setRule(ctx, input),
});

export const feedback = defineOperation({
  name: 'decision-support.feedback',
  summary:
    'CDS Hooks 2.0 feedback: per card, accepted (with the suggestions taken) or overridden (with a reason), stored for the hospital',
  input: FeedbackInput,
  output: FeedbackAnswer,
  // An EHR sends it with the key it calls the hooks with; a clinician's client with their token.
  access: { roles: 'clinicalStaff', scope: 'cds:write' },
  kind: 'write',
  // Each entry is keyed by card, outcome and time: a repeated delivery rewrites the same items.
  idempotent: true,
  resource: 'feedback',
  handler: async (ctx, input) => (await svc()).recordFeedback(ctx, input),
});

export const listFeedback = defineOperation({
  name: 'decision-support.listFeedback',
  summary:
    "A CDS service's feedback from this hospital: accepted and overridden cards, with reasons",
  input: ServiceIdInput,
  output: FeedbackList,
  access: { roles: 'clinicalStaff', scope: 'cds:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listFeedback(ctx, input),
});
