/**
 * A2A tasks as stored: one item per task, per tenant and per credential (the owner: an API key
 * or a user). The task itself (status, history, artifacts, metadata) is kept as the A2A 1.0 JSON
 * the protocol defines, so every protocol version's view is derived from one stored form; the
 * fields beside it are what lists and filters need.
 */
import * as z from '../../kernel/zod';

export const A2aTaskFields = z.strictObject({
  id: z.string(),
  /** The credential that created it (API key id or user id): only it may read or continue it. */
  ownerId: z.string(),
  contextId: z.string(),
  /** The A2A 1.0 state name, e.g. `TASK_STATE_INPUT_REQUIRED`. */
  state: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The task as A2A 1.0 JSON (status, history, artifacts, metadata). */
  body: z.string(),
});
export type A2aTaskFields = z.output<typeof A2aTaskFields>;

/**
 * A task keeps its newest messages only (a conversation's turns beyond these are dropped from
 * its history), and expires this long after its last change: its history and artifacts may hold
 * patient data, which an agent's conversation should not keep for ever.
 */
export const TASK_HISTORY_MAX = 20;
export const TASK_TTL_DAYS = 30;

/** Page size bounds of ListTasks (A2A 1.0 says at most 100). */
export const TASK_PAGE = { default: 20, max: 100 } as const;
