import { nonEmpty } from '../../kernel/fields';
import * as z from '../../kernel/zod';

export const GenerateDemoInput = z.strictObject({
  /** The same seed gives the same hospital (docs/demo.md). */
  seed: z._default(nonEmpty(100), 'demo-hospital-1'),
  /**
   * Generate although the hospital already has patients of its own (administrators only): the
   * demo's records are added beside them.
   */
  force: z._default(z.boolean({ message: 'must be true or false' }), false),
  /**
   * `small` (default: about 30 patients, a few seconds) or `default` (300 patients, about 20 s on
   * DynamoDB Local): both run inside the one request, within the MCP function's limit (docs/demo.md).
   */
  size: z._default(z.enum(['small', 'default'], { message: 'must be small or default' }), 'small'),
});

export const DemoSummary = z.strictObject({
  seed: z.string(),
  /** The size generated. */
  size: z.string(),
  /** Records made, by kind. */
  counts: z.record(z.string(), z.number()),
  /** The demo's staff users (their passwords are random and not shown; deactivate them when done). */
  staff: z.array(z.strictObject({ role: z.string(), name: z.string(), email: z.string() })),
  durationMs: z.number(),
});

export const DemoStatusInput = z.strictObject({});

/** Where the hospital's demo data stands: the page polls it while a generation runs. */
export const DemoStatus = z.strictObject({
  /** none: never generated (or a failed run was cleared); running; done. */
  state: z.enum(['none', 'running', 'done']),
  seed: z.optional(z.string()),
  size: z.optional(z.string()),
  /** The step being generated (running) and how many of the steps are done. */
  step: z.optional(z.string()),
  done: z.optional(z.number()),
  total: z.optional(z.number()),
  startedAt: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  /** Records made, by kind (done). */
  counts: z.optional(z.record(z.string(), z.number())),
});
