import { idParam } from '../../kernel/fields';
import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import { AgentAuditRecord } from '../agent-audit/index';
import { explainCall, searchDocs } from './service';

const Found = z.strictObject({
  title: z.string(),
  /** Doc path and heading anchor, e.g. docs/routes.md#post-admissions. */
  link: z.string(),
  snippet: z.string(),
  kind: z.enum(['doc', 'route', 'tool']),
  score: z.number(),
});

export const SearchInput = z.strictObject({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'must be a question of at least 2 characters'),
      z.maxLength(500, 'must be at most 500 characters'),
    ),
});

export const SearchOutput = z.strictObject({
  question: z.string(),
  passages: z.array(Found),
  does: z.nullable(
    z.strictObject({
      route: z.nullable(z.string()),
      operation: z.nullable(z.string()),
      tools: z.array(z.string()),
      link: z.string(),
    }),
  ),
});

export const search = defineOperation({
  name: 'support.search',
  summary:
    "Answers a question from the service's own documentation: the best passages with links, and the route or tool that does the job",
  input: SearchInput,
  output: SearchOutput,
  access: { roles: 'any', scope: 'any' },
  kind: 'read',
  idempotent: true,
  handler: searchDocs,
});

export const ExplainInput = z.strictObject({ id: idParam() });
export const ExplainOutput = z.strictObject({
  explanation: z.string(),
  record: AgentAuditRecord,
});

export const explain = defineOperation({
  name: 'support.explainCall',
  summary:
    "What happened to one agent call, by audit record id, request id or A2A task id: who, what it ran, its outcome and what its error means (administrators: any call of the hospital; others: their own credential's)",
  input: ExplainInput,
  output: ExplainOutput,
  access: { roles: 'any', scope: 'any' },
  kind: 'read',
  idempotent: true,
  handler: explainCall,
});
