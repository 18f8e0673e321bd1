import { describe, expect, it } from 'vitest';
import type { ReportDay } from '../../../shared/modules/reports/aggregates';
import { revenueReport } from '../../../shared/modules/reports/revenue';

describe('revenue report rules', () => {
  it('sums the range, runs the outstanding on from earlier days and breaks down net and collections', () => {
    const history: ReportDay[] = [
      // Before the range: 10 000 issued, 4 000 paid → 6 000 owed.
      { date: '2026-11-20', counters: { invoiced: 10_000, outstandingChange: 6_000 } },
      {
        date: '2026-11-21',
        counters: {
          invoiced: 30_000,
          tax: 1_000,
          'net|department=d1': 20_000,
          'net|department=': 9_000,
          'net|service=consultation': 29_000,
          collected: 12_000,
          'collected|method=upi': 12_000,
          refunded: 2_000,
          outstandingChange: 30_000 - 12_000 + 2_000,
        },
      },
      { date: '2026-11-23', counters: { cancelled: 5_000, outstandingChange: -5_000 } },
    ];
    const r = revenueReport(history, '2026-11-21', '2026-11-22', (id) =>
      id ? `Dept ${id}` : 'No department',
    );
    expect(r.days).toEqual([
      {
        date: '2026-11-21',
        values: {
          invoiced: 30_000,
          collected: 12_000,
          refunded: 2_000,
          cancelled: 0,
          outstanding: 26_000,
        },
      },
      {
        date: '2026-11-22',
        values: { invoiced: 0, collected: 0, refunded: 0, cancelled: 0, outstanding: 26_000 },
      },
    ]);
    expect(r.totals).toEqual({
      invoiced: 30_000,
      collected: 12_000,
      refunded: 2_000,
      cancelled: 0,
      tax: 1_000,
      netCollected: 10_000,
      outstandingAtEnd: 26_000,
    });
    expect(r.breakdowns).toEqual([
      {
        dimension: 'department',
        rows: [
          { key: 'd1', label: 'Dept d1', values: { net: 20_000 } },
          { key: '', label: 'No department', values: { net: 9_000 } },
        ],
      },
      {
        dimension: 'service',
        rows: [{ key: 'consultation', label: 'consultation', values: { net: 29_000 } }],
      },
      { dimension: 'method', rows: [{ key: 'upi', label: 'upi', values: { collected: 12_000 } }] },
    ]);
  });
});
