/** What other modules may use of the encounters module. */
export { Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown } from './status';
export {
  findPrescription,
  type PrescriptionDispensing,
  type PrescriptionRecord,
  prescriptionDispensed,
} from './store';
