/**
 * What other modules may use of the admissions module: the bed-day charge lines of a discharged
 * stay (billing), the discharge holds (modules whose open work must block a discharge), reads.
 */

export {
  admissionBedDayCharges,
  type BedDayChargeLine,
  bedDayChargeLines,
  lengthOfStay,
} from './rules';
export { Admission } from './schemas';
export { ACTIVE_ADMISSION_STATUS, admissionStatusTableMarkdown } from './status';
export {
  type AdmissionRecord,
  activeAdmissionOf,
  type DischargeRxRecord,
  dischargedAdmissions,
  dischargePrescriptions,
  dischargeRxDispensed,
  findAdmission,
  findDischargePrescription,
  placeDischargeHold,
  releaseDischargeHold,
} from './store';
