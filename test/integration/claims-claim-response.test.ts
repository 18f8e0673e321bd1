import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import * as z from '../../shared/kernel/zod';
import { expectError } from '../support/api';
import { ok } from '../support/billing';
import { claimsHospital, must } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The payer's answer as a FHIR R4 ClaimResponse (GET /claims/{id}/claim-response), through the
// local runtime: before submission there is none (409); submitted, it is `queued`; adjudicated
// in part and paid in part, every field is the hand-written document below, and the document
// holds the R4 shape (the cardinalities of https://hl7.org/fhir/R4/claimresponse.html for the
// elements we fill, written out here, not read from the code under test).

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let h: Awaited<ReturnType<typeof claimsHospital>>;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await claimsHospital(rt.url, TZ);
}, 120_000);
afterAll(() => resetClock());

// R4 ClaimResponse, the elements we fill with their cardinality (1..1 required, 0..1 optional).
const Coding = z.strictObject({ system: z.string(), code: z.string() });
const CodeableConcept = z.strictObject({
  coding: z.array(Coding).check(z.minLength(1)),
  text: z.optional(z.string()),
});
const Reference = z.strictObject({ reference: z.string(), display: z.optional(z.string()) });
const Money = z.strictObject({ value: z.number(), currency: z.string().check(z.length(3)) });
const Adjudication = z.strictObject({
  category: CodeableConcept, // 1..1
  reason: z.optional(CodeableConcept), // 0..1
  amount: z.optional(Money), // 0..1
});
const R4ClaimResponse = z.strictObject({
  resourceType: z.literal('ClaimResponse'),
  id: z.string().check(z.regex(/^[A-Za-z0-9\-.]{1,64}$/)),
  identifier: z.optional(z.array(z.strictObject({ system: z.string(), value: z.string() }))),
  status: z.enum(['active', 'cancelled', 'draft', 'entered-in-error']), // 1..1
  type: CodeableConcept, // 1..1
  use: z.enum(['claim', 'preauthorization', 'predetermination']), // 1..1
  patient: Reference, // 1..1
  created: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T/)), // 1..1 dateTime
  insurer: Reference, // 1..1
  requestor: z.optional(Reference),
  request: z.optional(Reference),
  outcome: z.enum(['queued', 'complete', 'error', 'partial']), // 1..1
  disposition: z.optional(z.string()),
  preAuthRef: z.optional(z.string()), // 0..1 string in R4
  item: z.optional(
    z.array(
      z.strictObject({
        itemSequence: z.number().check(z.int(), z.gte(1)), // 1..1 positiveInt
        adjudication: z.array(Adjudication).check(z.minLength(1)), // 1..*
      }),
    ),
  ),
  total: z.optional(z.array(z.strictObject({ category: CodeableConcept, amount: Money }))),
  payment: z.optional(z.strictObject({ type: CodeableConcept, amount: Money })), // both 1..1
});

const ADJ = 'http://terminology.hl7.org/CodeSystem/adjudication';
const cat = (code: string) => ({ coding: [{ system: ADJ, code }] });
const inr = (value: number) => ({ value, currency: 'INR' });

describe('the claim as a FHIR R4 ClaimResponse', () => {
  it('none before submission, queued once submitted, the payer’s answer and payment after', async () => {
    const { patient, claim } = await h.claimOf(['REVIEW', 'LFT']);
    expectError(await h.desk.api.get(`/claims/${claim.id}/claim-response`), 409, /never submitted/);
    const submitted = await ok(h.desk.api.post(`/claims/${claim.id}/submit`, {}));
    const queued = await ok(h.cashier.api.get(`/claims/${claim.id}/claim-response`));
    const common = {
      resourceType: 'ClaimResponse',
      id: claim.id,
      type: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' },
        ],
      },
      use: 'claim',
      patient: { reference: `Patient/${patient.id}`, display: patient.name },
      insurer: { reference: `Organization/${h.payer.id}`, display: 'Star Health' },
      requestor: { reference: 'Organization/hospital', display: 'The hospital' },
      request: { reference: `Claim/${claim.id}`, display: claim.number },
    };
    expect(queued).toEqual({
      ...common,
      identifier: [{ system: 'https://hms.example/fhir/claim-number', value: claim.number }],
      status: 'active',
      created: submitted.rounds[0].submittedAt,
      outcome: 'queued',
      disposition: 'Submitted; the payer has not answered yet',
    });
    expect(R4ClaimResponse.safeParse(queued).error).toBeUndefined();

    // REVIEW: claimed ₹495.45 (deductible ₹100, co-payment ₹55.05), approved in full.
    // LFT: claimed ₹180 (co-payment ₹20), ₹90 approved with reason CO-45.
    const adjudicated = await ok(
      h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        payerReference: 'ADJ-9',
        lines: [
          { sequence: 1, approvedAmount: 49_545 },
          { sequence: 2, approvedAmount: 9000, reasonCodes: ['CO-45'] },
        ],
      }),
    );
    const remit = await h.remittance(30_000);
    await must(
      h.desk.api.post(`/claims/remittances/${remit.id}/allocations`, {
        claimId: claim.id,
        amount: 30_000,
      }),
      201,
      'allocation',
    );
    const answer = await ok(h.desk.api.get(`/claims/${claim.id}/claim-response`));
    expect(answer).toEqual({
      ...common,
      identifier: [
        { system: 'https://hms.example/fhir/claim-number', value: claim.number },
        { system: 'https://hms.example/fhir/payer-reference', value: 'ADJ-9' },
      ],
      status: 'active',
      created: adjudicated.rounds[0].adjudicatedAt,
      outcome: 'partial',
      disposition: 'Approved in part',
      item: [
        {
          itemSequence: 1,
          adjudication: [
            { category: cat('submitted'), amount: inr(495.45) },
            { category: cat('benefit'), amount: inr(495.45) },
            { category: cat('copay'), amount: inr(55.05) },
            { category: cat('deductible'), amount: inr(100) },
          ],
        },
        {
          itemSequence: 2,
          adjudication: [
            { category: cat('submitted'), amount: inr(180) },
            {
              category: cat('benefit'),
              reason: {
                coding: [{ system: 'https://hms.example/fhir/adjudication-reason', code: 'CO-45' }],
                text: 'CO-45',
              },
              amount: inr(90),
            },
            { category: cat('copay'), amount: inr(20) },
          ],
        },
      ],
      total: [
        { category: cat('submitted'), amount: inr(675.45) },
        { category: cat('benefit'), amount: inr(585.45) },
      ],
      payment: {
        type: {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/ex-paymenttype', code: 'partial' },
          ],
        },
        amount: inr(300),
      },
    });
    expect(R4ClaimResponse.safeParse(answer).error).toBeUndefined();
  });

  it('a denied claim reads error; paid in full, payment complete; cancelled, status cancelled', async () => {
    const { claim } = await h.approvedClaim(['LFT']); // ₹90 claimed and approved
    const remit = await h.remittance(9000);
    await must(
      h.desk.api.post(`/claims/remittances/${remit.id}/allocations`, {
        claimId: claim.id,
        amount: 9000,
      }),
      201,
      'allocation',
    );
    const paid = await ok(h.desk.api.get(`/claims/${claim.id}/claim-response`));
    expect(paid).toMatchObject({ outcome: 'complete', disposition: 'Approved in full' });
    expect(paid.payment.type.coding[0].code).toBe('complete');

    const made = await h.claimOf(['LFT']);
    await ok(h.desk.api.post(`/claims/${made.claim.id}/submit`, {}));
    const denied = await ok(
      h.desk.api.post(`/claims/${made.claim.id}/adjudication`, {
        lines: [{ sequence: 1, approvedAmount: 0, reasonCodes: ['CO-50', 'N-130'] }],
      }),
    );
    expect(denied.outcome).toBe('error');
    const answer = await ok(h.desk.api.get(`/claims/${made.claim.id}/claim-response`));
    expect(answer).toMatchObject({ outcome: 'error', disposition: 'Denied' });
    expect(answer).not.toHaveProperty('payment');
    expect(answer.item[0].adjudication[1].reason.text).toBe('CO-50, N-130');
    expect(R4ClaimResponse.safeParse(answer).error).toBeUndefined();

    const other = await h.claimOf(['LFT']);
    await ok(h.desk.api.post(`/claims/${other.claim.id}/submit`, {}));
    await ok(h.desk.api.post(`/claims/${other.claim.id}/cancel`, { reason: 'wrong patient' }));
    const cancelled = await ok(h.desk.api.get(`/claims/${other.claim.id}/claim-response`));
    expect(cancelled).toMatchObject({ status: 'cancelled', outcome: 'queued' });
  });

  it('a claim relying on a pre-authorisation names it (preAuthRef)', async () => {
    const { patient, coverage } = await h.coveredPatient();
    const preauth = await must(
      h.desk.api.post('/claims/preauths', {
        coverageId: coverage.id,
        serviceTypes: ['procedure'],
        description: 'Minor procedure',
        requestedAmount: 200_000,
      }),
      201,
      'preauth',
    );
    await ok(
      h.desk.api.patch(`/claims/preauths/${preauth.id}`, {
        status: 'approved',
        approvedAmount: 150_000,
        validUntil: '2099-01-01',
      }),
    );
    const invoice = await h.issuedInvoice(patient.id, ['MINOR-OT']);
    const claim = await must(
      h.desk.api.post('/claims', {
        invoiceId: invoice.id,
        coverageId: coverage.id,
        preauthId: preauth.id,
      }),
      201,
      'claim',
    );
    await ok(h.desk.api.post(`/claims/${claim.id}/submit`, {}));
    const answer = await ok(h.desk.api.get(`/claims/${claim.id}/claim-response`));
    expect(answer.preAuthRef).toBe(preauth.id);
    expect(R4ClaimResponse.safeParse(answer).error).toBeUndefined();
  });

  it("another hospital's claim is not found", async () => {
    const other = await claimsHospital(rt.url, TZ);
    const { claim } = await h.approvedClaim(['LFT']);
    expectError(await other.desk.api.get(`/claims/${claim.id}/claim-response`), 404);
  });
});
