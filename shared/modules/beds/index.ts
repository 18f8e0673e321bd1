/** What other modules may use of the beds module: reads and the bed transaction builders. */
export { type BedMove, sexPolicyAdmits } from './rules';
export { Bed, type BedFeature, Ward } from './schemas';
/** The system monitor's read (shared/modules/monitor). */
export { listWards } from './service';
export { type BedState, bedStateTableMarkdown } from './status';
export {
  type BedRecord,
  bedNews2Update,
  findBed,
  findWard,
  type Occupant,
  occupyBed,
  vacateBed,
  type WardRecord,
  wardBeds,
  wardCounterUpdates,
} from './store';
