import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { ok } from '../support/billing';
import { claimsHospital, must, PLAN } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// Claims through the local runtime on DynamoDB Local, each test with its own hospitals: the split
// of written-out invoices, submission with the FHIR document, adjudication with a denial (the
// ClaimDenied event and the work queue), resubmission with history, remittance allocation
// (exact, never over-allocated, also concurrently and on repeated deliveries), aging, tenant
// isolation and the 400/403/404/409 answers.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let h: Awaited<ReturnType<typeof claimsHospital>>;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await claimsHospital(rt.url, TZ);
}, 120_000);
afterAll(() => resetClock());

describe('claims from invoices', () => {
  it('splits an invoice by the plan: deductible, co-payment, exclusion and a service needing pre-authorisation', async () => {
    // REVIEW ₹650.50 (consultation), LFT ₹200 (lab), PCM-STRIP ₹30 (pharmacy, excluded),
    // MINOR-OT ₹2,000 (procedure, needs pre-authorisation; none given).
    const { invoice, claim } = await h.claimOf(['REVIEW', 'LFT', 'PCM-STRIP', 'MINOR-OT']);
    expect(invoice.total).toBe(288_050);
    expect(
      claim.lines.map((l: any) => [
        l.serviceType,
        l.total,
        l.payerAmount,
        l.patientAmount,
        l.patientReasons,
      ]),
    ).toEqual([
      ['consultation', 65_050, 49_545, 15_505, { deductible: 10_000, copay: 5505 }],
      ['laboratory', 20_000, 18_000, 2000, { copay: 2000 }],
      ['pharmacy', 3000, 0, 3000, { excluded: 3000 }],
      ['procedure', 200_000, 0, 200_000, { 'no-preauth': 200_000 }],
    ]);
    expect(claim).toMatchObject({
      status: 'draft',
      fhirStatus: 'draft',
      invoiceTotal: 288_050,
      payerAmount: 67_545,
      patientAmount: 220_505,
      approvedAmount: 0,
      paidAmount: 0,
      number: expect.stringMatching(/^CLM-\d{4}-\d{6}$/),
    });
    expect(claim.payerAmount + claim.patientAmount).toBe(invoice.total);
  });

  it('an approved pre-authorisation lets the payer pay the procedure, up to its amount', async () => {
    const { patient, coverage } = await h.coveredPatient();
    const preauth = await must(
      h.desk.api.post('/claims/preauths', {
        coverageId: coverage.id,
        serviceTypes: ['procedure'],
        description: 'Excision of a sebaceous cyst',
        requestedAmount: 200_000,
      }),
      201,
      'preauth',
    );
    expect(preauth.status).toBe('requested');
    expectError(
      await h.desk.api.patch(`/claims/preauths/${preauth.id}`, { status: 'approved' }),
      400,
      /approvedAmount/,
    );
    const approved = await ok(
      h.desk.api.patch(`/claims/preauths/${preauth.id}`, {
        status: 'approved',
        approvedAmount: 150_000,
        validUntil: '2099-01-01',
        payerReference: 'PA-778',
      }),
    );
    expect(approved).toMatchObject({ status: 'approved', approvedAmount: 150_000 });
    expectError(
      await h.desk.api.patch(`/claims/preauths/${preauth.id}`, {
        status: 'denied',
        reason: 'late',
      }),
      409,
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
    // ₹2,000: deductible ₹100 → ₹1,900; co-payment ₹190 → ₹1,710; capped at the ₹1,500 approved.
    expect(claim.lines[0]).toMatchObject({
      payerAmount: 150_000,
      patientAmount: 50_000,
      patientReasons: { deductible: 10_000, copay: 19_000, 'preauth-limit': 21_000 },
    });
    const list = await ok(h.desk.api.get(`/claims/preauths?patientId=${patient.id}`));
    expect(list.items.map((p: any) => p.id)).toEqual([preauth.id]);
  });

  it('submission, a partial denial (event and work queue), resubmission with history, then settlement', async () => {
    const { invoice, claim } = await h.claimOf(['REVIEW', 'LFT']);
    expect(claim).toMatchObject({ payerAmount: 67_545, patientAmount: 17_505 });
    const submitted = await ok(
      h.desk.api.post(`/claims/${claim.id}/submit`, { note: 'via portal' }),
    );
    expect(submitted).toMatchObject({
      status: 'submitted',
      fhirStatus: 'active',
      outcome: 'queued',
    });
    const doc = await ok(h.desk.api.get(`/claims/${claim.id}/fhir`));
    expect(doc).toMatchObject({
      resourceType: 'Claim',
      status: 'active',
      use: 'claim',
      patient: { reference: `Patient/${claim.patientId}` },
      insurer: { reference: `Organization/${h.payer.id}` },
      total: { value: 675.45, currency: 'INR' },
    });
    expect(doc.item.map((i: any) => i.net.value)).toEqual([495.45, 180]);

    // The payer approves line 1 and denies line 2.
    expectError(
      await h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        lines: [
          { sequence: 1, approvedAmount: 49_545 },
          { sequence: 2, approvedAmount: 0 },
        ],
      }),
      400,
      /lines\.1\.reasonCodes/,
    );
    expectError(
      await h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        lines: [
          { sequence: 1, approvedAmount: 49_546 },
          { sequence: 2, approvedAmount: 18_000 },
        ],
      }),
      400,
      /lines\.0\.approvedAmount/,
    );
    const denied = await ok(
      h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        payerReference: 'STAR-ADJ-1',
        lines: [
          { sequence: 1, approvedAmount: 49_545 },
          { sequence: 2, approvedAmount: 0, reasonCodes: ['CO-50'] },
        ],
      }),
    );
    expect(denied).toMatchObject({
      status: 'adjudicated',
      outcome: 'partial',
      approvedAmount: 49_545,
      deniedAmount: 18_000,
    });
    expect(denied.lines.map((l: any) => [l.adjudication, l.reasonCodes])).toEqual([
      ['approved', []],
      ['denied', ['CO-50']],
    ]);
    await rt.events.runRelay();
    const events = rt.events.bus.published.filter(
      (e) => e['detail-type'] === 'ClaimDenied' && (e.detail as any).claimId === claim.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({
      tenantId: h.tenantId,
      claimNumber: claim.number,
      payerId: h.payer.id,
      outcome: 'partial',
      deniedAmount: 18_000,
      currency: 'INR',
      reasonCodes: ['CO-50'],
    });
    const queue = await ok(h.desk.api.get('/claims/denials'));
    expect(queue.items.map((c: any) => c.id)).toContain(claim.id);
    // The insurance desk hears of it once (the local outbox), also when the bus delivers again.
    await rt.events.bus.idle();
    await rt.events.bus.deliver(events[0]!);
    const outbox = await ok(h.admin.get('/notifications/outbox?limit=100'));
    const told = outbox.items.filter(
      (m: any) => m.kind === 'claim-denied' && m.recipientUserId === h.desk.user.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0].subject).toContain(claim.number);
    expect(told[0].body).toContain('180.00 INR');

    const again = await ok(
      h.desk.api.post(`/claims/${claim.id}/resubmit`, { note: 'Lab report attached' }),
    );
    expect(again).toMatchObject({ status: 'submitted', outcome: 'queued' });
    expect(again.rounds).toHaveLength(2);
    expect(again.rounds[0]).toMatchObject({
      round: 1,
      outcome: 'partial',
      approved: 49_545,
      denied: 18_000,
      payerReference: 'STAR-ADJ-1',
    });
    expect(again.rounds[1]).toMatchObject({
      round: 2,
      note: 'Lab report attached',
      claimed: 67_545,
    });
    expect((await ok(h.desk.api.get('/claims/denials'))).items.map((c: any) => c.id)).not.toContain(
      claim.id,
    );

    const complete = await ok(
      h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        lines: [
          { sequence: 1, approvedAmount: 49_545 },
          { sequence: 2, approvedAmount: 18_000 },
        ],
      }),
    );
    expect(complete).toMatchObject({ status: 'adjudicated', outcome: 'complete', deniedAmount: 0 });

    // The payer pays ₹675.45; the patient pays their ₹175.05 at the counter: both balanced.
    const remit = await h.remittance(100_000);
    const allocated = await must(
      h.desk.api.post(`/claims/remittances/${remit.id}/allocations`, {
        claimId: claim.id,
        amount: 67_545,
      }),
      201,
      'allocation',
    );
    expect(allocated).toMatchObject({ amount: 100_000, allocated: 67_545, unallocated: 32_455 });
    const settled = await ok(h.desk.api.get(`/claims/${claim.id}`));
    expect(settled).toMatchObject({ status: 'settled', paidAmount: 67_545 });
    const afterPayer = await ok(h.cashier.api.get(`/billing/${invoice.id}`));
    expect(afterPayer).toMatchObject({ status: 'issued', paid: 67_545, balance: 17_505 });
    expect(afterPayer.payments).toEqual([
      expect.objectContaining({
        method: 'insurance',
        amount: 67_545,
        reference: `${claim.number} / ${remit.reference}`,
      }),
    ]);
    await must(
      h.cashier.api.post(`/billing/${invoice.id}/payments`, { method: 'upi', amount: 17_505 }),
      201,
      'patient payment',
    );
    const balanced = await ok(h.cashier.api.get(`/billing/${invoice.id}`));
    expect(balanced).toMatchObject({ status: 'balanced', paid: 85_050, balance: 0, total: 85_050 });
  });

  it('accepting a denial moves the denied amount to the patient and settles the claim', async () => {
    const { claim } = await h.claimOf(['LFT']);
    await ok(h.desk.api.post(`/claims/${claim.id}/submit`, {}));
    const adjudicated = await ok(
      h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        lines: [{ sequence: 1, approvedAmount: 0, reasonCodes: ['NOT-COVERED'] }],
      }),
    );
    expect(adjudicated).toMatchObject({ outcome: 'error', approvedAmount: 0, deniedAmount: 9000 });
    const byPatientBefore = await ok(h.desk.api.get('/claims/aging?by=patient'));
    const accepted = await ok(
      h.desk.api.post(`/claims/${claim.id}/accept-denial`, { note: 'Policy excludes this test' }),
    );
    expect(accepted).toMatchObject({ status: 'settled', denialAccepted: true });
    const byPatient = await ok(h.desk.api.get('/claims/aging?by=patient'));
    const row = (a: any) => a.rows.find((r: any) => r.key === claim.patientId);
    // ₹200 lab test: ₹100 deductible and ₹10 co-payment were the patient's; the denied ₹90 now too.
    expect(row(byPatientBefore)?.total).toBe(11_000);
    expect(row(byPatient)?.total).toBe(20_000);
    expectError(await h.desk.api.post(`/claims/${claim.id}/accept-denial`, { note: 'again' }), 409);
  });
});

describe('remittance allocation', () => {
  it('never allocates more than the remittance, the claim’s approved amount or the invoice’s balance', async () => {
    const { claim } = await h.approvedClaim(['REVIEW']); // payer part ₹495.45
    expect(claim.approvedAmount).toBe(49_545);
    const small = await h.remittance(30_000);
    expectError(
      await h.desk.api.post(`/claims/remittances/${small.id}/allocations`, {
        claimId: claim.id,
        amount: 30_001,
      }),
      409,
      /exceeds the 30000 left unallocated/,
    );
    const big = await h.remittance(100_000);
    expectError(
      await h.desk.api.post(`/claims/remittances/${big.id}/allocations`, {
        claimId: claim.id,
        amount: 49_546,
      }),
      409,
      /exceeds the 49545 approved and unpaid/,
    );
  });

  it('concurrent allocations from one remittance never over-allocate', async () => {
    const { claim, invoice } = await h.approvedClaim(['REVIEW', 'LFT']); // approved ₹675.45
    const remit = await h.remittance(20_000);
    const tries = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.desk.api.post(`/claims/remittances/${remit.id}/allocations`, {
          claimId: claim.id,
          amount: 7000,
        }),
      ),
    );
    const won = tries.filter((r) => r.status === 201).length;
    for (const r of tries) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(won).toBeGreaterThanOrEqual(1);
    expect(won).toBeLessThanOrEqual(2); // 3 × 7000 > 20000
    const after = await ok(h.desk.api.get(`/claims/remittances/${remit.id}`));
    expect(after.allocated).toBe(won * 7000);
    expect(after.allocated + after.unallocated).toBe(20_000);
    expect(after.allocations).toHaveLength(won);
    const c = await ok(h.desk.api.get(`/claims/${claim.id}`));
    expect(c.paidAmount).toBe(won * 7000);
    const inv = await ok(h.cashier.api.get(`/billing/${invoice.id}`));
    expect(inv.paid).toBe(won * 7000);
    expect(inv.payments).toHaveLength(won);
    expect(inv.balance).toBe(inv.total - won * 7000);
  });

  it('concurrent allocations to one claim from two remittances never exceed what it approved', async () => {
    const { claim } = await h.approvedClaim(['LFT']); // approved ₹90
    const [a, b] = await Promise.all([h.remittance(18_000), h.remittance(18_000)]);
    const tries = await Promise.all(
      [a, b, a, b].map((r) =>
        h.desk.api.post(`/claims/remittances/${r.id}/allocations`, {
          claimId: claim.id,
          amount: 6000,
        }),
      ),
    );
    // 2 × 6000 > 9000: at most one wins (one may also lose every race and answer 409 too).
    expect(tries.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    for (const r of tries) expect([201, 409]).toContain(r.status);
    const won = tries.filter((r) => r.status === 201).length;
    const c = await ok(h.desk.api.get(`/claims/${claim.id}`));
    expect(c.paidAmount).toBe(won * 6000);
  });

  it('a repeated delivery with the same Idempotency-Key allocates once', async () => {
    const { claim } = await h.approvedClaim(['LFT']);
    const remit = await h.remittance(18_000);
    const key = { 'Idempotency-Key': `alloc-${remit.id}` };
    const [one, two] = await Promise.all([
      h.desk.api.post(
        `/claims/remittances/${remit.id}/allocations`,
        { claimId: claim.id, amount: 5000 },
        key,
      ),
      h.desk.api.post(
        `/claims/remittances/${remit.id}/allocations`,
        { claimId: claim.id, amount: 5000 },
        key,
      ),
    ]);
    expect([one.status, two.status]).toContain(201);
    const three = await h.desk.api.post(
      `/claims/remittances/${remit.id}/allocations`,
      { claimId: claim.id, amount: 5000 },
      key,
    );
    expect(three.status).toBe(201);
    const after = await ok(h.desk.api.get(`/claims/remittances/${remit.id}`));
    expect(after.allocated).toBe(5000);
    expect(after.allocations).toHaveLength(1);
  });
});

describe('aging', () => {
  it('by payer and by patient, and the two add up to the outstanding balances', async () => {
    const a = await claimsHospital(rt.url, TZ);
    const { claim, invoice } = await a.claimOf(['REVIEW', 'LFT']);
    const byPayer = await ok(a.desk.api.get('/claims/aging?by=payer'));
    expect(byPayer).toMatchObject({
      by: 'payer',
      currency: 'INR',
      rows: [
        {
          key: a.payer.id,
          name: 'Star Health',
          buckets: { '0-30': 67_545, '31-60': 0, '61-90': 0, 'over-90': 0 },
          total: 67_545,
        },
      ],
      total: 67_545,
    });
    const byPatient = await ok(a.desk.api.get('/claims/aging?by=patient'));
    expect(byPatient.rows).toEqual([
      {
        key: claim.patientId,
        name: invoice.patientName,
        buckets: { '0-30': 17_505, '31-60': 0, '61-90': 0, 'over-90': 0 },
        total: 17_505,
      },
    ]);
    expect(byPayer.total + byPatient.total).toBe(invoice.balance);
    expectError(await a.desk.api.get('/claims/aging?by=doctor'), 400, /by/);
  });
});

describe('errors and isolation', () => {
  it('answers 400 naming the field, 403 for other roles, 404 for unknown ids, 409 for conflicts', async () => {
    expectError(
      await h.desk.api.post('/claims/plans', { ...PLAN, payerId: h.payer.id, copayBp: 10_001 }),
      400,
      /copayBp/,
    );
    expectError(await h.desk.api.post('/claims/payers', { name: 'X', kind: 'bank' }), 400, /kind/);
    expectError(await h.desk.api.post('/claims/payers', ['not an object']), 400);
    expectError(
      await h.desk.api.post('/claims', { invoiceId: 'x'.repeat(80), coverageId: 'c' }),
      400,
      /invoiceId/,
    );
    expectError(await h.cashier.api.post('/claims/payers', { name: 'X', kind: 'insurer' }), 403);
    expectError(await h.nurse.api.get('/claims'), 403);
    expectError(await h.desk.api.get('/claims/00000000-0000-4000-8000-000000000000'), 404);
    expectError(
      await h.desk.api.post('/claims/plans', { ...PLAN, payerId: 'nope' }),
      404,
      /Payer nope/,
    );
    const { claim, invoice, coverage } = await h.claimOf(['LFT']);
    expectError(
      await h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: coverage.id }),
      409,
      /already has an open claim/,
    );
    expectError(
      await h.desk.api.post(`/claims/${claim.id}/adjudication`, {
        lines: [{ sequence: 1, approvedAmount: 0, reasonCodes: ['X'] }],
      }),
      409,
    );
    expectError(await h.desk.api.post(`/claims/${claim.id}/resubmit`, { note: 'x' }), 409);
    const other = await h.coveredPatient();
    expectError(
      await h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: other.coverage.id }),
      400,
      /coverageId/,
    );
    // A draft invoice is not claimed.
    await must(
      h.cashier.api.post('/billing/charges', { patientId: other.patient.id, tariffCode: 'LFT' }),
      201,
      'charge',
    );
    const draft = await must(
      h.cashier.api.post('/billing', { patientId: other.patient.id }),
      201,
      'draft',
    );
    expectError(
      await h.desk.api.post('/claims', { invoiceId: draft.id, coverageId: other.coverage.id }),
      409,
      /draft/,
    );
    // Cancelling frees the invoice for another claim.
    await ok(h.desk.api.post(`/claims/${claim.id}/cancel`, { reason: 'wrong plan' }));
    await must(
      h.desk.api.post('/claims', { invoiceId: invoice.id, coverageId: coverage.id }),
      201,
      'claim again',
    );
  });

  it("another hospital's payers, claims, invoices and remittances are not found", async () => {
    const other = await claimsHospital(rt.url, TZ);
    const { claim, invoice } = await h.approvedClaim(['LFT']);
    const remit = await h.remittance(1000);
    const theirs = await other.coveredPatient();
    expectError(await other.desk.api.get(`/claims/${claim.id}`), 404);
    expectError(await other.desk.api.get(`/claims/${claim.id}/fhir`), 404);
    expectError(await other.desk.api.get(`/claims/remittances/${remit.id}`), 404);
    expectError(
      await other.desk.api.post('/claims', {
        invoiceId: invoice.id,
        coverageId: theirs.coverage.id,
      }),
      404,
    );
    expectError(await other.desk.api.post('/claims/plans', { ...PLAN, payerId: h.payer.id }), 404);
    const theirRemit = await other.remittance(1000);
    expectError(
      await other.desk.api.post(`/claims/remittances/${theirRemit.id}/allocations`, {
        claimId: claim.id,
        amount: 100,
      }),
      404,
    );
    const list = await ok(other.desk.api.get('/claims'));
    expect(list.items.map((c: any) => c.id)).not.toContain(claim.id);
  });
});
