/** What other modules may use of the lab: the order source, the charge lines for billing, the state tables. */

export { type Priority, PrioritySchema } from '../../clinical/order-priority';
export { type OrderSource, OrderSourceSchema } from '../../clinical/order-source';
export { type ChargeLine, labOrderChargeLines, orderChargeWrites } from './charges';
export { LAB_CRITICAL_RESULT, LAB_SOURCE, LabCriticalResultDetail } from './events';
/** The system monitor's read (shared/modules/monitor). */
export { openCriticalAlerts } from './orders';
export { requireRequester } from './requester';
export { LabOrder } from './schemas';
export { resolveSource, SOURCE_RESOLVERS } from './source';
export { labOrderStatusTableMarkdown, labStepTableMarkdown } from './status';
export {
  openAlertsOf as openCriticalAlertsOf,
  orderStates as labOrderStates,
  readCatalogue as readLabCatalogue,
  recentPatientOrders,
} from './store';
