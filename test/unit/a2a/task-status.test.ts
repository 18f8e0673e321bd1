import { describe, expect, it } from 'vitest';
import { A2A_TASK_TRANSITIONS } from '../../../shared/modules/a2a-tasks';
import { statesBefore } from '../../../shared/modules/a2a-tasks/status';

describe('A2A task lifecycle', () => {
  it('ends in the terminal states, written out by hand', () => {
    const terminal = Object.entries(A2A_TASK_TRANSITIONS)
      .filter(([, next]) => next.length === 0)
      .map(([s]) => s)
      .sort();
    expect(terminal).toEqual([
      'TASK_STATE_AUTH_REQUIRED',
      'TASK_STATE_CANCELED',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_FAILED',
      'TASK_STATE_REJECTED',
    ]);
  });

  it.each([
    [
      'TASK_STATE_COMPLETED',
      ['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING', 'TASK_STATE_INPUT_REQUIRED'],
    ],
    [
      'TASK_STATE_CANCELED',
      ['TASK_STATE_SUBMITTED', 'TASK_STATE_WORKING', 'TASK_STATE_INPUT_REQUIRED'],
    ],
    // Only a new task is stored as submitted (then saved again with its message): nothing goes back to it.
    ['TASK_STATE_SUBMITTED', ['TASK_STATE_SUBMITTED']],
  ])('a task may be saved as %s only over %j (or as a new task)', (next, from) => {
    expect(statesBefore(next)).toEqual(from);
  });
});
