/** What other modules may use of the theatre: its event names, the state table, an admission's cases. */
export { CASE_BOOKED, CASE_CANCELLED, CASE_COMPLETED, THEATRE_SOURCE } from './cases';
export {
  noteSpecimenOrderProblem,
  SPECIMEN_TAKEN,
  type SpecimenTakenDetail,
  specimenOrderSeed,
} from './specimens';
export { caseStatusTableMarkdown } from './status';
export { casesOfAdmission } from './store';
/** The reports module's theatre-utilisation report reads the same day figures. */
export { utilisation as theatreUtilisation } from './theatres';
