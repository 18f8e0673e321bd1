/** What other modules may use of the encounters module. */

export { checkPrescribable } from './rules';
export { DiagnosisSchema, Encounter, Prescription } from './schemas';
export { encounterStatusTableMarkdown, isEncounterFinished } from './status';
/** Admissions read the OPD encounter a patient is admitted from; orders come from open encounters. */
export {
  findEncounter,
  findPrescription,
  type PrescriptionDispensing,
  type PrescriptionRecord,
  prescriptionDispensed,
  prescriptionDispensedAt,
  recentPatientPrescriptions,
} from './store';
