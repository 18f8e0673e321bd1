/**
 * The agent action lifecycle (HITL), declared once: the services enforce it and
 * docs/state-machines.md is rendered from it.
 */
import { type TransitionTable, transitionTableMarkdown } from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

export const AGENT_ACTION_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'EXPIRED',
  'EXECUTED',
  'FAILED',
] as const;
export const AgentActionStatusSchema = z.enum(AGENT_ACTION_STATUSES);
export type AgentActionStatus = z.infer<typeof AgentActionStatusSchema>;

/**
 * A pending action expiring within this many minutes is "close to expiry": the system monitor
 * flags it and its approvers are told (notification triggers).
 */
export const EXPIRY_WARNING_MINUTES = 60;

export const AGENT_ACTION_TRANSITIONS: TransitionTable<AgentActionStatus> = {
  PENDING: ['APPROVED', 'REJECTED', 'EXPIRED'],
  APPROVED: ['EXECUTED', 'FAILED'],
  REJECTED: [],
  EXPIRED: [],
  EXECUTED: [],
  FAILED: [],
};

/** Who or what moves an action along each transition (rendered with the table). */
export const AGENT_ACTION_TRIGGERS: Readonly<Record<string, string>> = {
  'PENDING→APPROVED':
    '`agent-actions.approve` by a signed-in person whose role may run the target operation (never an API key, an agent or the proposer), or the auto-approval rule at proposal (never `CRITICAL`)',
  'PENDING→REJECTED': '`agent-actions.reject` by the same people, with a reason',
  'PENDING→EXPIRED': 'the expiry job (every 5 minutes) once `expiresAt` has passed',
  'APPROVED→EXECUTED':
    "the type's executor ran the target operation as the approver; `result.id` names what it created",
  'APPROVED→FAILED':
    'the target operation refused (reason recorded), or no executor completed it after six publications (nothing was changed)',
};

export function agentActionStatusTableMarkdown(): string {
  const rows = Object.entries(AGENT_ACTION_TRIGGERS).map(([edge, how]) => {
    const [from, to] = edge.split('→');
    return `| \`${from}\` | \`${to}\` | ${how} |`;
  });
  return `${transitionTableMarkdown(AGENT_ACTION_TRANSITIONS)}\n| From | To | By |\n| --- | --- | --- |\n${rows.join('\n')}\n`;
}
