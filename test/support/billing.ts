import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Reply } from './api';
import { opdHospital } from './opd';

/** Answers the body when the status is `expected`, else fails with the reply. */
export async function ok<T = any>(reply: Promise<Reply<T>>, expected = 200): Promise<T> {
  const r = await reply;
  expect(r.status, JSON.stringify(r.body)).toBe(expected);
  return r.body;
}

/** Billing settings of the test hospitals: rupees, 10% discount and ₹200.00 refund thresholds. */
export const SETTINGS = {
  currency: 'INR',
  discountThresholdBp: 1000,
  refundThreshold: 20_000,
  consultationTaxRateBp: 0,
  consultationTaxInclusive: false,
};

/**
 * An OPD hospital that bills in rupees: a cashier, an accountant, billing settings, and a doctor
 * whose profile charges ₹650.50 a consultation (walk-ins need no schedule).
 */
export async function billingHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const h = await opdHospital(baseUrl, timezone);
  const [cashier, accountant, physician] = await Promise.all([
    h.staff('CASHIER'),
    h.staff('ACCOUNTANT'),
    h.staff('DOCTOR'),
  ]);
  await ok(accountant.api.put('/billing/settings', SETTINGS));
  const profile = await ok(
    h.admin.post('/doctors', {
      userId: physician.user.id,
      departmentId: h.department.id,
      specialty: 'Family Medicine',
      consultationFee: 650.5,
      currency: 'INR',
    }),
    201,
  );
  /** A walk-in consultation with the rupee doctor, completed: answers the encounter. */
  const consultation = async (patientId: string) => {
    const enc = await ok(
      physician.api.post('/encounters', { patientId, chiefComplaint: 'Cough for a week' }),
      201,
    );
    return ok(physician.api.patch(`/encounters/${enc.id}`, { status: 'completed' }));
  };
  /** A manual charge standing in for a pharmacy dispense (until pharmacy plugs in). */
  const dispenseStandIn = (patientId: string, unitPrice = 250, quantity = 12) =>
    ok(
      cashier.api.post('/billing/charges', {
        patientId,
        serviceType: 'pharmacy',
        description: 'Paracetamol 500 mg tablet',
        unitPrice,
        quantity,
        taxRateBp: 1200,
        taxInclusive: true,
      }),
      201,
    );
  /** An issued invoice of all the patient's billable charges. */
  const issuedInvoice = async (patientId: string) => {
    const draft = await ok(cashier.api.post('/billing', { patientId }), 201);
    return ok(cashier.api.patch(`/billing/${draft.id}/status`, { status: 'issued' }));
  };
  return {
    ...h,
    cashier,
    accountant,
    physician,
    physicianProfile: profile,
    consultation,
    dispenseStandIn,
    issuedInvoice,
    idempotencyKey: () => `pay-${randomUUID()}`,
  };
}
