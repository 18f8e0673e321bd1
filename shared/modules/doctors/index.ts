/** What other modules may use of the doctors module: profiles and the schedule rules. */
export {
  type BookedInterval,
  freeSlots,
  isSlotStart,
  nextSessionOpening,
  overlappingBooking,
  type Slot,
  type WeeklySchedule,
} from './schedule';
export { CurrencySchema, DEFAULT_CURRENCY, Doctor } from './schemas';
export { DoctorRecord, findDoctor } from './store';
