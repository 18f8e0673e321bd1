/** What other modules may use of the encounters module (pharmacy will use prescriptionStatusUpdate). */
export { DiagnosisSchema, Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown, isEncounterFinished } from './status';
/** Admissions read the OPD encounter a patient is admitted from. */
export {
  findEncounter,
  findPrescription,
  type PrescriptionDispensing,
  type PrescriptionRecord,
  prescriptionDispensed,
} from './store';
