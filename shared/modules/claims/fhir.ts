/**
 * A claim as a FHIR R5 `Claim` resource (https://hl7.org/fhir/R5/claim.html), the document
 * submitted to the payer, and the adapter interface a payer's endpoint is reached through.
 * Money in FHIR is decimal major units: minor units are divided by the currency's minor digits
 * here, at the edge of the document, and never used for arithmetic.
 */
import { Unavailable } from '../../kernel/errors';
import { fromMinorUnits } from '../billing';
import { fhirClaimStatus } from './status';
import type { ClaimRecord, PayerRecord } from './store';

/** Minor units as a FHIR Money value: `{ value, currency }` with the currency's decimals. */
export function fhirMoney(minor: number, currency: string) {
  return { value: Number(fromMinorUnits(minor, currency)), currency };
}

const SYSTEM = 'https://hms.example/fhir';

/** The FHIR Claim document of a claim as it stands (its latest round). */
export function fhirClaim(claim: ClaimRecord): { resourceType: 'Claim' } & Record<string, unknown> {
  const money = (n: number) => fhirMoney(n, claim.currency);
  return {
    resourceType: 'Claim' as const,
    id: claim.id,
    identifier: [{ system: `${SYSTEM}/claim-number`, value: claim.number }],
    status: fhirClaimStatus(claim.status),
    type: {
      coding: [
        { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' },
      ],
    },
    use: 'claim',
    patient: { reference: `Patient/${claim.patientId}`, display: claim.patientName },
    created: claim.createdAt,
    insurer: { reference: `Organization/${claim.payerId}`, display: claim.payerName },
    provider: { reference: 'Organization/hospital', display: 'The hospital' },
    priority: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }],
    },
    // A secondary claim names the primary coverage first, with the primary's answer.
    insurance: [
      ...(claim.coordination
        ? [
            {
              sequence: 1,
              focal: false,
              coverage: { reference: `Coverage/${claim.coordination.primaryCoverageId}` },
              claimResponse: { reference: `ClaimResponse/${claim.coordination.primaryClaimId}` },
            },
          ]
        : []),
      {
        sequence: claim.coordination ? 2 : 1,
        focal: true,
        identifier: { system: `${SYSTEM}/member-number`, value: claim.memberNumber },
        coverage: { reference: `Coverage/${claim.coverageId}` },
        ...(claim.preauthId ? { preAuthRef: [claim.preauthId] } : {}),
      },
    ],
    item: claim.lines.map((l) => ({
      sequence: l.sequence,
      category: { coding: [{ system: `${SYSTEM}/service-type`, code: l.serviceType }] },
      productOrService: {
        ...(l.code ? { coding: [{ system: `${SYSTEM}/tariff`, code: l.code }] } : {}),
        text: l.description,
      },
      quantity: { value: l.quantity },
      net: money(l.payerAmount),
      extension: [
        { url: `${SYSTEM}/StructureDefinition/line-total`, valueMoney: money(l.total) },
        { url: `${SYSTEM}/StructureDefinition/patient-share`, valueMoney: money(l.patientAmount) },
      ],
    })),
    total: money(claim.payerAmount),
    supportingInfo: [
      {
        sequence: 1,
        category: { coding: [{ system: `${SYSTEM}/info`, code: 'invoice' }] },
        valueReference: { reference: `Invoice/${claim.invoiceId}`, display: claim.invoiceNumber },
      },
    ],
  };
}

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

/** What a payer's endpoint answers to a submission. */
export interface SubmissionReceipt {
  /** How it went: `sent` (the endpoint took it) or `manual` (the desk sends the document). */
  via: 'sent' | 'manual';
  /** The payer's reference, when its endpoint gave one. */
  reference?: string | undefined;
}

/** A payer's endpoint: one adapter per way of reaching payers. */
export interface PayerEndpoint {
  submit(document: Record<string, unknown>): Promise<SubmissionReceipt>;
}

/** The desk sends the document itself (portal upload, e-mail): nothing leaves the service. */
export const manualEndpoint: PayerEndpoint = {
  submit: async () => ({ via: 'manual' }),
};

/** POSTs the FHIR document to the payer's URL as application/fhir+json; 10 s at most. */
export function fhirEndpoint(url: string, fetchImpl: typeof fetch = fetch): PayerEndpoint {
  return {
    async submit(document) {
      let res: Response;
      try {
        res = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/fhir+json' },
          body: JSON.stringify(document),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new Unavailable("The payer's endpoint did not answer; the claim stays a draft");
      }
      if (!res.ok)
        throw new Unavailable(
          `The payer's endpoint refused the claim (${res.status}); the claim stays a draft`,
        );
      const location = res.headers.get('location') ?? undefined;
      return { via: 'sent', reference: location };
    },
  };
}

/** The endpoint of a payer, from its declaration. */
export function endpointOf(payer: PayerRecord): PayerEndpoint {
  return payer.endpoint.adapter === 'fhir' && payer.endpoint.url
    ? fhirEndpoint(payer.endpoint.url)
    : manualEndpoint;
}
