/** The fields of an agent action (a HITL proposal), its settings and the operations' inputs. */
import { Card } from '../../clinical/cds-card';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { RoleSchema } from '../users';
import { ACTION_TYPE_NAMES } from './action-type-names';
import { RiskLevelSchema } from './risk';
import { AgentActionStatusSchema } from './status';

export const ActionTypeSchema = z.enum(ACTION_TYPE_NAMES, {
  error: `must be one of: ${ACTION_TYPE_NAMES.join(', ')}`,
});

/** Who proposed it: an API key or a user, through which agent (MCP/A2A client), if any. */
export const Proposer = z.strictObject({
  kind: z.enum(['apiKey', 'user']),
  id: z.string(),
  role: z.optional(RoleSchema),
  /** The MCP or A2A client's name, when an agent proposed it. */
  agent: z.optional(z.string()),
});

/** Who decided: a person (with the role that allowed it) or the auto-approval rule. */
export const Decision = z.strictObject({
  by: z.enum(['user', 'auto-approval']),
  userId: z.string(),
  role: RoleSchema,
  at: TimestampSchema,
  reason: z.optional(z.string()),
});

export const HistoryEntry = z.strictObject({
  at: TimestampSchema,
  event: z.enum([
    'proposed',
    'approved',
    'auto-approved',
    'auto-approval-suspended',
    'auto-approval-not-applicable',
    'rejected',
    'expired',
    'dispatch-retried',
    'claimed',
    'executed',
    'failed',
  ]),
  status: AgentActionStatusSchema,
  /** `user:<id> (ROLE)`, `apiKey:<id> via <agent>`, `rule:auto-approval`, `system:<job>`. */
  by: z.string(),
  note: z.optional(z.string()),
});
export type HistoryEntry = z.output<typeof HistoryEntry>;

export const AgentAction = z.strictObject({
  id: z.string(),
  type: ActionTypeSchema,
  status: AgentActionStatusSchema,
  risk: RiskLevelSchema,
  /** Why the risk is what it is, riskiest first (`HIGH: controlled drug (opioid)`). */
  riskReasons: z.array(z.string()),
  patientId: z.string(),
  patientName: z.string(),
  /** The proposed change in words, for the person deciding. */
  summary: z.string(),
  /** The decision-support cards of a proposed order (prescriptions), for the person deciding. */
  cards: z.optional(z.array(Card)),
  /** What runs once approved: the operation and its input, validated when proposed. */
  operation: z.string(),
  input: z.record(z.string(), z.unknown()),
  /** Roles that may decide it: those allowed to run the operation (and ADMIN). */
  approverRoles: z.array(RoleSchema),
  proposer: Proposer,
  rationale: z.string(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
  decision: z.optional(Decision),
  /** What the execution created, e.g. the prescription. */
  result: z.optional(z.strictObject({ id: z.string(), at: TimestampSchema })),
  failure: z.optional(z.strictObject({ reason: z.string(), at: TimestampSchema })),
  history: z.array(HistoryEntry),
});
export type AgentAction = z.output<typeof AgentAction>;

export const ProposalAnswer = z.extend(AgentAction, {
  /** For the agent: what happens next (awaits approval by …, or auto-approved). */
  message: z.string(),
});

export const Rationale = {
  /** The agent's reason for proposing it, shown to the person deciding. */
  rationale: nonEmpty(2000),
};

export const ListPendingInput = z.strictObject({
  type: z.optional(ActionTypeSchema),
  risk: z.optional(RiskLevelSchema),
  patientId: z.optional(idParam()),
  ...pageFields,
});

export const ListActionsInput = z.strictObject({
  status: z.optional(AgentActionStatusSchema),
  type: z.optional(ActionTypeSchema),
  risk: z.optional(RiskLevelSchema),
  patientId: z.optional(idParam()),
  ...pageFields,
});
export const AgentActionPage = pageOf(AgentAction);

export const ActionIdInput = z.strictObject({ id: idParam() });
export const ApproveInput = z.strictObject({ id: idParam(), note: z.optional(nonEmpty(500)) });
export const RejectInput = z.strictObject({ id: idParam(), reason: nonEmpty(500) });

/** Lifetime bounds: at least one expiry run (5 min), at most a week. */
export const LIFETIME_BOUNDS = { min: 5, max: 7 * 24 * 60 } as const;

export const TypeSettings = z.strictObject({
  type: ActionTypeSchema,
  autoApprove: z.boolean(),
  lifetimeMinutes: z.number().check(z.int()),
  defaultLifetimeMinutes: z.number().check(z.int()),
  /** The administrator who turned auto-approval on. */
  autoApproveEnabledBy: z.optional(z.string()),
  /**
   * The person auto-approved actions of this type run as (approve on behalf of): one who may
   * approve the type, e.g. a doctor for prescriptions. Auto-approval is suspended while that
   * person is inactive or no longer holds such a role.
   */
  autoApproveAs: z.optional(z.string()),
  updatedAt: z.optional(TimestampSchema),
});
export const AgentActionSettings = z.strictObject({ types: z.array(TypeSettings) });

const changeFields = {
  autoApprove: z.optional(z.boolean({ error: 'must be true or false' })),
  /** Who auto-approved actions act as; default the administrator turning it on. */
  autoApproveAs: z.optional(idParam()),
  lifetimeMinutes: z.optional(
    z
      .number({ error: 'must be a number of minutes' })
      .check(
        z.int('must be a whole number of minutes'),
        z.gte(
          LIFETIME_BOUNDS.min,
          `must be between ${LIFETIME_BOUNDS.min} and ${LIFETIME_BOUNDS.max}`,
        ),
        z.lte(
          LIFETIME_BOUNDS.max,
          `must be between ${LIFETIME_BOUNDS.min} and ${LIFETIME_BOUNDS.max}`,
        ),
      ),
  ),
};
const TypeSettingsChange = z.strictObject(changeFields);
/**
 * One entry of the settings answer sent back as the update: the changeable fields apply where
 * they differ from what the answer showed; the read-only ones are accepted and ignored.
 */
const TypeSettingsEntry = z.strictObject({
  type: ActionTypeSchema,
  ...changeFields,
  defaultLifetimeMinutes: z.optional(z.number()),
  autoApproveEnabledBy: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
});

export const UpdateSettingsInput = z.strictObject({
  /** A map of changes by type, or the `types` list of `GET /agent-actions/settings` (edited or not). */
  types: z.union([
    z.partialRecord(ActionTypeSchema, TypeSettingsChange),
    z.array(TypeSettingsEntry),
  ]),
});
export const EmptyInput = z.strictObject({});
