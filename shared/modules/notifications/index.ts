/** What the notifications function uses: the delivery of one event to people. */
export { type DeliveryReport, deliverNotifications, NOTIFIED_EVENTS } from './deliver';
/** The system monitor's read (shared/modules/monitor). */
export { failedNotifications } from './store';
export { TRIGGER_RATE_MINUTES } from './triggers';
export { runHospitalTriggers, runNotificationTriggers, type TriggerReport } from './triggers-run';
