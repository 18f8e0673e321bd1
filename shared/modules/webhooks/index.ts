/**
 * What the webhooks function uses, and the outbound-request guard (server-side request forgery)
 * that the oauth module's client metadata fetch shares.
 */
export { bareHost, nonPublicReason, type Resolver } from './address';
export { type FanOutReport, fanOut, type RetryReport, retryDueDeliveries } from './deliver';
export { WEBHOOK_DETAIL_TYPES } from './events';
export { checkedLookup } from './post';
export { SIGNATURE_HEADER, TOLERANCE_SECONDS, verifySignature } from './signing';
