import { describe, expect, it } from 'vitest';
import type { ReportDay } from '../../../shared/modules/reports/aggregates';
import {
  labTurnaroundReport,
  percentile,
  turnaroundCounters,
  turnaroundMinutes,
} from '../../../shared/modules/reports/turnaround';

describe('lab turnaround rules', () => {
  it('counts whole minutes from order to report, never below zero', () => {
    expect(turnaroundMinutes('2026-11-25T03:30:00.000Z', '2026-11-25T04:14:59.999Z')).toBe(44);
    expect(turnaroundMinutes('2026-11-25T03:30:00.000Z', '2026-11-25T03:29:00.000Z')).toBe(0);
  });

  it('adds each test of the order to the histogram, its test and its priority', () => {
    expect(turnaroundCounters(12, ['718-7', '777-3', '718-7'], 'stat')).toEqual({
      resulted: 3,
      'resulted|test=718-7': 2,
      'resulted|test=777-3': 1,
      'resulted|priority=stat': 3,
      'tat@12': 3,
      'tat@12|test=718-7': 2,
      'tat@12|test=777-3': 1,
      'tat@12|priority=stat': 3,
    });
  });

  it.each([
    // [values, p, nearest-rank answer]
    [[], 50, 0],
    [[7], 50, 7],
    [[7], 90, 7],
    [[10, 20, 30, 40], 50, 20],
    [[10, 20, 30, 40], 90, 40],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50, 5],
    [[5, 5, 5, 60], 50, 5],
    [[5, 5, 5, 60], 90, 60],
  ])('percentile of %j at p%i is %i', (values, p, expected) => {
    const h = new Map<number, number>();
    for (const v of values) h.set(v, (h.get(v) ?? 0) + 1);
    expect(percentile(h, p)).toBe(expected);
  });

  it('draws the report of a range from day items, days without reports at zero', () => {
    const days: ReportDay[] = [
      { date: '2026-11-23', counters: { 'tat@90': 1, 'resulted|test=X': 1, 'tat@90|test=X': 1 } },
      {
        date: '2026-11-24',
        counters: {
          'tat@30': 2,
          'tat@30|test=X': 2,
          'resulted|test=X': 2,
          'tat@30|priority=urgent': 2,
          'resulted|priority=urgent': 2,
          'tat@45': 1,
          'tat@45|test=Y': 1,
          'resulted|test=Y': 1,
        },
      },
    ];
    const r = labTurnaroundReport(days, '2026-11-24', '2026-11-25', (c) => `Test ${c}`);
    expect(r.days).toEqual([
      { date: '2026-11-24', values: { resulted: 3, medianMinutes: 30, p90Minutes: 45 } },
      { date: '2026-11-25', values: { resulted: 0, medianMinutes: 0, p90Minutes: 0 } },
    ]);
    expect(r.totals).toEqual({ resulted: 3, medianMinutes: 30, p90Minutes: 45 });
    expect(r.breakdowns).toEqual([
      {
        dimension: 'test',
        rows: [
          { key: 'X', label: 'Test X', values: { resulted: 2, medianMinutes: 30, p90Minutes: 30 } },
          { key: 'Y', label: 'Test Y', values: { resulted: 1, medianMinutes: 45, p90Minutes: 45 } },
        ],
      },
      {
        dimension: 'priority',
        rows: [
          {
            key: 'urgent',
            label: 'urgent',
            values: { resulted: 2, medianMinutes: 30, p90Minutes: 30 },
          },
        ],
      },
    ]);
  });
});
