/** What the agent transports use: writing the record of a call. */
export { type AgentAuditRecord, AUDIT_OUTCOMES, type AuditOutcome } from './schemas';
/** The system monitor's read (shared/modules/monitor). */
export { agentCallWrite, listAudit, recordAgentCall } from './service';
