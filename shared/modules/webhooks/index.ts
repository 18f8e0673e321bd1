/** What the webhooks function uses, and the failing deliveries the system monitor counts. */
export { type FanOutReport, fanOut, type RetryReport, retryDueDeliveries } from './deliver';
export { WEBHOOK_DETAIL_TYPES } from './events';
export { SIGNATURE_HEADER, TOLERANCE_SECONDS, verifySignature } from './signing';
export { failingDeliveries } from './store';
