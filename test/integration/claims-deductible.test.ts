import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { ok } from '../support/billing';
import { claimsHospital, must, PLAN } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// A deductible per policy year through the local runtime on DynamoDB Local: each claim takes
// what is left of the year's deductible, what claims have met is tracked per coverage and year,
// a cancelled claim gives back what it took, concurrent claims never take the same remainder
// twice, and another policy year starts afresh. Amounts worked out by hand (paise).

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let h: Awaited<ReturnType<typeof claimsHospital>>;
/** ₹800 deductible per policy year, 10% co-payment, nothing excluded. */
let yearly: any;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await claimsHospital(rt.url, TZ);
  yearly = await must(
    h.desk.api.post('/claims/plans', {
      payerId: h.payer.id,
      name: 'Super Top-up',
      copayBp: 1000,
      deductible: 80_000,
      deductiblePeriod: 'policy-year',
      submissionDeadlineDays: 30,
    }),
    201,
    'yearly plan',
  );
}, 120_000);
afterAll(() => resetClock());

const claimFor = (invoiceId: string, coverageId: string) =>
  h.desk.api.post('/claims', { invoiceId, coverageId });

describe('a deductible per policy year', () => {
  it('each claim takes what is left of the year; a cancelled claim gives it back', async () => {
    expect(yearly.rules).toMatchObject({ deductible: 80_000, deductiblePeriod: 'policy-year' });
    const { patient, coverage } = await h.coveredPatient(yearly.id);
    // validFrom 2020-01-01: the policy years start on 1 January.
    expect(coverage.policyYearStart).toBe('01-01');
    const year = (await ok(h.desk.api.get(`/claims/coverages/${coverage.id}/deductible`)))
      .policyYear;
    const y = Number(year.from.slice(0, 4));
    expect(year).toEqual({ from: `${y}-01-01`, to: `${y}-12-31` });

    // REVIEW ₹650.50: all of it goes to the deductible; the payer pays nothing.
    const inv1 = await h.issuedInvoice(patient.id, ['REVIEW']);
    const c1 = await must(claimFor(inv1.id, coverage.id), 201, 'claim 1');
    expect(c1).toMatchObject({
      payerAmount: 0,
      patientAmount: 65_050,
      policyYear: year,
    });
    expect(c1.lines[0].patientReasons).toEqual({ deductible: 65_050 });
    // LFT ₹200: ₹149.50 left of the deductible; co-payment 10% of ₹50.50 = ₹5.05 → payer ₹45.45.
    const inv2 = await h.issuedInvoice(patient.id, ['LFT']);
    const c2 = await must(claimFor(inv2.id, coverage.id), 201, 'claim 2');
    expect(c2.lines[0]).toMatchObject({
      payerAmount: 4545,
      patientAmount: 15_455,
      patientReasons: { deductible: 14_950, copay: 505 },
    });
    // Met in full: the next LFT pays only the co-payment.
    const inv3 = await h.issuedInvoice(patient.id, ['LFT']);
    const c3 = await must(claimFor(inv3.id, coverage.id), 201, 'claim 3');
    expect(c3.lines[0]).toMatchObject({
      payerAmount: 18_000,
      patientAmount: 2000,
      patientReasons: { copay: 2000 },
    });
    const status = await ok(h.cashier.api.get(`/claims/coverages/${coverage.id}/deductible`));
    expect(status).toEqual({
      coverageId: coverage.id,
      period: 'policy-year',
      policyYear: year,
      amount: 80_000,
      met: 80_000,
      remaining: 0,
      claims: [
        { claimId: c1.id, claimNumber: c1.number, amount: 65_050, at: expect.any(String) },
        { claimId: c2.id, claimNumber: c2.number, amount: 14_950, at: expect.any(String) },
      ],
    });

    // Cancelling claim 2 gives its ₹149.50 back; claiming its invoice again takes it again.
    await must(h.desk.api.post(`/claims/${c2.id}/cancel`, { reason: 'wrong plan' }), 200, 'cancel');
    const after = await ok(h.desk.api.get(`/claims/coverages/${coverage.id}/deductible`));
    expect(after).toMatchObject({ met: 65_050, remaining: 14_950 });
    expect(after.claims.map((e: any) => e.claimId)).toEqual([c1.id]);
    const again = await must(claimFor(inv2.id, coverage.id), 201, 'claim 2 again');
    expect(again.lines[0].patientReasons).toEqual({ deductible: 14_950, copay: 505 });
    // Cancelling a claim that took none of the deductible changes nothing.
    await must(h.desk.api.post(`/claims/${c3.id}/cancel`, { reason: 'duplicate' }), 200, 'c3');
    expect(await ok(h.desk.api.get(`/claims/coverages/${coverage.id}/deductible`))).toMatchObject({
      met: 80_000,
      remaining: 0,
    });

    // The next policy year starts afresh.
    const next = await ok(
      h.desk.api.get(`/claims/coverages/${coverage.id}/deductible?on=${y + 1}-01-01`),
    );
    expect(next).toEqual({
      coverageId: coverage.id,
      period: 'policy-year',
      policyYear: { from: `${y + 1}-01-01`, to: `${y + 1}-12-31` },
      amount: 80_000,
      met: 0,
      remaining: 80_000,
      claims: [],
    });
  });

  it('claims made at once never take the same remainder twice', async () => {
    const { patient, coverage } = await h.coveredPatient(yearly.id);
    const invoices = [];
    for (let i = 0; i < 5; i++) invoices.push(await h.issuedInvoice(patient.id, ['LFT']));
    // Five LFT invoices of ₹200 each against ₹800 of deductible: together they take ₹800, four
    // of them ₹200 each, whichever order the races settle in; the fifth takes none.
    const replies = await Promise.all(invoices.map((inv) => claimFor(inv.id, coverage.id)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const drawn = replies
      .map((r) => r.body.lines[0].patientReasons.deductible ?? 0)
      .sort((a: number, b: number) => a - b);
    expect(drawn).toEqual([0, 20_000, 20_000, 20_000, 20_000]);
    const status = await ok(h.desk.api.get(`/claims/coverages/${coverage.id}/deductible`));
    expect(status).toMatchObject({ met: 80_000, remaining: 0 });
    expect(status.claims).toHaveLength(4);
    for (const r of replies)
      expect(r.body.payerAmount + r.body.patientAmount).toBe(r.body.invoiceTotal);
  });

  it('a plan whose deductible applies per claim answers so; coverage chooses its year start', async () => {
    const { coverage } = await h.coveredPatient();
    expect(await ok(h.desk.api.get(`/claims/coverages/${coverage.id}/deductible`))).toEqual({
      coverageId: coverage.id,
      period: 'claim',
      amount: PLAN.deductible,
      met: 0,
      remaining: PLAN.deductible,
      claims: [],
    });
    const patient = await h.patient();
    const april = await must(
      h.desk.api.post('/claims/coverages', {
        patientId: patient.id,
        planId: yearly.id,
        memberNumber: 'TOPUP-1',
        holderName: patient.name,
        relationship: 'self',
        validFrom: '2020-01-15',
        validTo: '2099-12-31',
        policyYearStart: '04-01',
      }),
      201,
      'coverage',
    );
    expect(april.policyYearStart).toBe('04-01');
    const status = await ok(
      h.desk.api.get(`/claims/coverages/${april.id}/deductible?on=2030-03-31`),
    );
    expect(status.policyYear).toEqual({ from: '2029-04-01', to: '2030-03-31' });
  });

  it('refuses a bad year start, period or date with 400 and another hospital’s coverage with 404', async () => {
    const patient = await h.patient();
    const base = {
      patientId: patient.id,
      planId: yearly.id,
      memberNumber: 'X-1',
      holderName: patient.name,
      relationship: 'self',
      validFrom: '2020-01-01',
      validTo: '2099-12-31',
    };
    for (const policyYearStart of ['02-29', '04-31', '13-01', '4-1'])
      expectError(
        await h.desk.api.post('/claims/coverages', { ...base, policyYearStart }),
        400,
        /policyYearStart/,
      );
    expectError(
      await h.desk.api.post('/claims/plans', {
        ...PLAN,
        payerId: h.payer.id,
        deductiblePeriod: 'month',
      }),
      400,
      /deductiblePeriod/,
    );
    const { coverage } = await h.coveredPatient(yearly.id);
    expectError(
      await h.desk.api.get(`/claims/coverages/${coverage.id}/deductible?on=2026-13-01`),
      400,
      /on/,
    );
    const other = await claimsHospital(rt.url, TZ);
    expectError(await other.desk.api.get(`/claims/coverages/${coverage.id}/deductible`), 404);
  });
});
