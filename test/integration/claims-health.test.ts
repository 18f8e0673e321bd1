import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { Store } from '../../shared/kernel/store/store';
import { billingKeys, findInvoice, invoiceItem } from '../../shared/modules/billing/store';
import { type Client, client, expectError } from '../support/api';
import { ok } from '../support/billing';
import { type ClaimsHospital, claimsHospital, must } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The billing health check against two hospitals built through the API on DynamoDB Local: one
// with every anomaly the check knows seeded (the few the API refuses to make — a refund without a
// reason or above what was paid, a gap or a duplicate in the invoice numbers — written straight
// into the table, as an import or a bug would), and one that did everything right. Forty days
// later every seeded anomaly is found, with its ids as evidence, and the clean hospital has none.

const TZ = 'Asia/Kolkata';
let url: string;

beforeAll(async () => {
  clockToNineAm(TZ);
  url = (await startTestRuntime()).url;
}, 120_000);
afterAll(() => resetClock());

const DISCHARGE = {
  finalDiagnoses: [{ text: 'Cellulitis of the leg', code: 'L03.1', system: 'ICD-10' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

/** Admits a new patient to a fresh ward and discharges them: answers the discharged admission. */
async function dischargedStay(h: ClaimsHospital, bedManager: Client) {
  const ward = await must(
    bedManager.post('/wards', {
      name: `Ward ${Math.random().toString(36).slice(2, 8)}`,
      type: 'general',
      sexPolicy: 'mixed',
      dailyCharge: 150_000,
    }),
    201,
    'ward',
  );
  await must(
    bedManager.post(`/wards/${ward.id}/beds`, { series: { prefix: 'A', count: 1, features: [] } }),
    201,
    'beds',
  );
  const patient = await h.patient();
  const admission = await must(
    h.reception.api.post('/admissions', {
      patientId: patient.id,
      source: 'direct',
      doctorId: h.doctor.id,
      reason: 'Cellulitis, needs IV antibiotics',
      wardId: ward.id,
    }),
    201,
    'admission',
  );
  await must(
    h.doctorUser.api.post(`/admissions/${admission.id}/discharge`, DISCHARGE),
    200,
    'discharge',
  );
  return { patient, admission };
}

/** The hospital's administrator, signed in again (after the clock moved past the old token). */
async function adminNow(h: ClaimsHospital): Promise<Client> {
  const { email, password } = h.registration.credentials;
  const login = await must(h.anon.post('/auth/login', { email, password }), 200, 'login');
  return client(url, { token: login.accessToken, tenantId: h.tenantId });
}

const byKind = (findings: any[], kind: string) => findings.filter((f) => f.kind === kind);
const evidenceOf = (findings: any[], kind: string) =>
  byKind(findings, kind).flatMap((f) => f.evidence);

describe('billing health check', () => {
  it('finds every seeded anomaly with its ids, and nothing in a clean hospital', async () => {
    const s = await claimsHospital(url, TZ);
    const c = await claimsHospital(url, TZ);
    const [sBeds, cBeds] = await Promise.all([s.staff('BED_MANAGER'), c.staff('BED_MANAGER')]);

    // ─── Seeded hospital ───
    const noInvoice = await dischargedStay(s, sBeds.api);
    const unbilledPatient = await s.patient();
    const unbilled = await must(
      s.cashier.api.post('/billing/charges', { patientId: unbilledPatient.id, tariffCode: 'LFT' }),
      201,
      'charge',
    );
    const adHocPatient = await s.patient();
    const adHoc = await must(
      s.cashier.api.post('/billing/charges', {
        patientId: adHocPatient.id,
        serviceType: 'procedure',
        description: 'Dressing',
        unitPrice: 20_000,
      }),
      201,
      'ad hoc charge',
    );
    const draftPatient = await s.patient();
    await must(
      s.cashier.api.post('/billing/charges', { patientId: draftPatient.id, tariffCode: 'LFT' }),
      201,
      'charge',
    );
    const draft = await must(
      s.cashier.api.post('/billing', { patientId: draftPatient.id }),
      201,
      'draft',
    );
    const overduePatient = await s.patient();
    const overdue = await s.issuedInvoice(overduePatient.id, ['REVIEW']);
    const remittance = await s.remittance(50_000);
    const lateClaim = await s.claimOf(['LFT']);
    const deniedClaim = await s.claimOf(['REVIEW']);
    await ok(s.desk.api.post(`/claims/${deniedClaim.claim.id}/submit`, {}));
    await ok(
      s.desk.api.post(`/claims/${deniedClaim.claim.id}/adjudication`, {
        lines: [{ sequence: 1, approvedAmount: 0, reasonCodes: ['CO-197'] }],
      }),
    );
    // A refund, then its credit note's reason lost and the invoice's refunded figure corrupted.
    const refundPatient = await s.patient();
    const refunded = await s.issuedInvoice(refundPatient.id, ['REVIEW']);
    const payment = await must(
      s.cashier.api.post(`/billing/${refunded.id}/payments`, { method: 'cash', amount: 10_000 }),
      201,
      'payment',
    );
    const note = await must(
      s.cashier.api.post(`/billing/${refunded.id}/refunds`, {
        paymentId: payment.id,
        amount: 1000,
        reason: 'Overcharged',
      }),
      201,
      'refund',
    );
    const store = new Store(s.tenantId);
    const keys = billingKeys(store);
    await store.update({
      Key: keys.creditNote(refunded.id, note.issuedAt, note.id),
      UpdateExpression: 'SET reason = :r',
      ExpressionAttributeValues: { ':r': '' },
    });
    await store.update({
      Key: keys.invoice(refunded.id),
      UpdateExpression: 'SET refunded = :r',
      ExpressionAttributeValues: { ':r': 10_001 },
    });
    // An invoice imported under a number already used, and one that skips two numbers.
    const model = (await findInvoice(store, overdue.id))!;
    const [, year, n] = /^INV-(\d{4})-(\d{6})$/.exec(model.number)!;
    const last = (await ok(s.cashier.api.get('/billing?limit=100'))).items
      .map((i: any) => Number(i.number.slice(-6)))
      .reduce((a: number, b: number) => Math.max(a, b), 0);
    const dupId = '00000000-0000-4000-8000-00000000d0b1';
    const skipId = '00000000-0000-4000-8000-00000000d0b2';
    const cancelled = { status: 'cancelled' as const, statusReason: 'imported', balance: 0 };
    await store.put({ Item: invoiceItem(store, { ...model, ...cancelled, id: dupId }) });
    const skipped = `INV-${year}-${String(last + 3).padStart(6, '0')}`;
    await store.put({
      Item: invoiceItem(store, { ...model, ...cancelled, id: skipId, number: skipped }),
    });

    // ─── Clean hospital: everything invoiced, issued, claimed, paid and allocated ───
    const stay = await dischargedStay(c, cBeds.api);
    const stayInvoice = await must(
      c.cashier.api.post('/billing', {
        patientId: stay.patient.id,
        admissionId: stay.admission.id,
      }),
      201,
      'stay invoice',
    );
    await ok(c.cashier.api.patch(`/billing/${stayInvoice.id}/status`, { status: 'issued' }));
    expect(stayInvoice.total).toBeGreaterThan(0);
    await must(
      c.cashier.api.post(`/billing/${stayInvoice.id}/payments`, {
        method: 'card',
        amount: stayInvoice.total,
      }),
      201,
      'stay payment',
    );
    const paidClaim = await c.approvedClaim(['REVIEW', 'LFT']);
    const cRemit = await c.remittance(paidClaim.claim.approvedAmount);
    await must(
      c.desk.api.post(`/claims/remittances/${cRemit.id}/allocations`, {
        claimId: paidClaim.claim.id,
        amount: paidClaim.claim.approvedAmount,
      }),
      201,
      'allocation',
    );
    await must(
      c.cashier.api.post(`/billing/${paidClaim.invoice.id}/payments`, {
        method: 'upi',
        amount: paidClaim.claim.patientAmount,
      }),
      201,
      'patient part',
    );
    const cashPatient = await c.patient();
    const cash = await c.issuedInvoice(cashPatient.id, ['LFT']);
    const cashPay = await must(
      c.cashier.api.post(`/billing/${cash.id}/payments`, { method: 'cash', amount: cash.total }),
      201,
      'cash',
    );
    await must(
      c.cashier.api.post(`/billing/${cash.id}/refunds`, {
        paymentId: cashPay.id,
        amount: 500,
        reason: 'Rounding',
      }),
      201,
      'refund',
    );
    await must(
      c.cashier.api.post(`/billing/${cash.id}/payments`, { method: 'cash', amount: 500 }),
      201,
      'repay',
    );

    // ─── Forty days later ───
    shiftClock(40 * 86_400_000);
    const seeded = await ok((await adminNow(s)).get('/claims/health-check'));
    const f = seeded.findings;
    expect(evidenceOf(f, 'discharged-without-invoice')).toEqual([noInvoice.admission.id]);
    expect(evidenceOf(f, 'charges-not-invoiced')).toEqual(
      expect.arrayContaining([unbilled.id, adHoc.id]),
    );
    expect(evidenceOf(f, 'stale-drafts')).toEqual([draft.id]);
    const overdueFindings = byKind(f, 'overdue-invoices');
    expect(overdueFindings.map((x: any) => x.detail.bucket)).toEqual(['31-60']);
    expect(overdueFindings[0].evidence).toEqual(
      expect.arrayContaining([overdue.id, lateClaim.invoice.id, deniedClaim.invoice.id]),
    );
    expect(evidenceOf(f, 'unallocated-payments')).toEqual([remittance.id]);
    expect(byKind(f, 'unallocated-payments')[0].amount).toBe(50_000);
    expect(evidenceOf(f, 'refund-without-reason')).toEqual([note.id]);
    expect(evidenceOf(f, 'refund-above-paid')).toEqual([refunded.id]);
    expect(evidenceOf(f, 'invoice-number-duplicate').sort()).toEqual([dupId, overdue.id].sort());
    expect(byKind(f, 'invoice-number-duplicate')[0].detail.numbers).toBe(model.number);
    expect(evidenceOf(f, 'invoice-number-gap')).toEqual([
      `INV-${year}-${String(last + 1).padStart(6, '0')}`,
      `INV-${year}-${String(last + 2).padStart(6, '0')}`,
    ]);
    expect(evidenceOf(f, 'claims-past-deadline')).toEqual([lateClaim.claim.id]);
    expect(byKind(f, 'denial-rate')).toEqual([
      expect.objectContaining({
        evidence: [s.payer.id, deniedClaim.claim.id],
        amount: deniedClaim.claim.payerAmount,
        detail: expect.objectContaining({ deniedBp: 10_000 }),
      }),
    ]);
    expect(evidenceOf(f, 'charges-without-tariff')).toEqual([adHoc.id]);
    for (const finding of f) expect(finding.suggestedFix.length).toBeGreaterThan(10);
    expect(n).toMatch(/^\d{6}$/);

    const clean = await ok((await adminNow(c)).get('/claims/health-check'));
    expect(clean.findings).toEqual([]);
    expect(clean.checked).toMatchObject({ admissions: 1, claims: 1 });
    expect(clean.checked.invoices).toBe(3);
  });

  it('is the accountant’s: the desk and cashiers are refused; bad thresholds are 400', async () => {
    const h = await claimsHospital(url, TZ);
    expectError(await h.desk.api.get('/claims/health-check'), 403);
    expectError(await h.cashier.api.get('/claims/health-check'), 403);
    expectError(await h.accountant.api.get('/claims/health-check?chargeDays=0'), 400, /chargeDays/);
    const fine = await ok(
      h.accountant.api.get('/claims/health-check?chargeDays=3&denialRateBp=500'),
    );
    expect(fine.findings).toEqual([]);
  });
});
