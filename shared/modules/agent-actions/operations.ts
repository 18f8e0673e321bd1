import { defineOperation } from '../../kernel/operation';
import type { RoleGroupName } from '../../kernel/roles';
import {
  ActionIdInput,
  AgentAction,
  AgentActionPage,
  AgentActionSettings,
  ApproveInput,
  EmptyInput,
  ListActionsInput,
  ListPendingInput,
  RejectInput,
  UpdateSettingsInput,
} from './schemas';
import {
  approve as approveAction,
  approverDecision,
  getAction,
  getSettings,
  listActions,
  listPending,
  notProposerDecision,
  reject as rejectAction,
  updateSettings,
} from './service';
import { settingsDecision } from './settings-answer';

/**
 * Who may see proposals about patients: the care team (kernel/roles.ts), which holds everyone who
 * may decide an action of some type, so whoever may approve can read what they approve (a
 * receptionist may admit, hence decide admissions). checkModules (shared/manifest/derive.ts)
 * checks it against every declared type's approvers.
 */
export const ACTION_READERS = 'careTeam' satisfies RoleGroupName;

export const listPendingActions = defineOperation({
  name: 'agent-actions.listPending',
  summary:
    'Pending agent actions awaiting a decision, newest first; filter by type, risk or patient',
  input: ListPendingInput,
  output: AgentActionPage,
  access: { roles: ACTION_READERS, scope: 'agent-actions:read' },
  kind: 'read',
  idempotent: true,
  handler: listPending,
});

export const list = defineOperation({
  name: 'agent-actions.list',
  summary: 'Agent actions in any state, newest first; filter by status, type, risk or patient',
  input: ListActionsInput,
  output: AgentActionPage,
  access: { roles: ACTION_READERS, scope: 'agent-actions:read' },
  kind: 'read',
  idempotent: true,
  handler: listActions,
});

export const get = defineOperation({
  name: 'agent-actions.get',
  summary: 'One agent action with its risk, proposed change, decision, outcome and history',
  input: ActionIdInput,
  output: AgentAction,
  access: { roles: ACTION_READERS, scope: 'agent-actions:read' },
  kind: 'read',
  idempotent: true,
  handler: getAction,
});

export const approve = defineOperation({
  name: 'agent-actions.approve',
  summary:
    'Approve a pending action (a person whose role may run its operation; not its proposer); it is then carried out',
  input: ApproveInput,
  output: AgentAction,
  // Every signed-in role reaches the service, which checks the action's own approver roles.
  access: {
    roles: 'any',
    humanOnly: true,
    decisions: [approverDecision, notProposerDecision],
  },
  kind: 'write',
  idempotent: false,
  handler: approveAction,
});

export const reject = defineOperation({
  name: 'agent-actions.reject',
  summary: 'Reject a pending action, with a reason (same people as approval)',
  input: RejectInput,
  output: AgentAction,
  access: {
    roles: 'any',
    humanOnly: true,
    decisions: [approverDecision, notProposerDecision],
  },
  kind: 'write',
  idempotent: false,
  handler: rejectAction,
});

export const settings = defineOperation({
  name: 'agent-actions.settings',
  summary: 'Auto-approval and lifetime of each agent action type for this hospital',
  input: EmptyInput,
  output: AgentActionSettings,
  access: { roles: [] },
  kind: 'read',
  idempotent: true,
  handler: (ctx) => getSettings(ctx),
});

export const updateSettings_ = defineOperation({
  name: 'agent-actions.updateSettings',
  summary:
    'Turn auto-approval on or off and set lifetimes per type (never applies to CRITICAL actions)',
  input: UpdateSettingsInput,
  output: AgentActionSettings,
  access: { roles: [], humanOnly: true, decisions: [settingsDecision] },
  kind: 'write',
  idempotent: true,
  handler: updateSettings,
});
export { updateSettings_ as updateSettings };
