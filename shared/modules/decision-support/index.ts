/** What other modules may use of decision support: the card shape (the rules are in shared/clinical). */

/** The contrast cards of an imaging order (radiology loads it on demand). */
export { imagingOrderCards } from './imaging';
export { Card } from './schemas';
/** Which rules the hospital switched off: prescribing honours the switches as the service does. */
export { disabledRuleIds } from './store';
