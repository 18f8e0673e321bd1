/** The agent audit log (administrators): one record per MCP tool call and A2A skill call. */
import { defineGroup, route } from '../../http/route';
import * as agentAudit from './operations';

export const agentAuditGroup = defineGroup({
  name: 'agent-audit',
  source: import.meta.url,
  description: 'The agent audit log: one record per MCP tool call and A2A skill call',
  routes: [route(agentAudit.list, { method: 'GET', path: '/agenty/admin/audit', tag: 'Agents' })],
});
