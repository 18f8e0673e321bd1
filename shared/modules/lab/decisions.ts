/**
 * The lab's data-dependent access decision (docs/routes.md), in a file of its own so the
 * operations declare it without loading the order handlers (orders.ts checks it), which load on
 * demand.
 */
import { defineDecision } from '../../kernel/decisions';

export const secondPersonDecision = defineDecision({
  what: 'verify a report',
  when: 'the caller entered any of its results: a second person verifies',
  checkedBy: 'implementation',
  refusal: 'Results are verified by a second person: you entered results of this order',
});
