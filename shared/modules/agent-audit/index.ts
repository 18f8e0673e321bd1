/** What the agent transports use: writing the record of a call. */
export { AgentAuditRecord, AUDIT_OUTCOMES, type AuditOutcome } from './schemas';
/** The system monitor's read (shared/modules/monitor) and support-query's lookup of one call. */
export {
  AUDIT_LOOKUP_PAGES,
  agentCallWrite,
  findAuditCall,
  listAudit,
  recordAgentCall,
} from './service';
