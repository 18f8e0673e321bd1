import { defineOperation } from '../../kernel/operation';
import { AuditPage, ListAuditInput } from './schemas';
import { listAudit } from './service';

export const list = defineOperation({
  name: 'agent-audit.list',
  summary:
    'The agent audit log, newest first: one record per MCP tool call and A2A skill call, filtered by capability, actor, outcome and time range (administrators only)',
  input: ListAuditInput,
  output: AuditPage,
  access: { roles: [] },
  kind: 'read',
  idempotent: true,
  handler: listAudit,
});
