/** What other parts of the service use of agent actions: the executor, the job, the rules, the docs. */
export { ACTION_TYPE_NAMES, type ActionTypeName, actionTypeInfo } from './action-type-names';
export {
  type ActionTypeDef,
  actionType,
  allActionTypes,
  approverRoles,
  defineActionType,
  inputFieldsOf,
  registerActionTypes,
} from './action-types';
export { ageToday, createdId, requirePatient } from './assessment';
export type { ExecutionOutcome, SweepReport } from './dispatch';
export {
  type ActionRule,
  AGENT_ACTION_APPROVED,
  AGENT_ACTION_PROPOSED,
  AGENT_ACTION_SWEEP_RATE_MINUTES,
  AGENT_ACTIONS_SOURCE,
  AgentActionApprovedDetail,
  AgentActionProposedDetail,
  agentActionRules,
} from './events';
/** The monitor's and notifications' read, the settings module's section, the sweep, the executors. */
export {
  applySettingsChanges as applyActionSettingsChanges,
  executeApproved,
  listActions,
  nearMatchRiskFindings,
  sweepAgentActions,
} from './on-demand';
export { proposalOperation } from './proposals';
export {
  admissionRiskFindings,
  dischargeRiskFindings,
  orderPriorityFindings,
  prescriptionRiskFindings,
  radiologyRiskFindings,
} from './risk';
export { AgentAction, TypeSettings, UpdateSettingsInput as ActionSettingsInput } from './schemas';
export {
  settingsAnswer as actionSettingsAnswer,
  settingsDecision as actionSettingsDecision,
} from './settings-answer';
export { agentActionStatusTableMarkdown, EXPIRY_WARNING_MINUTES } from './status';
export { readSettings as readActionSettings, settingsItem as actionSettingsItem } from './store';
