import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { billingHospital, ok } from '../support/billing';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof billingHospital>>;
beforeAll(async () => {
  h = await billingHospital(opd.url, TZ);
}, 60_000);

const year = () => opd.today.slice(0, 4);

describe('a day at the cash desk', () => {
  it('consultation and dispense charges → invoice issued → partial card payment → retried payment posts once → cash balances → refund by credit note', async () => {
    const patient = await h.patient();

    // A completed consultation charges the doctor's fee from the profile, once, in the same write.
    await h.consultation(patient.id);
    const charges = await ok(h.cashier.api.get(`/billing/charges?patientId=${patient.id}`));
    expect(charges.items).toHaveLength(1);
    const consultation = charges.items[0];
    expect(consultation).toMatchObject({
      status: 'billable',
      source: { type: 'encounter' },
      serviceType: 'consultation',
      unitPrice: 65_050,
      quantity: 1,
      currency: 'INR',
      departmentId: h.department.id,
      departmentName: h.department.name,
    });

    // A manual item stands in for a dispense: 12 × ₹2.50 including 12% GST.
    const dispense = await h.dispenseStandIn(patient.id);
    // A tariff service: chest X-ray ₹500.00 + 18%.
    await ok(
      h.accountant.api.put('/billing/tariffs/XRAY-CHEST', {
        name: 'X-ray chest PA view',
        serviceType: 'radiology',
        unitPrice: 50_000,
        taxRateBp: 1800,
        taxInclusive: false,
      }),
    );
    const xray = await ok(
      h.cashier.api.post('/billing/charges', { patientId: patient.id, tariffCode: 'XRAY-CHEST' }),
      201,
    );
    expect(xray).toMatchObject({
      description: 'X-ray chest PA view',
      unitPrice: 50_000,
      taxRateBp: 1800,
    });

    // The bill: a 10% discount is within a cashier's threshold.
    const draft = await ok(
      h.cashier.api.post('/billing', {
        patientId: patient.id,
        discounts: [{ chargeItemId: xray.id, amount: 5000, reason: 'Staff family member' }],
      }),
      201,
    );
    expect(draft.number).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`));
    expect(draft.status).toBe('draft');
    // By hand: consultation 650.50 (no tax); pharmacy 30.00 incl. 12% → net 26.79 (2678.57 rounds
    // up), tax 3.21; X-ray 500.00 − 50.00 = 450.00 + 18% = 81.00 tax → 531.00.
    const byItem = Object.fromEntries(draft.lines.map((l: any) => [l.chargeItemId, l]));
    expect(byItem[consultation.id]).toMatchObject({
      gross: 65_050,
      discount: 0,
      net: 65_050,
      tax: 0,
      total: 65_050,
    });
    expect(byItem[dispense.id]).toMatchObject({
      gross: 3000,
      discount: 0,
      net: 2679,
      tax: 321,
      total: 3000,
    });
    expect(byItem[xray.id]).toMatchObject({
      gross: 50_000,
      discount: 5000,
      discountReason: 'Staff family member',
      net: 45_000,
      tax: 8100,
      total: 53_100,
    });
    expect(draft).toMatchObject({
      currency: 'INR',
      gross: 118_050,
      discount: 5000,
      net: 112_729,
      tax: 8421,
      total: 121_150,
      paid: 0,
      refunded: 0,
      balance: 121_150,
    });
    // Its charges are billed: there is nothing left to invoice.
    expectError(
      await h.cashier.api.post('/billing', { patientId: patient.id }),
      409,
      /no billable charges/,
    );

    // A draft takes no payment; issuing makes it payable.
    expectError(
      await h.cashier.api.post(`/billing/${draft.id}/payments`, { method: 'cash', amount: 100 }),
      409,
      /'draft'; payments are taken on issued invoices/,
    );
    const issued = await ok(
      h.cashier.api.patch(`/billing/${draft.id}/status`, { status: 'issued' }),
    );
    expect(issued).toMatchObject({ status: 'issued', issuedBy: h.cashier.user.id });

    // Partial card payment, sent twice with the same Idempotency-Key: it posts once.
    const key = h.idempotencyKey();
    const card = { method: 'card', amount: 50_000, reference: 'slip 4471' };
    const first = await ok(
      h.cashier.api.post(`/billing/${draft.id}/payments`, card, { 'Idempotency-Key': key }),
      201,
    );
    const retry = await ok(
      h.cashier.api.post(`/billing/${draft.id}/payments`, card, { 'Idempotency-Key': key }),
      201,
    );
    expect(retry).toEqual(first);
    let bill = await ok(h.cashier.api.get(`/billing/${draft.id}`));
    expect(bill).toMatchObject({ status: 'issued', paid: 50_000, balance: 71_150 });
    expect(bill.payments).toHaveLength(1);
    // The same key for another payment is refused, not silently answered with the first.
    expectError(
      await h.cashier.api.post(
        `/billing/${draft.id}/payments`,
        { ...card, amount: 1 },
        { 'Idempotency-Key': key },
      ),
      409,
      /already used for a different payment/,
    );

    // More than is due is refused; the exact balance in cash balances the invoice.
    expectError(
      await h.cashier.api.post(`/billing/${draft.id}/payments`, { method: 'cash', amount: 71_151 }),
      409,
      /exceeds the balance due of INR 711\.50.*overpayment is refused/,
    );
    const cash = await ok(
      h.cashier.api.post(`/billing/${draft.id}/payments`, { method: 'cash', amount: 71_150 }),
      201,
    );
    bill = await ok(h.cashier.api.get(`/billing/${draft.id}`));
    expect(bill).toMatchObject({ status: 'balanced', paid: 121_150, refunded: 0, balance: 0 });
    expectError(
      await h.cashier.api.post(`/billing/${draft.id}/payments`, { method: 'upi', amount: 1 }),
      409,
      /balanced; nothing is due/,
    );

    // A refund is a credit note linked to the payment; it reopens what is due.
    const note = await ok(
      h.cashier.api.post(`/billing/${draft.id}/refunds`, {
        paymentId: cash.id,
        amount: 3000,
        reason: 'Medicine returned unopened',
      }),
      201,
    );
    expect(note).toMatchObject({
      number: expect.stringMatching(new RegExp(`^CN-${year()}-\\d{6}$`)),
      invoiceId: draft.id,
      paymentId: cash.id,
      method: 'cash',
      amount: 3000,
    });
    bill = await ok(h.cashier.api.get(`/billing/${draft.id}`));
    expect(bill).toMatchObject({ status: 'issued', paid: 121_150, refunded: 3000, balance: 3000 });
    expect(bill.creditNotes).toEqual([note]);
    expect(bill.payments.find((p: any) => p.id === cash.id).refunded).toBe(3000);
    // Not more than is left of the payment; above the threshold only an accountant.
    expectError(
      await h.accountant.api.post(`/billing/${draft.id}/refunds`, {
        paymentId: cash.id,
        amount: 68_151,
        reason: 'Too much',
      }),
      409,
      /exceeds the INR 681\.50 left of payment/,
    );
    expectError(
      await h.cashier.api.post(`/billing/${draft.id}/refunds`, {
        paymentId: first.id,
        amount: 20_001,
        reason: 'Card charged twice at the terminal',
      }),
      403,
      /refund above INR 200\.00 needs ADMIN or ACCOUNTANT/,
    );
    await ok(
      h.accountant.api.post(`/billing/${draft.id}/refunds`, {
        paymentId: first.id,
        amount: 20_001,
        reason: 'Card charged twice at the terminal',
      }),
      201,
    );
    // Paying what the refunds reopened balances it again.
    await ok(
      h.cashier.api.post(`/billing/${draft.id}/payments`, { method: 'upi', amount: 23_001 }),
      201,
    );
    bill = await ok(h.cashier.api.get(`/billing/${draft.id}`));
    expect(bill).toMatchObject({ status: 'balanced', paid: 144_151, refunded: 23_001, balance: 0 });
  });

  it('a discount above the threshold needs an accountant, and the refusal writes nothing', async () => {
    const patient = await h.patient();
    const charge = await h.dispenseStandIn(patient.id, 10_000, 1);
    const discounts = [{ chargeItemId: charge.id, amount: 1001, reason: 'Hardship' }];
    expectError(
      await h.cashier.api.post('/billing', { patientId: patient.id, discounts }),
      403,
      /discount above 10% of a line needs ADMIN or ACCOUNTANT/,
    );
    expect((await ok(h.cashier.api.get(`/billing?patientId=${patient.id}`))).items).toEqual([]);
    const inv = await ok(
      h.accountant.api.post('/billing', { patientId: patient.id, discounts }),
      201,
    );
    expect(inv).toMatchObject({ discount: 1001, total: 8999 });
  });

  it('invoice numbers are gap-free: concurrent bills take consecutive numbers', async () => {
    const patients = await Promise.all([1, 2, 3, 4, 5].map(() => h.patient()));
    await Promise.all(patients.map((p) => h.dispenseStandIn(p.id, 100, 1)));
    const bills = await Promise.all(
      patients.map((p) => ok(h.cashier.api.post('/billing', { patientId: p.id }), 201)),
    );
    const numbers = bills.map((b) => Number(b.number.slice(-6))).sort((a, b) => a - b);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[0]! + i);
  });
});

describe('grouping and currency', () => {
  it("an invoice can group one admission's charges, leaving the others billable", async () => {
    const patient = await h.patient();
    const admissionId = 'adm-7f3a2c';
    const inStay = await ok(
      h.cashier.api.post('/billing/charges', {
        patientId: patient.id,
        admissionId,
        serviceType: 'bed-day',
        description: 'General ward bed day',
        unitPrice: 150_000,
        quantity: 3,
      }),
      201,
    );
    const outpatient = await h.dispenseStandIn(patient.id);
    const inv = await ok(
      h.cashier.api.post('/billing', { patientId: patient.id, admissionId }),
      201,
    );
    expect(inv).toMatchObject({ admissionId, total: 450_000 });
    expect(inv.lines.map((l: any) => l.chargeItemId)).toEqual([inStay.id]);
    const left = await ok(
      h.cashier.api.get(`/billing/charges?patientId=${patient.id}&status=billable`),
    );
    expect(left.items.map((c: any) => c.id)).toEqual([outpatient.id]);
  });

  it("a consultation priced in another currency than the hospital's is refused at invoicing", async () => {
    const patient = await h.patient();
    // The OPD doctor's profile has no currency, so USD; this hospital bills in INR.
    const enc = await ok(
      h.doctorUser.api.post('/encounters', { patientId: patient.id, chiefComplaint: 'Fever' }),
      201,
    );
    await ok(h.doctorUser.api.patch(`/encounters/${enc.id}`, { status: 'completed' }));
    const [charge] = (await ok(h.cashier.api.get(`/billing/charges?patientId=${patient.id}`)))
      .items;
    expect(charge).toMatchObject({
      currency: 'USD',
      unitPrice: 50_000,
      source: { type: 'encounter', id: enc.id },
    });
    expectError(
      await h.cashier.api.post('/billing', { patientId: patient.id }),
      409,
      /is in USD, not the hospital's INR; void it and enter it again in INR/,
    );
    await ok(
      h.cashier.api.post(`/billing/charges/${charge.id}/void`, {
        reason: 'Fee entered in INR by hand',
      }),
    );
    expectError(
      await h.cashier.api.post('/billing', { patientId: patient.id }),
      409,
      /no billable charges/,
    );
  });
});

describe('races', () => {
  it('concurrent payments cannot overpay: exactly one of five full payments wins', async () => {
    const patient = await h.patient();
    await h.dispenseStandIn(patient.id, 1000, 3);
    const inv = await h.issuedInvoice(patient.id);
    const replies = await Promise.all(
      ['cash', 'card', 'upi', 'bank-transfer', 'insurance'].map((method) =>
        h.cashier.api.post(`/billing/${inv.id}/payments`, { method, amount: inv.total }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const bill = await ok(h.cashier.api.get(`/billing/${inv.id}`));
    expect(bill).toMatchObject({ status: 'balanced', paid: inv.total, balance: 0 });
    expect(bill.payments).toHaveLength(1);
  });

  it('concurrent partial payments that fit all post; the same key sent concurrently posts once', async () => {
    const patient = await h.patient();
    await h.dispenseStandIn(patient.id, 1000, 4);
    const inv = await h.issuedInvoice(patient.id);
    const parts = await Promise.all(
      [1, 2, 3].map(() =>
        h.cashier.api.post(`/billing/${inv.id}/payments`, { method: 'cash', amount: 1000 }),
      ),
    );
    expect(parts.map((r) => [r.status, r.body.message])).toEqual(
      [201, 201, 201].map(() => [201, undefined]),
    );
    const key = h.idempotencyKey();
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        h.cashier.api.post(
          `/billing/${inv.id}/payments`,
          { method: 'card', amount: inv.total - 3000 },
          {
            'Idempotency-Key': key,
          },
        ),
      ),
    );
    expect(same.map((r) => [r.status, r.body.message])).toEqual(
      [201, 201, 201].map(() => [201, undefined]),
    );
    expect(new Set(same.map((r) => r.body.id)).size).toBe(1);
    const bill = await ok(h.cashier.api.get(`/billing/${inv.id}`));
    expect(bill).toMatchObject({ status: 'balanced', paid: inv.total });
    expect(bill.payments).toHaveLength(4);
  });
});

describe('forbidden invoice transitions', () => {
  it('follow the state table', async () => {
    const patient = await h.patient();
    const charge = await h.dispenseStandIn(patient.id, 500, 2);
    const draft = await ok(h.cashier.api.post('/billing', { patientId: patient.id }), 201);
    const status = (id: string, body: object) => h.cashier.api.patch(`/billing/${id}/status`, body);

    // balanced follows the money; nobody sets it.
    expectError(
      await status(draft.id, { status: 'balanced' }),
      400,
      /status: must be one of: issued, cancelled, entered-in-error/,
    );
    expectError(
      await status(draft.id, { status: 'cancelled' }),
      400,
      /reason: is required when status is 'cancelled'/,
    );

    // Voiding a draft frees its charges for another bill, and its number stays on record.
    const voided = await ok(
      status(draft.id, { status: 'entered-in-error', reason: 'Wrong patient picked' }),
    );
    expect(voided).toMatchObject({
      status: 'entered-in-error',
      statusReason: 'Wrong patient picked',
      number: draft.number,
    });
    expectError(
      await status(draft.id, { status: 'issued' }),
      409,
      /from 'entered-in-error' to 'issued'; allowed next states: none/,
    );
    const again = await ok(h.cashier.api.post('/billing', { patientId: patient.id }), 201);
    expect(again.lines.map((l: any) => l.chargeItemId)).toEqual([charge.id]);

    const issued = await ok(status(again.id, { status: 'issued' }));
    expectError(await status(again.id, { status: 'issued' }), 409, /from 'issued' to 'issued'/);
    expectError(
      await status(again.id, { status: 'entered-in-error', reason: 'Typo' }),
      409,
      /from 'issued' to 'entered-in-error'; allowed next states: balanced, cancelled/,
    );
    // Money on it: refund before cancelling.
    const pay = await ok(
      h.cashier.api.post(`/billing/${again.id}/payments`, { method: 'cash', amount: 400 }),
      201,
    );
    expectError(
      await status(again.id, { status: 'cancelled', reason: 'Patient disputes' }),
      409,
      /refund the payments/,
    );
    await ok(
      h.cashier.api.post(`/billing/${again.id}/refunds`, {
        paymentId: pay.id,
        amount: 400,
        reason: 'Dispute',
      }),
      201,
    );
    const cancelled = await ok(
      status(again.id, { status: 'cancelled', reason: 'Patient disputes the bill' }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', balance: 0, total: issued.total });
    expectError(await status(again.id, { status: 'issued' }), 409, /from 'cancelled' to 'issued'/);
    expectError(
      await h.cashier.api.post(`/billing/${again.id}/payments`, { method: 'cash', amount: 1 }),
      409,
      /'cancelled'; payments are taken on issued invoices/,
    );
    // The cancelled invoice's charge is billable again, for a corrected bill.
    const charges = await ok(
      h.cashier.api.get(`/billing/charges?patientId=${patient.id}&status=billable`),
    );
    expect(charges.items.map((c: any) => c.id)).toEqual([charge.id]);
  });
});

describe('isolation and input', () => {
  it("another hospital's ids answer 404 and change nothing", async () => {
    const patient = await h.patient();
    await h.dispenseStandIn(patient.id, 700, 1);
    const inv = await h.issuedInvoice(patient.id);
    const pay = await ok(
      h.cashier.api.post(`/billing/${inv.id}/payments`, { method: 'cash', amount: 100 }),
      201,
    );
    const charge = (await ok(h.cashier.api.get(`/billing/charges?patientId=${patient.id}`)))
      .items[0];

    const other = await billingHospital(opd.url, TZ);
    const them = other.cashier.api;
    expectError(await them.get(`/billing/${inv.id}`), 404, /Invoice .* not found/);
    expectError(
      await them.patch(`/billing/${inv.id}/status`, { status: 'cancelled', reason: 'x' }),
      404,
    );
    expectError(
      await them.post(`/billing/${inv.id}/payments`, { method: 'cash', amount: 100 }),
      404,
    );
    expectError(
      await them.post(`/billing/${inv.id}/refunds`, {
        paymentId: pay.id,
        amount: 100,
        reason: 'x',
      }),
      404,
    );
    expectError(await them.post(`/billing/charges/${charge.id}/void`, { reason: 'x' }), 404);
    expectError(
      await them.post('/billing', { patientId: patient.id }),
      404,
      /Patient .* not found/,
    );
    expectError(
      await them.post('/billing/charges', { patientId: patient.id, tariffCode: 'XRAY-CHEST' }),
      404,
    );
    expect((await ok(them.get(`/billing/charges?patientId=${patient.id}`))).items).toEqual([]);
    expect((await ok(them.get(`/billing?patientId=${patient.id}`))).items).toEqual([]);

    const mine = await ok(h.cashier.api.get(`/billing/${inv.id}`));
    expect(mine).toMatchObject({ status: 'issued', paid: 100, refunded: 0 });
  });

  it('bad input answers 400 naming the field, with nothing written', async () => {
    const patient = await h.patient();
    await h.dispenseStandIn(patient.id, 900, 1);
    const inv = await h.issuedInvoice(patient.id);
    const before = await ok(h.cashier.api.get(`/billing/${inv.id}`));
    const pay = (body: object, headers?: Record<string, string>) =>
      h.cashier.api.post(`/billing/${inv.id}/payments`, body, headers);

    expectError(
      await pay({ method: 'cheque', amount: 100 }),
      400,
      /^Invalid body: method: must be one of: cash, card, bank-transfer, upi, insurance/,
    );
    expectError(
      await pay({ method: 'cash', amount: 10.5 }),
      400,
      /amount: must be a whole number of minor units/,
    );
    expectError(await pay({ method: 'cash', amount: 0 }), 400, /amount: must be between 1 and/);
    expectError(await pay({ method: 'cash', amount: 100, paid: 100 }), 400, /paid/);
    expectError(
      await pay({ method: 'cash', amount: 100 }, { 'Idempotency-Key': 'short' }),
      400,
      /^Invalid header: idempotency-key: must be 8–128 visible ASCII characters/,
    );
    expectError(
      await pay({ method: 'cash', amount: 100, idempotencyKey: 'abcdefghij' }),
      400,
      /idempotencyKey: is set by the idempotency-key header/,
    );
    expectError(
      await h.cashier.api.post(`/billing/${inv.id}/refunds`, { paymentId: 'x', amount: 5 }),
      400,
      /reason/,
    );
    expectError(
      await h.cashier.api.post('/billing', { patientId: patient.id, chargeItemIds: [] }),
      400,
      /chargeItemIds: must name at least one charge item/,
    );
    expectError(
      await h.cashier.api.post('/billing/charges', {
        patientId: patient.id,
        serviceType: 'pharmacy',
        unitPrice: -5,
      }),
      400,
      /description: is required without tariffCode|unitPrice: must be between 0/,
    );
    expectError(
      await h.cashier.api.post('/billing/charges', {
        patientId: patient.id,
        tariffCode: 'XRAY-CHEST',
        unitPrice: 1,
      }),
      400,
      /unitPrice: comes from the tariff/,
    );
    expectError(
      await h.accountant.api.put('/billing/settings', { ...{ currency: 'RUPEE' } }),
      400,
      /currency/,
    );

    expect(await ok(h.cashier.api.get(`/billing/${inv.id}`))).toEqual(before);
    expect(
      (await ok(h.cashier.api.get(`/billing/charges?patientId=${patient.id}`))).items,
    ).toHaveLength(1);
    expect(await ok(h.cashier.api.get('/billing/settings'))).toMatchObject({ currency: 'INR' });
  });
});
