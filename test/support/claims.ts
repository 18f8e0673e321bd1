import type { Client, Reply } from './api';
import { billingHospital, ok } from './billing';

/** Answers the body when the status is `expected`, else throws with the reply (for fixtures). */
export async function must<T = any>(reply: Promise<Reply<T>>, expected: number, what: string) {
  const r = await reply;
  if (r.status !== expected)
    throw new Error(`fixture ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The plan of the claims tests: 10% co-payment, ₹100 deductible, pharmacy excluded, 30 days to claim. */
export const PLAN = {
  name: 'Gold Family Floater',
  copayBp: 1000,
  deductible: 10_000,
  roomDayLimit: 100_000,
  excludedServiceTypes: ['pharmacy'],
  preauthServiceTypes: ['procedure'],
  submissionDeadlineDays: 30,
};

/**
 * A billing hospital with an insurance desk, tariffs (a consultation-like review and a lab
 * panel), one insurer with PLAN, and helpers for a covered patient and an issued invoice.
 */
export async function claimsHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const h = await billingHospital(baseUrl, timezone);
  const desk = await h.staff('INSURANCE_DESK');
  for (const [code, name, serviceType, unitPrice] of [
    ['REVIEW', 'Specialist review', 'consultation', 65_050],
    ['LFT', 'Liver function tests', 'laboratory', 20_000],
    ['PCM-STRIP', 'Paracetamol 500 mg strip', 'pharmacy', 3000],
    ['MINOR-OT', 'Minor procedure', 'procedure', 200_000],
  ] as const)
    await ok(
      h.accountant.api.put(`/billing/tariffs/${code}`, {
        name,
        serviceType,
        unitPrice,
        taxRateBp: 0,
        taxInclusive: false,
      }),
    );
  const payer = await must(
    desk.api.post('/claims/payers', { name: 'Star Health', kind: 'insurer', code: 'STAR' }),
    201,
    'payer',
  );
  const plan = await must(
    desk.api.post('/claims/plans', { payerId: payer.id, ...PLAN }),
    201,
    'plan',
  );
  let n = 0;
  /** A patient with coverage under `planId` (default PLAN) valid this year. */
  const coveredPatient = async (planId: string = plan.id, api: Client = desk.api) => {
    const patient = await h.patient();
    n += 1;
    const coverage = await must(
      api.post('/claims/coverages', {
        patientId: patient.id,
        planId,
        memberNumber: `STAR-${n}-${patient.id.slice(0, 6)}`,
        holderName: patient.name,
        relationship: 'self',
        validFrom: '2020-01-01',
        validTo: '2099-12-31',
      }),
      201,
      'coverage',
    );
    return { patient, coverage };
  };
  /** Charges by tariff code, invoiced and issued: answers the issued invoice. */
  const issuedInvoice = async (patientId: string, codes: readonly string[]) => {
    for (const tariffCode of codes)
      await must(h.cashier.api.post('/billing/charges', { patientId, tariffCode }), 201, 'charge');
    const draft = await must(h.cashier.api.post('/billing', { patientId }), 201, 'invoice');
    return must(
      h.cashier.api.patch(`/billing/${draft.id}/status`, { status: 'issued' }),
      200,
      'issue',
    );
  };
  /** A claim of an issued invoice of these tariff codes, under a fresh covered patient. */
  const claimOf = async (codes: readonly string[], planId: string = plan.id) => {
    const { patient, coverage } = await coveredPatient(planId);
    const invoice = await issuedInvoice(patient.id, codes);
    const claim = await must(
      desk.api.post('/claims', { invoiceId: invoice.id, coverageId: coverage.id }),
      201,
      'claim',
    );
    return { patient, coverage, invoice, claim };
  };
  /** A submitted claim adjudicated in full. */
  const approvedClaim = async (codes: readonly string[] = ['REVIEW', 'LFT']) => {
    const made = await claimOf(codes);
    await must(desk.api.post(`/claims/${made.claim.id}/submit`, {}), 200, 'submit');
    const claim = await must(
      desk.api.post(`/claims/${made.claim.id}/adjudication`, {
        lines: made.claim.lines.map((l: any) => ({
          sequence: l.sequence,
          approvedAmount: l.payerAmount,
        })),
      }),
      200,
      'adjudication',
    );
    return { ...made, claim };
  };
  const remittance = (amount: number, payerId: string = payer.id) =>
    must(
      desk.api.post('/claims/remittances', {
        payerId,
        reference: `UTR${Math.floor(Math.random() * 1e9)}`,
        receivedOn: '2026-11-20',
        amount,
      }),
      201,
      'remittance',
    );
  return {
    ...h,
    desk,
    payer,
    plan,
    coveredPatient,
    issuedInvoice,
    claimOf,
    approvedClaim,
    remittance,
  };
}

export type ClaimsHospital = Awaited<ReturnType<typeof claimsHospital>>;
