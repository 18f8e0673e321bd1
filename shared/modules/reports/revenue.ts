/**
 * Revenue: money in integer minor units of the hospital's currency, from the counters billing's
 * movements add to the `revenue` day items in their own transactions (billing/stats.ts):
 * `invoiced` (totals of invoices issued that day, tax included), `tax`, `collected` (payments
 * received, by method), `refunded`, `cancelled` (totals of issued invoices cancelled),
 * `net|department=…` and `net|service=…` (net line amounts of the invoices issued), and
 * `outstandingChange` (what the day added to what patients and payers owe). Pure rules, no I/O.
 */
import { counter, type ReportDay } from './aggregates';
import { type Breakdown, datesBetween, type ReportFigures } from './rules';

const DAILY = ['invoiced', 'collected', 'refunded', 'cancelled'] as const;

const sumOf = (days: readonly ReportDay[], name: string) =>
  days.reduce((n, d) => n + (d.counters[name] ?? 0), 0);

function rowsOf(
  days: readonly ReportDay[],
  measure: string,
  dimension: string,
  label: (key: string) => string,
): Breakdown {
  const prefix = `${measure}|${dimension}=`;
  const keys = new Set<string>();
  for (const d of days)
    for (const name of Object.keys(d.counters))
      if (name.startsWith(prefix)) keys.add(name.slice(prefix.length));
  const rows = [...keys].map((key) => ({
    key,
    label: label(key),
    values: { [measure]: sumOf(days, counter(measure, dimension, key)) },
  }));
  rows.sort((a, b) => b.values[measure]! - a.values[measure]! || a.label.localeCompare(b.label));
  return { dimension, rows };
}

/**
 * Per day: invoiced, collected, refunded, cancelled and the outstanding at the end of the day
 * (every `outstandingChange` up to it, so `history` must hold every day up to `to`). Totals over
 * the range, net collected (collected − refunded), and the outstanding at the end of the range.
 * Breakdowns: net revenue by department and by service type, collections by payment method.
 */
export function revenueReport(
  history: readonly ReportDay[],
  from: string,
  to: string,
  departmentName: (id: string) => string,
): ReportFigures {
  const inRange = history.filter((d) => d.date >= from && d.date <= to);
  const byDate = new Map(inRange.map((d) => [d.date, d]));
  let outstanding = sumOf(
    history.filter((d) => d.date < from),
    'outstandingChange',
  );
  const days = datesBetween(from, to).map((date) => {
    const day = byDate.get(date);
    outstanding += day?.counters.outstandingChange ?? 0;
    const values: Record<string, number> = {};
    for (const m of DAILY) values[m] = day?.counters[m] ?? 0;
    return { date, values: { ...values, outstanding } };
  });
  const totals: Record<string, number> = {};
  for (const m of [...DAILY, 'tax']) totals[m] = sumOf(inRange, m);
  return {
    measures: [...DAILY, 'outstanding'],
    days,
    totals: {
      ...totals,
      netCollected: totals.collected! - totals.refunded!,
      outstandingAtEnd: outstanding,
    },
    breakdowns: [
      rowsOf(inRange, 'net', 'department', departmentName),
      rowsOf(inRange, 'net', 'service', (k) => k),
      rowsOf(inRange, 'collected', 'method', (k) => k),
    ],
  };
}
