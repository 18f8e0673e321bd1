/**
 * Radiology's data-dependent access decision (docs/routes.md), in a file of its own so the
 * operations declare it without loading the handlers (service.ts checks it), which load on
 * demand.
 */
import { defineDecision } from '../../kernel/decisions';

/** At the scanner (a booked exam) a safety question is overridden by a radiologist only. */
export const scannerOverrideDecision = defineDecision({
  what: 'override a safety question of a booked exam (at the scanner)',
  by: ['RADIOLOGIST'],
  clinical: true,
  checkedBy: 'implementation',
  when: 'the order is booked (step scheduled)',
  why: 'IR(ME)R: the radiologist is the practitioner responsible for the exposure, and for MR safety',
  refusal: 'A booked exam: at the scanner only a radiologist overrides a safety question',
});
