/** What the notifications function uses: the delivery of one event to people. */
export { type DeliveryReport, deliverNotifications, NOTIFIED_EVENTS } from './deliver';
