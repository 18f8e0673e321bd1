import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
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
