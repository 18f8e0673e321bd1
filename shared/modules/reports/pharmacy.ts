/**
 * The pharmacy report: dispensing counted with each dispense (its transaction adds the day's
 * counters, pharmacyDispenseCounters), and the stock as it stands (value at cost, short-dated
 * and expired batches) from the pharmacy's own expiry scan at the time of asking.
 */
import { type Counters, counter, type ReportDay } from './aggregates';
import { datesBetween, type ReportFigures, type ReportRow } from './rules';

const MEASURES = ['dispenses', 'units', 'costOfDispensed', 'stockOuts'] as const;

/**
 * A dispense's counters: one dispense, its units, their cost (batch unit cost × units, minor
 * units) and, when it takes the item's stock on hand to zero, a stock-out; each also per item.
 */
export function pharmacyDispenseCounters(d: {
  itemId: string;
  lines: readonly { quantity: number; unitCost: number }[];
  onHandBefore: number;
}): Counters {
  const units = d.lines.reduce((n, l) => n + l.quantity, 0);
  const cost = d.lines.reduce((n, l) => n + l.quantity * l.unitCost, 0);
  const stockOut = d.onHandBefore - units === 0 ? 1 : 0;
  const values: Record<(typeof MEASURES)[number], number> = {
    dispenses: 1,
    units,
    costOfDispensed: cost,
    stockOuts: stockOut,
  };
  const out: Counters = {};
  for (const m of MEASURES) {
    out[counter(m)] = values[m];
    out[counter(m, 'item', d.itemId)] = values[m];
  }
  return out;
}

/** The stock as it stands: each batch with stock, its value and expiry state. */
export interface StockNow {
  batches: readonly { valueAtCost: number; state: 'expired' | 'expiring' | 'ok' | string }[];
}

export function pharmacyReport(
  history: readonly ReportDay[],
  from: string,
  to: string,
  stock: StockNow,
  itemName: (id: string) => string,
): ReportFigures {
  const inRange = history.filter((d) => d.date >= from && d.date <= to);
  const byDate = new Map(inRange.map((d) => [d.date, d.counters]));
  const days = datesBetween(from, to).map((date) => ({
    date,
    values: Object.fromEntries(MEASURES.map((m) => [m, byDate.get(date)?.[counter(m)] ?? 0])),
  }));
  const totals: Record<string, number> = Object.fromEntries(
    MEASURES.map((m) => [m, days.reduce((n, d) => n + (d.values[m] ?? 0), 0)]),
  );
  const short = stock.batches.filter((b) => b.state === 'expiring');
  const expired = stock.batches.filter((b) => b.state === 'expired');
  const sum = (list: typeof stock.batches) => list.reduce((n, b) => n + b.valueAtCost, 0);
  Object.assign(totals, {
    stockValueAtCost: sum(stock.batches),
    shortDatedBatches: short.length,
    shortDatedValueAtCost: sum(short),
    expiredBatches: expired.length,
    expiredValueAtCost: sum(expired),
  });
  const items = new Map<string, Record<string, number>>();
  for (const d of inRange)
    for (const [name, n] of Object.entries(d.counters)) {
      const [measure, dim] = name.split('|');
      if (!dim?.startsWith('item=')) continue;
      const id = dim.slice('item='.length);
      const row = items.get(id) ?? Object.fromEntries(MEASURES.map((m) => [m, 0]));
      row[measure!] = (row[measure!] ?? 0) + n;
      items.set(id, row);
    }
  const rows: ReportRow[] = [...items.entries()]
    .map(([id, values]) => ({ key: id, label: itemName(id), values }))
    .sort(
      (a, b) => (b.values.units ?? 0) - (a.values.units ?? 0) || a.label.localeCompare(b.label),
    );
  return {
    measures: [...MEASURES],
    days,
    totals,
    breakdowns: [{ dimension: 'item', rows }],
  };
}
