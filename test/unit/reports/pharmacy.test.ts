import { describe, expect, it } from 'vitest';
import type { ReportDay } from '../../../shared/modules/reports/aggregates';
import { pharmacyDispenseCounters, pharmacyReport } from '../../../shared/modules/reports/pharmacy';

// The pharmacy report's counters and figures against tables written out by hand.

describe('a dispense’s counters', () => {
  it('counts the dispense, its units and their cost per batch, and a stock-out at exactly zero', () => {
    expect(
      pharmacyDispenseCounters({
        itemId: 'amox',
        lines: [
          { quantity: 6, unitCost: 150 },
          { quantity: 4, unitCost: 175 },
        ],
        onHandBefore: 10,
      }),
    ).toEqual({
      dispenses: 1,
      'dispenses|item=amox': 1,
      units: 10,
      'units|item=amox': 10,
      costOfDispensed: 1600, // 6 × 150 + 4 × 175
      'costOfDispensed|item=amox': 1600,
      stockOuts: 1,
      'stockOuts|item=amox': 1,
    });
    const oneLeft = pharmacyDispenseCounters({
      itemId: 'amox',
      lines: [{ quantity: 9, unitCost: 150 }],
      onHandBefore: 10,
    });
    expect([oneLeft.units, oneLeft.stockOuts]).toEqual([9, 0]);
  });
});

describe('the pharmacy report', () => {
  const history: ReportDay[] = [
    // Before the range: not counted.
    { date: '2026-11-20', counters: { dispenses: 9, units: 90, 'units|item=para': 90 } },
    {
      date: '2026-11-23',
      counters: {
        dispenses: 2,
        units: 30,
        costOfDispensed: 2500,
        stockOuts: 0,
        'dispenses|item=para': 1,
        'units|item=para': 20,
        'costOfDispensed|item=para': 1000,
        'dispenses|item=amox': 1,
        'units|item=amox': 10,
        'costOfDispensed|item=amox': 1500,
      },
    },
    {
      date: '2026-11-25',
      counters: {
        dispenses: 1,
        units: 20,
        costOfDispensed: 3000,
        stockOuts: 1,
        'dispenses|item=amox': 1,
        'units|item=amox': 20,
        'costOfDispensed|item=amox': 3000,
        'stockOuts|item=amox': 1,
      },
    },
  ];
  const report = pharmacyReport(
    history,
    '2026-11-23',
    '2026-11-25',
    {
      batches: [
        { valueAtCost: 10_000, state: 'ok' },
        { valueAtCost: 2_500, state: 'expiring' },
        { valueAtCost: 700, state: 'expired' },
        { valueAtCost: 300, state: 'expiring' },
      ],
    },
    (id) => ({ para: 'Paracetamol 500 mg tablet', amox: 'Amoxicillin 500 mg capsule' })[id] ?? id,
  );

  it('gives each day of the range its dispensing, zero on a day without', () => {
    expect(report.days).toEqual([
      {
        date: '2026-11-23',
        values: { dispenses: 2, units: 30, costOfDispensed: 2500, stockOuts: 0 },
      },
      { date: '2026-11-24', values: { dispenses: 0, units: 0, costOfDispensed: 0, stockOuts: 0 } },
      {
        date: '2026-11-25',
        values: { dispenses: 1, units: 20, costOfDispensed: 3000, stockOuts: 1 },
      },
    ]);
  });

  it('totals the range and values the stock as it stands', () => {
    expect(report.totals).toEqual({
      dispenses: 3,
      units: 50,
      costOfDispensed: 5500,
      stockOuts: 1,
      stockValueAtCost: 13_500,
      shortDatedBatches: 2,
      shortDatedValueAtCost: 2_800,
      expiredBatches: 1,
      expiredValueAtCost: 700,
    });
  });

  it('breaks dispensing down by item, most units first', () => {
    expect(report.breakdowns).toEqual([
      {
        dimension: 'item',
        rows: [
          {
            key: 'amox',
            label: 'Amoxicillin 500 mg capsule',
            values: { dispenses: 2, units: 30, costOfDispensed: 4500, stockOuts: 1 },
          },
          {
            key: 'para',
            label: 'Paracetamol 500 mg tablet',
            values: { dispenses: 1, units: 20, costOfDispensed: 1000, stockOuts: 0 },
          },
        ],
      },
    ]);
  });
});
