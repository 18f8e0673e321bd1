import { operationCapability } from '../../agents/capability';
import { defineModule } from '../../manifest/module';
import * as actions from './operations';
import { agentActionsGroup } from './routes';
import { agentActionStatusTableMarkdown } from './status';

/** An agent follows what it proposed: the human decision, the outcome and the history. */
const getAgentAction = operationCapability(actions.get, {
  name: 'get-agent-action',
  tool: true,
  skill: 'agent-action-status',
  title: 'Agent action status',
  description:
    'One agent action (HITL proposal) by id: its status (PENDING, APPROVED, REJECTED, EXPIRED, EXECUTED, FAILED), risk, the human decision with its note or reason, the result or failure, and its history.',
  scope: 'agent-actions:read',
  tags: ['agent-actions', 'hitl', 'approval'],
  keywords: ['action', 'proposal', 'proposed', 'approved', 'rejected', 'decision', 'decided'],
  examples: ['What happened to agent action 3b2d…?', 'Was proposal 3b2d… approved?'],
});

export default defineModule({
  name: 'agent-actions',
  title: 'Agent actions (HITL)',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/hitl.md',
  scopes: { 'agent-actions:read': 'Read agent actions (HITL proposals) and their outcomes' },
  capabilities: [getAgentAction],
  skills: [
    {
      name: 'agent-action-status',
      title: 'Agent action status',
      description:
        'Follow a proposal made for human approval: whether a person approved or rejected it, why, and what it did.',
      tags: ['agent-actions', 'hitl', 'approval'],
      examples: ['What happened to agent action 3b2d…?'],
      keywords: ['action', 'proposal', 'approval', 'status'],
    },
  ],
  groups: [agentActionsGroup],
  stateTables: [
    {
      title: 'Agent action (HITL, `agent-actions.*`; docs/hitl.md)',
      intro:
        'A proposal starts `PENDING` (or `APPROVED` when the hospital auto-approves its type and its risk is below `CRITICAL`). Every decision is conditional on the state it was taken from: of two concurrent decisions, or a decision and the expiry job, exactly one wins and the other answers 409. An approved action is carried out once by its executor, which records `EXECUTED` with the result or `FAILED` with the reason.',
      render: agentActionStatusTableMarkdown,
    },
  ],
});
