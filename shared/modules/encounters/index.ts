/** What other modules may use of the encounters module (pharmacy will use prescriptionStatusUpdate). */
export { Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown, isEncounterFinished } from './status';
export { findEncounter } from './store';
