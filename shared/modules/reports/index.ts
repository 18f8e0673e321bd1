/** What other modules use of reports: the counters their writes add to the report aggregates. */
export {
  type Counters,
  counter,
  countOn,
  countToday,
  type ReportName,
  reportDayWrite,
} from './aggregates';
export { pharmacyDispenseCounters } from './pharmacy';
export { OPD_MEASURES, opdCounters } from './rules';
export { turnaroundCounters, turnaroundMinutes } from './turnaround';
