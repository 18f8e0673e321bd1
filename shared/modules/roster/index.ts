/** What other modules may use of the roster module: who is on duty, and the rules' defaults. */
export { DEFAULT_RULES, HARD_RULES, RULE_SOURCES } from './rules';
export { OnDuty, Roster, StaffProfile } from './schemas';
export { findRoster } from './store';
