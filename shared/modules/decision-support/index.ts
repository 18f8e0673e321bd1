/** What other modules may use of decision support: the card shape (the rules are in shared/clinical). */
export { Card } from './schemas';
