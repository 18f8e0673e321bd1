import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock, systemClock } from '../../shared/kernel/clock';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { billingHospital, ok } from '../support/billing';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The reports added for issue 20's remainder, each figure written out by hand from the records
// the test creates (their times as the API answers them), never read from the code under test.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
}, 90_000);
afterAll(() => resetClock());

const minutesBetween = (from: string, to: string) =>
  Math.floor((Date.parse(to) - Date.parse(from)) / 60_000);

describe('lab turnaround report', () => {
  it('answers the median and p90 minutes from order to final report, by test and priority', async () => {
    const h = await diagnosticsHospital(rt.url, TZ);
    const manager = await h.staff('MANAGER');
    const { encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1975-02-10' });
    const order = async (codes: string[], priority: string) => {
      const o = await must(
        h.doctorUser.api.post('/lab/orders', {
          source: { kind: 'encounter', id: encounter.id },
          codes,
          priority,
          confirmDuplicate: true,
        }),
        201,
        'order',
      );
      await must(h.nurse.api.post(`/lab/orders/${o.id}/specimens`, {}), 201, 'collect');
      const values: Record<string, number> = { '718-7': 14.1, '777-3': 250 };
      await must(
        h.tech.api.post(`/lab/orders/${o.id}/results`, {
          results: codes.map((code) => ({ code, value: values[code] })),
        }),
        200,
        'results',
      );
      return o;
    };
    // A: routine haemoglobin; B: stat haemoglobin and platelets; C: routine platelets.
    const a = await order(['718-7'], 'routine');
    const b = await order(['718-7', '777-3'], 'stat');
    const c = await order(['777-3'], 'routine');

    shiftClock(5 * 60_000);
    // B verified twice at once: one wins, and its tests count once.
    const both = await Promise.all([
      h.tech2.api.post(`/lab/orders/${b.id}/verify`, {}),
      h.tech2.api.post(`/lab/orders/${b.id}/verify`, {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const vb = both.find((r) => r.status === 200)!.body;
    shiftClock(10 * 60_000);
    const va = await must(h.tech2.api.post(`/lab/orders/${a.id}/verify`, {}), 200, 'verify a');
    shiftClock(25 * 60_000);
    const vc = await must(h.tech2.api.post(`/lab/orders/${c.id}/verify`, {}), 200, 'verify c');

    // The records: minutes from each order to its final report.
    expect(minutesBetween(b.orderedAt, vb.verifiedAt)).toBe(5);
    expect(minutesBetween(a.orderedAt, va.verifiedAt)).toBe(15);
    expect(minutesBetween(c.orderedAt, vc.verifiedAt)).toBe(40);
    const day = utcToZonedParts(new Date(vc.verifiedAt), TZ).date;
    expect(utcToZonedParts(new Date(vb.verifiedAt), TZ).date).toBe(day);

    const r = await must(
      manager.api.get(`/reports/lab-turnaround?from=${day}&to=${day}`),
      200,
      'report',
    );
    // Tests reported: 718-7 at 15 (A) and 5 (B); 777-3 at 5 (B) and 40 (C).
    // All four sorted: 5, 5, 15, 40 → median (rank 2) 5, p90 (rank ceil(3.6) = 4) 40.
    expect(r).toMatchObject({
      report: 'lab-turnaround',
      timeZone: TZ,
      measures: ['resulted', 'medianMinutes', 'p90Minutes'],
      days: [{ date: day, values: { resulted: 4, medianMinutes: 5, p90Minutes: 40 } }],
      totals: { resulted: 4, medianMinutes: 5, p90Minutes: 40 },
      breakdowns: [
        {
          dimension: 'test',
          rows: [
            // 718-7: 5, 15 → median (rank 1) 5, p90 (rank 2) 15
            {
              key: '718-7',
              label: 'Haemoglobin',
              values: { resulted: 2, medianMinutes: 5, p90Minutes: 15 },
            },
            // 777-3: 5, 40 → median 5, p90 40
            {
              key: '777-3',
              label: 'Platelet count',
              values: { resulted: 2, medianMinutes: 5, p90Minutes: 40 },
            },
          ],
        },
        {
          dimension: 'priority',
          rows: [
            // routine: 15 (A), 40 (C); stat: 5, 5 (B)
            {
              key: 'routine',
              label: 'routine',
              values: { resulted: 2, medianMinutes: 15, p90Minutes: 40 },
            },
            {
              key: 'stat',
              label: 'stat',
              values: { resulted: 2, medianMinutes: 5, p90Minutes: 5 },
            },
          ],
        },
      ],
    });

    const csv = await manager.api.get(`/reports/lab-turnaround?from=${day}&to=${day}&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split('\r\n').slice(0, 2)).toEqual([
      'date,resulted,medianMinutes,p90Minutes',
      `${day},4,5,40`,
    ]);
    // Another hospital's report is its own: nothing of this one.
    const other = await diagnosticsHospital(rt.url, TZ);
    const theirs = await must(
      (await other.staff('MANAGER')).api.get(`/reports/lab-turnaround?from=${day}&to=${day}`),
      200,
      'theirs',
    );
    expect(theirs.totals).toEqual({ resulted: 0, medianMinutes: 0, p90Minutes: 0 });
  });
});

describe('revenue report', () => {
  it('answers invoiced, collected, refunded, cancelled and outstanding in minor units, by department, service and method', async () => {
    const h = await billingHospital(rt.url, TZ);
    const manager = await h.staff('MANAGER');
    const [imaging, lab] = await Promise.all([
      ok(h.admin.post('/departments', { name: 'Imaging' }), 201),
      ok(h.admin.post('/departments', { name: 'Laboratory' }), 201),
    ]);
    await ok(
      h.accountant.api.put('/billing/tariffs/CT-HEAD', {
        name: 'CT head plain',
        serviceType: 'radiology',
        unitPrice: 250_000,
        taxRateBp: 0,
        taxInclusive: false,
        departmentId: imaging.id,
      }),
    );
    await ok(
      h.accountant.api.put('/billing/tariffs/LIPIDS', {
        name: 'Lipid profile',
        serviceType: 'laboratory',
        unitPrice: 80_000,
        taxRateBp: 0,
        taxInclusive: false,
        departmentId: lab.id,
      }),
    );
    const charge = (patientId: string, tariffCode: string, quantity = 1) =>
      ok(h.cashier.api.post('/billing/charges', { patientId, tariffCode, quantity }), 201);
    const [p1, p2, p3] = await Promise.all([h.patient(), h.patient(), h.patient()]);

    await charge(p1.id, 'CT-HEAD');
    const i1 = await h.issuedInvoice(p1.id);
    await ok(
      h.cashier.api.post(`/billing/${i1.id}/payments`, { method: 'card', amount: 100_000 }),
      201,
    );

    await charge(p2.id, 'LIPIDS');
    const i2 = await h.issuedInvoice(p2.id);
    const cash = await ok(
      h.cashier.api.post(`/billing/${i2.id}/payments`, { method: 'cash', amount: 80_000 }),
      201,
    );
    await ok(
      h.cashier.api.post(`/billing/${i2.id}/refunds`, {
        paymentId: cash.id,
        amount: 5_000,
        reason: 'Fasting sample not needed',
      }),
      201,
    );

    await charge(p3.id, 'CT-HEAD', 2);
    const i3 = await h.issuedInvoice(p3.id);
    await ok(
      h.cashier.api.patch(`/billing/${i3.id}/status`, {
        status: 'cancelled',
        reason: 'Billed to the wrong patient',
      }),
    );
    expect([i1.total, i2.total, i3.total]).toEqual([250_000, 80_000, 500_000]);

    const day = utcToZonedParts(systemClock.now(), TZ).date;
    const r = await ok(manager.api.get(`/reports/revenue?from=${day}&to=${day}`));
    // invoiced 250 000 + 80 000 + 500 000; collected 100 000 + 80 000; refunded 5 000;
    // cancelled 500 000; outstanding 830 000 − 180 000 + 5 000 − 500 000 = 155 000
    // (i1's 150 000 and i2's 5 000).
    expect(r).toEqual({
      report: 'revenue',
      from: day,
      to: day,
      timeZone: TZ,
      measures: ['invoiced', 'collected', 'refunded', 'cancelled', 'outstanding'],
      days: [
        {
          date: day,
          values: {
            invoiced: 830_000,
            collected: 180_000,
            refunded: 5_000,
            cancelled: 500_000,
            outstanding: 155_000,
          },
        },
      ],
      totals: {
        invoiced: 830_000,
        collected: 180_000,
        refunded: 5_000,
        cancelled: 500_000,
        tax: 0,
        netCollected: 175_000,
        outstandingAtEnd: 155_000,
      },
      breakdowns: [
        {
          dimension: 'department',
          rows: [
            { key: imaging.id, label: 'Imaging', values: { net: 750_000 } },
            { key: lab.id, label: 'Laboratory', values: { net: 80_000 } },
          ],
        },
        {
          dimension: 'service',
          rows: [
            { key: 'radiology', label: 'radiology', values: { net: 750_000 } },
            { key: 'laboratory', label: 'laboratory', values: { net: 80_000 } },
          ],
        },
        {
          dimension: 'method',
          rows: [
            { key: 'card', label: 'card', values: { collected: 100_000 } },
            { key: 'cash', label: 'cash', values: { collected: 80_000 } },
          ],
        },
      ],
    });

    // The next day, nothing moved: the outstanding carries over from the days before the range.
    const next = addDays(day, 1);
    const later = await ok(manager.api.get(`/reports/revenue?from=${next}&to=${next}`));
    expect(later.days).toEqual([
      {
        date: next,
        values: { invoiced: 0, collected: 0, refunded: 0, cancelled: 0, outstanding: 155_000 },
      },
    ]);
    expect(later.totals.outstandingAtEnd).toBe(155_000);
    expectError(await h.cashier.api.get(`/reports/revenue?from=${day}&to=${day}`), 403);

    // Two payments at once on i1: each that commits counts once, a refused one not at all.
    const racing = await Promise.all(
      ['upi', 'upi'].map((method) =>
        h.cashier.api.post(`/billing/${i1.id}/payments`, { method, amount: 10_000 }),
      ),
    );
    const paid = racing.filter((x) => x.status === 201).length;
    expect(paid).toBeGreaterThanOrEqual(1);
    expect(racing.every((x) => x.status === 201 || x.status === 409)).toBe(true);
    const after = await ok(manager.api.get(`/reports/revenue?from=${day}&to=${day}`));
    expect(after.totals).toMatchObject({
      collected: 180_000 + paid * 10_000,
      outstandingAtEnd: 155_000 - paid * 10_000,
    });
    expect(after.breakdowns[2].rows).toContainEqual({
      key: 'upi',
      label: 'upi',
      values: { collected: paid * 10_000 },
    });
  });
});
