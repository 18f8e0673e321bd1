/** What the notifications function uses: the delivery of one event to people. */
export { type DeliveryReport, deliverNotifications, NOTIFIED_EVENTS } from './deliver';
export { TRIGGER_RATE_MINUTES } from './triggers';
export { runHospitalTriggers, runNotificationTriggers, type TriggerReport } from './triggers-run';
