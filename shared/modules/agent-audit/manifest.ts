import { defineModule } from '../../manifest/module';
import { agentAuditGroup } from './routes';

export default defineModule({
  name: 'agent-audit',
  title: 'Agent audit log',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/agents.md',
  groups: [agentAuditGroup],
});
