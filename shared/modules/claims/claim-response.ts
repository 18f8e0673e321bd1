/**
 * The payer's answer to a claim as a FHIR R4 `ClaimResponse`, loaded on demand by its route (the
 * claims function's cold start does not carry it).
 */
import { fhirMoney, SYSTEM } from './fhir';
import type { ClaimRecord } from './store';

const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const category = (code: string) => ({ coding: [{ system: ADJUDICATION, code }] });

const DISPOSITIONS = {
  queued: 'Submitted; the payer has not answered yet',
  complete: 'Approved in full',
  partial: 'Approved in part',
  error: 'Denied',
} as const;

/**
 * The payer's answer to a claim as a FHIR R4 `ClaimResponse`
 * (https://hl7.org/fhir/R4/claimresponse.html), from the latest round; undefined before the
 * claim was ever submitted (there is no answer to give). Mapping (docs/claims.md, "ClaimResponse"):
 * one `item` per claim line once adjudicated, its `adjudication` the amount `submitted` (asked of
 * the payer), the `benefit` approved (with the line's reason codes) and the patient's `copay` and
 * `deductible`; `total` submitted and benefit; `payment` what remittances have allocated.
 */
export function fhirClaimResponse(
  claim: ClaimRecord,
): ({ resourceType: 'ClaimResponse' } & Record<string, unknown>) | undefined {
  const round = claim.rounds.at(-1);
  if (!round || !claim.outcome) return undefined;
  const money = (n: number) => fhirMoney(n, claim.currency);
  const adjudicated = claim.outcome !== 'queued';
  return {
    resourceType: 'ClaimResponse' as const,
    id: claim.id,
    identifier: [
      { system: `${SYSTEM}/claim-number`, value: claim.number },
      ...(round.payerReference
        ? [{ system: `${SYSTEM}/payer-reference`, value: round.payerReference }]
        : []),
    ],
    status: claim.status === 'cancelled' ? 'cancelled' : 'active',
    type: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' },
      ],
    },
    use: 'claim',
    patient: { reference: `Patient/${claim.patientId}`, display: claim.patientName },
    created: round.adjudicatedAt ?? round.submittedAt,
    insurer: { reference: `Organization/${claim.payerId}`, display: claim.payerName },
    requestor: { reference: 'Organization/hospital', display: 'The hospital' },
    request: { reference: `Claim/${claim.id}`, display: claim.number },
    outcome: claim.outcome,
    disposition: DISPOSITIONS[claim.outcome],
    ...(claim.preauthId ? { preAuthRef: claim.preauthId } : {}),
    ...(adjudicated
      ? {
          item: claim.lines.map((l) => ({
            itemSequence: l.sequence,
            adjudication: [
              { category: category('submitted'), amount: money(l.payerAmount) },
              {
                category: category('benefit'),
                ...(l.reasonCodes.length
                  ? {
                      reason: {
                        coding: l.reasonCodes.map((code) => ({
                          system: `${SYSTEM}/adjudication-reason`,
                          code,
                        })),
                        text: l.reasonCodes.join(', '),
                      },
                    }
                  : {}),
                amount: money(l.approvedAmount),
              },
              ...(['copay', 'deductible'] as const)
                .filter((r) => l.patientReasons[r])
                .map((r) => ({ category: category(r), amount: money(l.patientReasons[r]!) })),
            ],
          })),
          total: [
            { category: category('submitted'), amount: money(claim.payerAmount) },
            { category: category('benefit'), amount: money(claim.approvedAmount) },
          ],
        }
      : {}),
    ...(claim.paidAmount > 0
      ? {
          payment: {
            type: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/ex-paymenttype',
                  code: claim.paidAmount === claim.approvedAmount ? 'complete' : 'partial',
                },
              ],
            },
            amount: money(claim.paidAmount),
          },
        }
      : {}),
  };
}
