import { defineCapability } from '../../agents/capability';
import { Invalid } from '../../kernel/errors';
import * as z from '../../kernel/zod';
import { defineModule } from '../../manifest/module';
import * as support from './operations';

const ID = /^[A-Za-z0-9-]{8,64}$/;

const SupportInput = z.strictObject({
  /** A question in plain words: "how do I admit a patient?", "what does 409 mean?". */
  question: z.optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  /** An audit record id, a request id or an A2A task id: what happened to that call. */
  id: z.optional(z.string().check(z.regex(ID, 'must be an audit record, request or task id'))),
});

const SupportOutput = z.strictObject({
  answer: z.optional(support.SearchOutput),
  call: z.optional(support.ExplainOutput),
});

const supportQuery = defineCapability({
  name: 'support-query',
  tool: true,
  skill: 'support-query',
  title: 'Ask the documentation',
  description:
    'Answers "how do I …" and "what does this error mean" from the service\'s own documentation (docs/, the routes and agents documents): the best passages with links (doc path and heading anchor) and the route or tool that does the job. Given `id` (an audit record id, a request id or an A2A task id) it explains what happened to that agent call, from this hospital\'s audit log.',
  scope: 'agents:operations:read',
  operations: [support.search, support.explain],
  input: SupportInput,
  output: SupportOutput,
  tags: ['support', 'help', 'documentation'],
  keywords: [
    'how do i',
    'how to',
    'how can i',
    'what does',
    'documentation',
    'docs',
    'help',
    'support',
    'error mean',
    'explain request',
    'what happened',
  ],
  examples: ['How do I admit a patient?', 'What does 409 mean?', 'What happened to request 4f1c…?'],
  run: async (_ctx, input, call) => {
    const question = input.question?.trim();
    if (!input.id && !question)
      throw new Invalid('give a question, or the id of a call to explain', { field: 'question' });
    return {
      ...(question ? { answer: await call(support.search, { q: question }) } : {}),
      ...(input.id ? { call: await call(support.explain, { id: input.id }) } : {}),
    };
  },
});

export default defineModule({
  name: 'support',
  title: 'Support from the documentation',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/agents.md',
  capabilities: [supportQuery],
  skills: [
    {
      name: 'support-query',
      title: 'Ask the documentation',
      description:
        "Answers how-to and error questions from the service's documentation with links and the route or tool to use, and explains what happened to an agent call by its request or audit id.",
      tags: ['support', 'help'],
      examples: ['How do I admit a patient?'],
      keywords: ['how do i', 'how to', 'documentation', 'help', 'what does'],
    },
  ],
});
