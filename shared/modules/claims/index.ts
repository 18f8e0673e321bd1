/**
 * What other modules may use of claims: the event it emits (notifications tell the insurance
 * desk about a denied claim) and its state tables.
 */
export { CLAIM_DENIED, CLAIMS_SOURCE, ClaimDeniedDetail } from './events';
export { claimStatusTableMarkdown, preauthStatusTableMarkdown } from './status';
