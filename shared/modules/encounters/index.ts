/** The encounters module has nothing other modules need yet (pharmacy will use prescriptionStatusUpdate). */

// Agent actions propose prescriptions for approval and run this operation once one is approved.
export { prescribe } from './operations';
export { checkPrescribable } from './rules';
export { Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown } from './status';
export { findEncounter } from './store';
