import { idParam } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { InstantSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

export const AUDIT_OUTCOMES = ['success', 'refused', 'failed'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES, {
  message: `must be one of ${AUDIT_OUTCOMES.join(', ')}`,
});
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_TRANSPORTS = ['mcp', 'a2a'] as const;

/**
 * One MCP tool call or A2A skill call, whatever its outcome. `args` are the arguments as the
 * agent sent them with personal data redacted (see redact.ts in shared/agents: only ids, dates,
 * enums, numbers and booleans are kept).
 */
export const AgentAuditRecord = z.strictObject({
  id: z.string(),
  /** When the call arrived (UTC). */
  at: TimestampSchema,
  transport: z.enum(AUDIT_TRANSPORTS),
  /** The capability (MCP tool name, or the A2A skill's capability). */
  capability: z.string(),
  /** The A2A skill, for skill calls. */
  skill: z.optional(z.string()),
  /** The credential that acted: an API key or a user (a user's token in an agent's hands). */
  actorKind: z.enum(['apiKey', 'user']),
  actorId: z.string(),
  /** The client's name for itself (MCP clientInfo.name, A2A agent), when it gave one. */
  agent: z.optional(z.string()),
  /** The API key's name, as its administrator gave it (e.g. "reception agent"). */
  keyName: z.optional(z.string()),
  /** The person on whose behalf the credential acted: the user, for a user's token. */
  onBehalfOf: z.optional(z.string()),
  /** The operations the call ran (in order), e.g. ["appointments.setStatus"]. */
  operations: z.array(z.string()),
  outcome: AuditOutcomeSchema,
  /** The error code for refusals and failures (forbidden, invalid, not_found, conflict, …). */
  errorCode: z.optional(z.string()),
  durationMs: z.number(),
  /** The HTTP request id (MCP) and the JSON-RPC id or A2A task id. */
  requestId: z.string(),
  rpcId: z.optional(z.string()),
  taskId: z.optional(z.string()),
  args: z.record(z.string(), z.unknown()),
});
export type AgentAuditRecord = z.output<typeof AgentAuditRecord>;

export const ListAuditInput = z.strictObject({
  capability: z.optional(
    z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'must be a capability name')),
  ),
  actor: z.optional(idParam()),
  outcome: z.optional(AuditOutcomeSchema),
  /** Time range (inclusive), ISO instants. */
  from: z.optional(InstantSchema),
  to: z.optional(InstantSchema),
  ...pageFields,
});
export type ListAuditInput = z.output<typeof ListAuditInput>;

export const AuditPage = pageOf(AgentAuditRecord);
