/** The encounters module has nothing other modules need yet (pharmacy will use prescriptionStatusUpdate). */
export { Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown } from './status';
// Agent actions propose prescriptions for approval and run this operation once one is approved.
export { prescribe } from './operations';
export { checkPrescribable } from './rules';
export { findEncounter } from './store';
