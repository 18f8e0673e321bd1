/** What other modules may use of the pharmacy module. */
export { type DispensePlan, dispenseWrites } from './dispense';
/** The system monitor's reads (shared/modules/monitor). */
export { expiryScan, lowStock } from './reports';
export {
  type ChargeLine,
  dispenseChargeLines,
  itemDescription,
  type PricedItem,
  type Pricing,
  SHORT_DATED_DAYS,
  unitSellingPrice,
} from './rules';
export { Dispense, FormularyItem } from './schemas';
export { batchStatusTableMarkdown } from './status';
export { findItem, type ItemRecord, itemName } from './store';
