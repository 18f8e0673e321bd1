/**
 * The events of claims (announced in COORDINATION.md; notifications tell the insurance desk).
 * `ClaimDenied` is emitted with the adjudication that leaves a claim with denied lines, in the
 * same transaction (kernel/effects.ts), so it is published once the change commits.
 */
// Registers the bus as the outbox's fast path in the claims function (as agent-actions does).
import '../../events/bus';
import * as z from '../../kernel/zod';

export const CLAIMS_SOURCE = 'hms.claims';
export const CLAIM_DENIED = 'ClaimDenied';

/** Enough to find the claim and act on it; nothing clinical. */
export const ClaimDeniedDetail = z.strictObject({
  tenantId: z.string(),
  claimId: z.string(),
  claimNumber: z.string(),
  invoiceId: z.string(),
  patientId: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  outcome: z.enum(['partial', 'error']),
  deniedAmount: z.number(),
  currency: z.string(),
  reasonCodes: z.array(z.string()),
  adjudicationId: z.string(),
  adjudicatedAt: z.string(),
});
export type ClaimDeniedDetail = z.output<typeof ClaimDeniedDetail>;
