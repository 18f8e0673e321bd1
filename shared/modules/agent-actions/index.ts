/** What other parts of the service use of agent actions: the executor, the job, the rules, the docs. */
export { ACTION_TYPE_NAMES, type ActionTypeName } from './action-type-names';
export { ACTION_TYPES, type ActionTypeDef, allActionTypes, approverRoles } from './action-types';
export {
  DISPATCH_CHECK_AFTER_MS,
  type ExecutionOutcome,
  executeApproved,
  type SweepReport,
  sweepAgentActions,
} from './dispatch';
export {
  type ActionRule,
  AGENT_ACTION_APPROVED,
  AGENT_ACTION_SWEEP_RATE_MINUTES,
  AGENT_ACTIONS_SOURCE,
  AgentActionApprovedDetail,
  agentActionRules,
} from './events';
export { AgentAction } from './schemas';
export { agentActionStatusTableMarkdown } from './status';
