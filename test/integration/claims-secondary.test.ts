import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { ok } from '../support/billing';
import { claimsHospital, must } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// Coordination of benefits through the local runtime: once the primary claim of an invoice is
// settled, the balance is claimed from the patient's secondary coverage for what the primary
// did not pay, never more than the patient's responsibility (NAIC MDL-120: the secondary pays
// what it would have paid alone, up to what is left). Amounts worked out by hand (paise).

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let h: Awaited<ReturnType<typeof claimsHospital>>;
let lic: any;
let corporate: any;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await claimsHospital(rt.url, TZ);
  lic = await must(
    h.desk.api.post('/claims/payers', { name: 'LIC Corporate', kind: 'corporate' }),
    201,
    'payer',
  );
  // The secondary plan: 20% co-payment, ₹50 deductible per claim, nothing excluded.
  corporate = await must(
    h.desk.api.post('/claims/plans', {
      payerId: lic.id,
      name: 'Employer top-up',
      copayBp: 2000,
      deductible: 5000,
      submissionDeadlineDays: 60,
    }),
    201,
    'plan',
  );
}, 120_000);
afterAll(() => resetClock());

async function withSecondary() {
  const { patient, coverage } = await h.coveredPatient();
  const secondary = await must(
    h.desk.api.post('/claims/coverages', {
      patientId: patient.id,
      planId: corporate.id,
      memberNumber: `EMP-${patient.id.slice(0, 6)}`,
      holderName: 'Ravi Iyer',
      relationship: 'spouse',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
      priority: 2,
    }),
    201,
    'secondary coverage',
  );
  return { patient, primary: coverage, secondary };
}

describe('a secondary coverage after the primary has paid', () => {
  it('claims what the primary left, by the secondary plan, up to the patient’s responsibility', async () => {
    const { patient, primary, secondary } = await withSecondary();
    const invoice = await h.issuedInvoice(patient.id, ['REVIEW', 'LFT', 'PCM-STRIP']);
    expect(invoice.total).toBe(88_050);
    expectError(
      await h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      409,
      /no claim on the patient's primary coverage/,
    );
    // Primary (Star Health): REVIEW ₹495.45, LFT ₹180, PCM-STRIP excluded.
    const first = await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: primary.id }),
      201,
      'primary',
    );
    await ok(h.desk.api.post(`/claims/${first.id}/submit`, {}));
    expectError(
      await h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      409,
      /primary claim .* is 'submitted'/,
    );
    // The primary approves REVIEW in full and ₹90 of LFT; the desk accepts the denial; paid.
    await ok(
      h.desk.api.post(`/claims/${first.id}/adjudication`, {
        lines: [
          { sequence: 1, approvedAmount: 49_545 },
          { sequence: 2, approvedAmount: 9000, reasonCodes: ['CO-45'] },
        ],
      }),
    );
    await ok(h.desk.api.post(`/claims/${first.id}/accept-denial`, { note: 'usual rate' }));
    const star = await h.remittance(58_545);
    await must(
      h.desk.api.post(`/claims/remittances/${star.id}/allocations`, {
        claimId: first.id,
        amount: 58_545,
      }),
      201,
      'primary paid',
    );
    expect((await ok(h.desk.api.get(`/claims/${first.id}`))).status).toBe('settled');

    // line      | total  | primary | left   | secondary alone          | pays   | patient
    // REVIEW    | 65,050 | 49,545  | 15,505 | 48,040 (ded 50, co 20%)  | 15,505 | 0
    // LFT       | 20,000 |  9,000  | 11,000 | 16,000                   | 11,000 | 0
    // PCM-STRIP |  3,000 |      0  |  3,000 |  2,400                   |  2,400 | 600 copay
    const second = await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      201,
      'secondary',
    );
    expect(
      second.lines.map((l: any) => [
        l.total,
        l.otherPayerAmount,
        l.payerAmount,
        l.patientAmount,
        l.patientReasons,
      ]),
    ).toEqual([
      [65_050, 49_545, 15_505, 0, {}],
      [20_000, 9000, 11_000, 0, {}],
      [3000, 0, 2400, 600, { copay: 600 }],
    ]);
    expect(second).toMatchObject({
      payerId: lic.id,
      invoiceTotal: 88_050,
      payerAmount: 28_905,
      patientAmount: 600,
      coordination: {
        primaryClaimId: first.id,
        primaryClaimNumber: first.number,
        primaryCoverageId: primary.id,
        primaryPayerName: 'Star Health',
        primaryPaid: 58_545,
      },
    });
    expect(second.coordination.primaryPaid + second.payerAmount + second.patientAmount).toBe(
      invoice.total,
    );
    expectError(
      await h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      409,
      /already has an open claim/,
    );
    // The FHIR Claim names the primary coverage and its answer before the focal secondary.
    const doc = await ok(h.desk.api.get(`/claims/${second.id}/fhir`));
    expect(doc.insurance).toEqual([
      {
        sequence: 1,
        focal: false,
        coverage: { reference: `Coverage/${primary.id}` },
        claimResponse: { reference: `ClaimResponse/${first.id}` },
      },
      {
        sequence: 2,
        focal: true,
        identifier: {
          system: 'https://hms.example/fhir/member-number',
          value: secondary.memberNumber,
        },
        coverage: { reference: `Coverage/${secondary.id}` },
      },
    ]);

    // While the secondary is open the patient owes only their ₹6.
    await ok(h.desk.api.post(`/claims/${second.id}/submit`, {}));
    const row = (aging: any) => aging.rows.find((r: any) => r.key === patient.id);
    expect(row(await ok(h.desk.api.get('/claims/aging?by=patient'))).total).toBe(600);
    await ok(
      h.desk.api.post(`/claims/${second.id}/adjudication`, {
        lines: second.lines.map((l: any) => ({
          sequence: l.sequence,
          approvedAmount: l.payerAmount,
        })),
      }),
    );
    const paid = await h.remittance(28_905, lic.id);
    await must(
      h.desk.api.post(`/claims/remittances/${paid.id}/allocations`, {
        claimId: second.id,
        amount: 28_905,
      }),
      201,
      'secondary paid',
    );
    const inv = await ok(h.cashier.api.get(`/billing/${invoice.id}`));
    expect([inv.paid, inv.balance]).toEqual([87_450, 600]);
    expect(row(await ok(h.desk.api.get('/claims/aging?by=patient'))).total).toBe(600);
  });

  it('a cancelled secondary claim frees the invoice for another secondary claim', async () => {
    const { patient, primary, secondary } = await withSecondary();
    const invoice = await h.issuedInvoice(patient.id, ['LFT']);
    const first = await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: primary.id }),
      201,
      'primary',
    );
    await ok(h.desk.api.post(`/claims/${first.id}/submit`, {}));
    await ok(
      h.desk.api.post(`/claims/${first.id}/adjudication`, {
        lines: [{ sequence: 1, approvedAmount: 9000 }],
      }),
    );
    const r = await h.remittance(9000);
    await must(
      h.desk.api.post(`/claims/remittances/${r.id}/allocations`, {
        claimId: first.id,
        amount: 9000,
      }),
      201,
      'paid',
    );
    // LFT ₹200, primary paid ₹90: the secondary alone would pay ₹120 (₹50 deductible, 20%).
    const second = await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      201,
      'secondary',
    );
    expect(second.lines[0]).toMatchObject({
      otherPayerAmount: 9000,
      payerAmount: 11_000,
      patientAmount: 0,
    });
    await ok(h.desk.api.post(`/claims/${second.id}/cancel`, { reason: 'wrong member number' }));
    await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: secondary.id }),
      201,
      'secondary again',
    );
  });
});
