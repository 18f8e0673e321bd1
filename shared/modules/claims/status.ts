/**
 * The state tables of claims and pre-authorisations, the single source of truth
 * (docs/state-machines.md is rendered from them), and how our states map to FHIR's.
 */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';

export const CLAIM_STATUSES = [
  'draft',
  'submitted',
  'adjudicated',
  'settled',
  'cancelled',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * A claim is made `draft` from an issued invoice, `submitted` to the payer (its FHIR Claim
 * document), `adjudicated` when the payer's answer is entered; a claim with denied lines goes
 * back to `submitted` when resubmitted (its history keeps each round), and is `settled` once the
 * payer has paid all it approved and no denial is open. A draft or submitted claim may be
 * cancelled (its invoice may then be claimed again).
 */
export const CLAIM_STATUS_TRANSITIONS: TransitionTable<ClaimStatus> = {
  draft: ['submitted', 'cancelled'],
  submitted: ['adjudicated', 'cancelled'],
  adjudicated: ['submitted', 'settled'],
  settled: [],
  cancelled: [],
};

export function assertClaimTransition(from: ClaimStatus, to: ClaimStatus): void {
  assertTableTransition('claim', CLAIM_STATUS_TRANSITIONS, from, to);
}

/** FHIR R5 Claim.status of each of our states. */
export function fhirClaimStatus(status: ClaimStatus): 'draft' | 'active' | 'cancelled' {
  if (status === 'draft') return 'draft';
  return status === 'cancelled' ? 'cancelled' : 'active';
}

/** FHIR ClaimResponse.outcome values. */
export const CLAIM_OUTCOMES = ['queued', 'complete', 'partial', 'error'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const PREAUTH_STATUSES = ['requested', 'approved', 'denied', 'expired'] as const;
export type PreauthStatus = (typeof PREAUTH_STATUSES)[number];

/**
 * A pre-authorisation is `requested`, then the payer's answer is entered: `approved` with an
 * amount and a validity end, or `denied` with a reason; `expired` when the payer never answered
 * or the approval lapsed. An approval whose `validUntil` has passed also reads as `expired`.
 */
export const PREAUTH_STATUS_TRANSITIONS: TransitionTable<PreauthStatus> = {
  requested: ['approved', 'denied', 'expired'],
  approved: ['expired'],
  denied: [],
  expired: [],
};

export function assertPreauthTransition(from: PreauthStatus, to: PreauthStatus): void {
  assertTableTransition('pre-authorisation', PREAUTH_STATUS_TRANSITIONS, from, to);
}

export const claimStatusTableMarkdown = () => transitionTableMarkdown(CLAIM_STATUS_TRANSITIONS);
export const preauthStatusTableMarkdown = () => transitionTableMarkdown(PREAUTH_STATUS_TRANSITIONS);
