/** The encounters module has nothing other modules need yet (pharmacy will use prescriptionStatusUpdate). */
export { Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown } from './status';
