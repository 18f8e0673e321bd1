/** What other modules may use of the roster module: who is on duty, and the rules' defaults. */

/** The generation job's event and its runner (functions/roster-generation). */
export {
  type JobEnv,
  type JobRunOutcome,
  ROSTER_GENERATION_REQUESTED,
  ROSTER_JOB_TIMEOUT_SECONDS,
  ROSTER_SOURCE,
  runGenerationJob,
} from './jobs';
export { DEFAULT_RULES, HARD_RULES, RULE_SOURCES } from './rules';
export { OnDuty, Roster, StaffProfile } from './schemas';
export { generateRoster } from './solve';
export { findRoster } from './store';
