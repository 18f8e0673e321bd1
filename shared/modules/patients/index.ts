/** What other modules may use of the patients module. */

export { mrnSystem, patientResources } from './fhir';
export { formatMrn } from './rules';
export { Patient } from './schemas';
export { findPatient, findPatientIdByMrn, PatientRecord } from './store';
