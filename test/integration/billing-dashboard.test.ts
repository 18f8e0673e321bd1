import { beforeAll, describe, expect, it } from 'vitest';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import type { Client } from '../support/api';
import { billingHospital, ok } from '../support/billing';
import { opdRuntime } from '../support/opd';

// The dashboard is answered from aggregate items kept in the money movements' transactions. This
// file makes a month's worth of movements, then recomputes every figure from the invoices, their
// payments and credit notes, and compares. It moves the clock (its own file, so no other test
// sees it): a user's token lasts an hour, so after the first move an API key does the work.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
const HOUR = 3_600_000;
let h: Awaited<ReturnType<typeof billingHospital>>;
let desk: Client;

const localDate = (iso: string) => utcToZonedParts(new Date(iso), TZ).date;
const monthIndex = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return y * 12 + m;
};

async function allInvoices(api: Client) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await ok(
      api.get(`/billing?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    );
    ids.push(...page.items.map((i: any) => i.id));
    cursor = page.nextCursor;
  } while (cursor);
  return Promise.all(ids.map((id) => ok(api.get(`/billing/${id}`))));
}

/** Every dashboard figure, from the invoices and their payments and credit notes alone. */
function recompute(invoices: any[], now: Date) {
  const today = utcToZonedParts(now, TZ).date;
  const month = today.slice(0, 7);
  const blank = () => ({
    billed: 0,
    invoicesIssued: 0,
    tax: 0,
    collected: { cash: 0, card: 0, 'bank-transfer': 0, upi: 0, insurance: 0 } as Record<
      string,
      number
    >,
    collectedTotal: 0,
    refunds: 0,
    cancelled: 0,
    dept: new Map<string, { departmentId: string; departmentName: string; net: number }>(),
    svc: new Map<string, number>(),
  });
  const periods = { today: blank(), thisMonth: blank() };
  const inPeriods = (iso: string) => {
    const d = localDate(iso);
    return [
      ...(d === today ? [periods.today] : []),
      ...(d.slice(0, 7) === month ? [periods.thisMonth] : []),
    ];
  };
  const buckets = [0, 0, 0, 0];
  for (const inv of invoices) {
    if (!inv.issuedAt) continue;
    for (const p of inPeriods(inv.issuedAt)) {
      p.billed += inv.total;
      p.invoicesIssued += 1;
      p.tax += inv.tax;
      for (const l of inv.lines) {
        const id = l.departmentId ?? 'none';
        const d = p.dept.get(id) ?? {
          departmentId: id,
          departmentName: l.departmentName ?? 'No department',
          net: 0,
        };
        d.net += l.net;
        p.dept.set(id, d);
        p.svc.set(l.serviceType, (p.svc.get(l.serviceType) ?? 0) + l.net);
      }
    }
    for (const pay of inv.payments)
      for (const p of inPeriods(pay.receivedAt)) {
        p.collected[pay.method] += pay.amount;
        p.collectedTotal += pay.amount;
      }
    for (const cn of inv.creditNotes)
      for (const p of inPeriods(cn.issuedAt)) p.refunds += cn.amount;
    // Cancelled is terminal: its last change is the cancellation.
    if (inv.status === 'cancelled')
      for (const p of inPeriods(inv.updatedAt)) p.cancelled += inv.total;
    if (inv.status === 'issued') {
      const age = monthIndex(month) - monthIndex(localDate(inv.issuedAt).slice(0, 7));
      buckets[Math.min(age, 3)] += inv.balance;
    }
  }
  const figures = (p: ReturnType<typeof blank>) => ({
    billed: p.billed,
    invoicesIssued: p.invoicesIssued,
    tax: p.tax,
    collected: p.collected,
    collectedTotal: p.collectedTotal,
    refunds: p.refunds,
    cancelled: p.cancelled,
    revenueByDepartment: [...p.dept.values()].filter((d) => d.net !== 0),
    revenueByServiceType: [...p.svc]
      .filter(([, net]) => net !== 0)
      .map(([serviceType, net]) => ({ serviceType, net })),
  });
  return {
    currency: 'INR',
    timeZone: TZ,
    date: today,
    month,
    today: figures(periods.today),
    thisMonth: figures(periods.thisMonth),
    outstanding: {
      total: buckets.reduce((s, n) => s + n, 0),
      buckets: ['this month', '1 month', '2 months', '3+ months'].map((label, i) => ({
        label,
        amount: buckets[i],
      })),
    },
  };
}

/** Order-free comparison of the revenue lists. */
function normalised(d: any) {
  const by = (k: string) => (a: any, b: any) => String(a[k]).localeCompare(String(b[k]));
  const period = (p: any) => ({
    ...p,
    revenueByDepartment: [...p.revenueByDepartment].sort(by('departmentId')),
    revenueByServiceType: [...p.revenueByServiceType].sort(by('serviceType')),
  });
  return { ...d, today: period(d.today), thisMonth: period(d.thisMonth) };
}

async function expectDashboardMatches() {
  const [dash, invoices] = await Promise.all([
    ok(desk.get('/billing/dashboard')),
    allInvoices(desk),
  ]);
  expect(normalised(dash)).toEqual(normalised(recompute(invoices, systemClock.now())));
  return dash;
}

beforeAll(async () => {
  h = await billingHospital(opd.url, TZ);
  desk = (
    await h.key(
      ['billing:read', 'billing:write', 'patients:write', 'encounters:write'],
      'cash desk',
    )
  ).api;
}, 60_000);

describe('the billing dashboard', () => {
  it('equals a recomputation from invoices, payments and credit notes, today, this month and by age', async () => {
    const radiology = await ok(h.admin.post('/departments', { name: 'Radiology' }), 201);
    await ok(
      h.accountant.api.put('/billing/tariffs/CT-HEAD', {
        name: 'CT head plain',
        serviceType: 'radiology',
        unitPrice: 250_000,
        taxRateBp: 500,
        taxInclusive: true,
        departmentId: radiology.id,
      }),
    );
    const empty = await expectDashboardMatches();
    expect(empty.today.billed).toBe(0);

    // Day one: three patients.
    const [p1, p2, p3, p4] = await Promise.all([1, 2, 3, 4].map(() => h.patient()));
    await h.consultation(p1.id);
    await h.dispenseStandIn(p1.id);
    await ok(
      h.cashier.api.post('/billing/charges', { patientId: p1.id, tariffCode: 'CT-HEAD' }),
      201,
    );
    const i1 = await h.issuedInvoice(p1.id);
    await ok(
      h.cashier.api.post(`/billing/${i1.id}/payments`, { method: 'card', amount: 100_000 }),
      201,
    );

    await h.consultation(p2.id);
    const i2 = await h.issuedInvoice(p2.id);
    const cash = await ok(
      h.cashier.api.post(`/billing/${i2.id}/payments`, { method: 'cash', amount: i2.total }),
      201,
    );
    await ok(
      h.cashier.api.post(`/billing/${i2.id}/refunds`, {
        paymentId: cash.id,
        amount: 5_050,
        reason: 'Fee waived in part',
      }),
      201,
    );

    await h.dispenseStandIn(p3.id, 999, 3);
    const i3 = await h.issuedInvoice(p3.id);
    await ok(
      h.cashier.api.patch(`/billing/${i3.id}/status`, {
        status: 'cancelled',
        reason: 'Billed to the wrong patient',
      }),
    );

    await h.dispenseStandIn(p4.id, 1500, 2);
    const draft = await ok(h.cashier.api.post('/billing', { patientId: p4.id }), 201);
    await ok(
      h.cashier.api.patch(`/billing/${draft.id}/status`, {
        status: 'entered-in-error',
        reason: 'Duplicate',
      }),
    );

    const dayOne = await expectDashboardMatches();
    expect(dayOne.today.billed).toBe(i1.total + i2.total + i3.total);
    expect(dayOne.today.collected.card).toBe(100_000);
    expect(dayOne.today.refunds).toBe(5_050);
    expect(dayOne.today.cancelled).toBe(i3.total);
    expect(dayOne.outstanding.total).toBe(i1.total - 100_000 + 5_050);
    expect(dayOne.today.revenueByDepartment.map((d: any) => d.departmentName).sort()).toEqual(
      [h.department.name, 'No department', 'Radiology'].sort(),
    );

    // Eleven days later (still in the trial): more bills and payments, by the cash desk's key.
    shiftClock(11 * 24 * HOUR);
    const p5 = await ok(
      desk.post('/patients/register', {
        name: 'Meera Pillai',
        dateOfBirth: '1990-02-03',
        sex: 'female',
        phone: '+91 9876501234',
      }),
      201,
    );
    await ok(
      desk.post('/billing/charges', { patientId: p5.id, tariffCode: 'CT-HEAD', quantity: 2 }),
      201,
    );
    const d5 = await ok(desk.post('/billing', { patientId: p5.id }), 201);
    const i5 = await ok(desk.patch(`/billing/${d5.id}/status`, { status: 'issued' }));
    await ok(desk.post(`/billing/${i5.id}/payments`, { method: 'upi', amount: 300_000 }), 201);
    await ok(
      desk.post(`/billing/${i1.id}/payments`, {
        method: 'insurance',
        amount: 50_000,
        reference: 'CLM-7781',
      }),
      201,
    );
    await ok(
      desk.post(`/billing/${i1.id}/payments`, { method: 'bank-transfer', amount: 10_000 }),
      201,
    );
    const later = await expectDashboardMatches();
    expect(later.today.collectedTotal).toBe(360_000);
    expect(later.outstanding.total).toBe(i1.total - 160_000 + 5_050 + i5.total - 300_000);

    // Seventy days on: nothing today, the balances have aged (reads stay open after the trial).
    shiftClock(70 * 24 * HOUR);
    const aged = await expectDashboardMatches();
    expect(aged.today.billed).toBe(0);
    expect(aged.outstanding.buckets[0].amount).toBe(0);
    expect(aged.outstanding.total).toBe(later.outstanding.total);
  }, 120_000);
});
