/** What the agent transports use: writing the record of a call. */
export { AgentAuditRecord, AUDIT_OUTCOMES, type AuditOutcome } from './schemas';
export { AUDIT_LOOKUP_PAGES, agentCallWrite, findAuditCall, recordAgentCall } from './service';
