/** What other modules may use of the doctors module: profiles and the schedule rules. */

export { CurrencySchema, DEFAULT_CURRENCY } from './currency';
export {
  type BookedInterval,
  freeSlots,
  isSlotStart,
  nextSessionOpening,
  overlappingBooking,
  type Slot,
  type WeeklySchedule,
} from './schedule';
export { Doctor } from './schemas';
export { DoctorRecord, findDoctor } from './store';
