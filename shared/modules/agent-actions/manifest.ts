import { defineModule } from '../../manifest/module';
import { agentActionsGroup } from './routes';
import { agentActionStatusTableMarkdown } from './status';

export default defineModule({
  name: 'agent-actions',
  title: 'Agent actions (HITL)',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/hitl.md',
  scopes: { 'agent-actions:read': 'Read agent actions (HITL proposals) and their outcomes' },
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
