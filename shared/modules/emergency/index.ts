/** What other modules may use of the emergency module: the visit schema and reads. */
export { CRITICAL_TRIAGE, EMERGENCY_SOURCE } from './events';
export { EdVisit } from './schemas';
export { type EdVisitRecord, findVisit, patientVisits } from './store';
