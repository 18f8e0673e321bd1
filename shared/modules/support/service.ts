/**
 * support-query's two answers: the documentation's best passages for a question (search.ts over
 * the index built by `npm run docs`), and what happened to one agent call, explained from the
 * audit log of the caller's hospital.
 */
import type MiniSearch from 'minisearch';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import { type AgentAuditRecord, findAuditCall } from '../agent-audit/index';
import { DOCS_INDEX } from './docs-index.generated';
import { type Answer, loadIndex, searchIndex } from './search';

let index: MiniSearch | undefined;

/** The best passages for a question, with the route or tool that does the job. */
export async function searchDocs(
  _ctx: Context,
  input: { q: string },
): Promise<Answer & { question: string }> {
  index ??= loadIndex(DOCS_INDEX);
  return { question: input.q, ...searchIndex(index, input.q) };
}

/** The credential behind the caller (an agent's key or user, or the REST caller itself). */
function callerOf(ctx: Context): { id: string; admin: boolean } {
  const actor = ctx.actor.kind === 'agent' ? ctx.actor.credential : ctx.actor;
  return {
    id: 'id' in actor ? actor.id : '',
    admin: actor.kind === 'user' && actor.role === 'ADMIN',
  };
}

const OUTCOME_TEXT: Readonly<Record<string, string>> = {
  success: 'It succeeded.',
  refused: 'It was refused',
  failed: 'It failed',
};

/** What an error code means for the caller, and what to do (docs/agents.md, "Errors"). */
const ERROR_TEXT: Readonly<Record<string, string>> = {
  forbidden:
    'the credential may not do this (its role or scopes do not allow it; docs/routes.md names who may)',
  unauthenticated: 'the credential was missing, expired or revoked',
  rate_limited:
    "the credential was over the hospital's agent rate limit for that minute; retry after the time the answer gave",
  invalid: 'an argument was missing or malformed; the answer named the field',
  not_found: 'a record it named does not exist in this hospital',
  conflict:
    'it clashed with the current state (a slot already booked, a transition not allowed, a duplicate)',
  internal: 'the service failed; quote the request id when reporting it',
};

export function explain(record: AgentAuditRecord): string {
  const what = `${record.at}: ${record.transport.toUpperCase()} call of ${record.capability}${record.skill ? ` (skill ${record.skill})` : ''} by ${record.keyName ? `the API key "${record.keyName}"` : `${record.actorKind} ${record.actorId}`}${record.agent ? ` through ${record.agent}` : ''}.`;
  const ran = record.operations.length
    ? ` It ran ${record.operations.join(', ')}.`
    : ' It ran no operation.';
  const outcome =
    record.outcome === 'success'
      ? OUTCOME_TEXT.success
      : `${OUTCOME_TEXT[record.outcome]} (${record.errorCode ?? 'unknown'}): ${ERROR_TEXT[record.errorCode ?? ''] ?? 'see docs/agents.md, "Errors"'}.`;
  return `${what}${ran} ${outcome} It took ${record.durationMs} ms.`;
}

/**
 * What happened to one agent call of this hospital, by audit record id, request id or A2A task id.
 * An administrator may look up any call of the hospital; anyone else only the calls of their own
 * credential. Another hospital's id, or someone else's call, is not found.
 */
export async function explainCall(ctx: Context, input: { id: string }) {
  const record = await findAuditCall(ctx.store, input.id);
  const caller = callerOf(ctx);
  if (!record || (!caller.admin && record.actorId !== caller.id))
    throw new NotFound(`No agent call ${input.id} that you may see in this hospital's audit log`);
  return { explanation: explain(record), record };
}
