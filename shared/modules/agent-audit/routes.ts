/** The agent audit log (administrators): one record per MCP tool call and A2A skill call. */
import { defineGroup, route } from '../../http/route';
import * as agentAudit from './operations';

export const agentAuditGroup = defineGroup({
  name: 'agent-audit',
  source: import.meta.url,
  description: 'The agent audit log: one record per MCP tool call and A2A skill call',
  // Its records name capabilities and actors; a patient appears only inside redacted arguments.
  permissions: { table: 'readwrite', patientData: false },
  routes: [route(agentAudit.list, { method: 'GET', path: '/agenty/admin/audit', tag: 'Agents' })],
});
