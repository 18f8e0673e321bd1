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

export const SYSTEM = 'https://hms.example/fhir';

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
