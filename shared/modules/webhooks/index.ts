/** What the webhooks function uses. */
export { type FanOutReport, fanOut, type RetryReport, retryDueDeliveries } from './deliver';
export { WEBHOOK_DETAIL_TYPES } from './events';
export { SIGNATURE_HEADER, TOLERANCE_SECONDS, verifySignature } from './signing';
