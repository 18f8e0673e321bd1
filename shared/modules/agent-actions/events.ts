/**
 * The events of agent actions and the rule per action type, derived from the declaration
 * (action-types.ts): lib/events-stack.ts creates an EventBridge rule and an executor function per
 * entry, and the local runtime's bus registers the same rules with the same executor.
 */
import * as z from '../../kernel/zod';
import { ACTION_TYPE_NAMES, type ActionTypeName } from './action-type-names';
import { allActionTypes } from './action-types';

export const AGENT_ACTIONS_SOURCE = 'hms.agent-actions';
export const AGENT_ACTION_APPROVED = 'AgentActionApproved';

/** The detail of `AgentActionApproved`: enough to find the action, nothing clinical. */
export const AgentActionApprovedDetail = z.strictObject({
  tenantId: z.string(),
  actionId: z.string(),
  type: z.enum(ACTION_TYPE_NAMES),
  approvedAt: z.string(),
});
export type AgentActionApprovedDetail = z.output<typeof AgentActionApprovedDetail>;

/**
 * A proposal waiting for a person's decision (notifications tell the people who may approve it).
 * `eventId` names the happening once, whatever the bus does with it (consumers key on it).
 */
export const AGENT_ACTION_PROPOSED = 'AgentActionProposed';
export const AgentActionProposedDetail = z.strictObject({
  eventId: z.string(),
  tenantId: z.string(),
  actionId: z.string(),
  type: z.enum(ACTION_TYPE_NAMES),
  risk: z.string(),
  approverRoles: z.array(z.string()),
  expiresAt: z.string(),
});
export type AgentActionProposedDetail = z.output<typeof AgentActionProposedDetail>;

export interface ActionRule {
  /** Rule name suffix and construct id, e.g. `prescription`. */
  type: ActionTypeName;
  /** The executor function's name (one per type). */
  executor: string;
  /** EventBridge event pattern: approved actions of this type only. */
  pattern: { source: string[]; 'detail-type': string[]; detail: { type: string[] } };
}

export function agentActionRules(): ActionRule[] {
  return allActionTypes().map((def) => ({
    type: def.type,
    executor: def.executor,
    pattern: {
      source: [AGENT_ACTIONS_SOURCE],
      'detail-type': [AGENT_ACTION_APPROVED],
      detail: { type: [def.type] },
    },
  }));
}

/** The expiry and dispatch-recovery job: every five minutes (spec, section 8). */
export const AGENT_ACTION_SWEEP_RATE_MINUTES = 5;
