/** What other modules may use of the pharmacy module. */
export { type DispensePlan, dispenseWrites } from './dispense';
export {
  type ChargeLine,
  dispenseChargeLines,
  itemDescription,
  type PricedItem,
  type Pricing,
  unitSellingPrice,
} from './rules';
export { Dispense, FormularyItem } from './schemas';
export { batchStatusTableMarkdown } from './status';
export { findItem, type ItemRecord, itemName } from './store';
