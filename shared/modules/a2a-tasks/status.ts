/**
 * The A2A task lifecycle (A2A 1.0 state names; 0.3 and 0.1 show the same states in their own
 * spelling). The @a2a-js/sdk request handler refuses messages to and cancellation of terminal
 * tasks itself; the task store enforces this table on every save with a condition on the stored
 * state, so no path (the SDK, `tasks/send`) can move a task out of a terminal state.
 */
import { type TransitionTable, transitionTableMarkdown } from '../../kernel/state-machine';

export const A2A_TASK_STATES = [
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;
export type A2aTaskState = (typeof A2A_TASK_STATES)[number];

/** Where a message's answer can leave a task (a skill runs within one request). */
const OUTCOMES = [
  'TASK_STATE_WORKING',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_CANCELED',
] as const satisfies readonly A2aTaskState[];

export const A2A_TASK_TRANSITIONS: TransitionTable<A2aTaskState> = {
  // Only a 0.1 `tasks/send` with a new id stores a submitted task before its first message runs;
  // the SDK then saves it once more, still submitted, with the message added to its history.
  TASK_STATE_SUBMITTED: ['TASK_STATE_SUBMITTED', ...OUTCOMES],
  TASK_STATE_WORKING: OUTCOMES,
  // The next message on the task completes the pending arguments; or the client cancels it.
  TASK_STATE_INPUT_REQUIRED: OUTCOMES,
  TASK_STATE_COMPLETED: [],
  TASK_STATE_FAILED: [],
  TASK_STATE_CANCELED: [],
  TASK_STATE_REJECTED: [],
  TASK_STATE_AUTH_REQUIRED: [],
};

/** The stored states a task may be saved over with `next` (its first save has none). */
export function statesBefore(next: string): A2aTaskState[] {
  return A2A_TASK_STATES.filter((from) =>
    (A2A_TASK_TRANSITIONS[from] as readonly string[]).includes(next),
  );
}

export function a2aTaskStateTableMarkdown(): string {
  return transitionTableMarkdown(A2A_TASK_TRANSITIONS, { unused: ['TASK_STATE_AUTH_REQUIRED'] });
}
