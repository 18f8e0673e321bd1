/**
 * Lab turnaround (order → final report), kept as a histogram of whole minutes so that the
 * median and the 90th percentile of any range, test or priority are exact, from counters alone:
 * a test reported `m` minutes after it was ordered adds 1 to `tat@<m>` (and to its test's and
 * its priority's), on the hospital day of the report. Pure rules, no I/O.
 *
 * Percentiles are **nearest-rank** (the smallest value with at least p % of the values at or
 * below it; the median of 10, 20, 30, 40 is 20): a figure that was really measured, never an
 * interpolation between two results.
 */
import { type Counters, counter, type ReportDay } from './aggregates';
import { type Breakdown, datesBetween, type ReportFigures } from './rules';

const HIST = 'tat@';

/** Whole minutes from `orderedAt` to `reportedAt` (ISO instants), never below 0. */
export function turnaroundMinutes(orderedAt: string, reportedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(reportedAt) - Date.parse(orderedAt)) / 60_000));
}

/** The counters of one order's final report: each of its tests, `minutes` after the order. */
export function turnaroundCounters(
  minutes: number,
  testCodes: readonly string[],
  priority: string,
): Counters {
  const out: Counters = {};
  const add = (name: string) => {
    out[name] = (out[name] ?? 0) + 1;
  };
  for (const code of testCodes)
    for (const measure of ['resulted', `${HIST}${minutes}`]) {
      add(counter(measure));
      add(counter(measure, 'test', code));
      add(counter(measure, 'priority', priority));
    }
  return out;
}

/** Nearest-rank percentile of a histogram (minutes → count); 0 when it is empty. */
export function percentile(histogram: ReadonlyMap<number, number>, p: number): number {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  let value = 0;
  for (const minutes of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(minutes)!;
    value = minutes;
    if (seen >= rank) break;
  }
  return value;
}

/** The histogram of the days' counters of one slice (`''`: all; `test=718-7`: one test). */
function histogramOf(days: readonly ReportDay[], slice: string): Map<number, number> {
  const h = new Map<number, number>();
  for (const d of days)
    for (const [name, n] of Object.entries(d.counters)) {
      if (!name.startsWith(HIST)) continue;
      const [measure, dim = ''] = name.split('|');
      if (dim !== slice) continue;
      const minutes = Number(measure!.slice(HIST.length));
      h.set(minutes, (h.get(minutes) ?? 0) + n);
    }
  return h;
}

const figuresOf = (days: readonly ReportDay[], slice: string) => {
  const h = histogramOf(days, slice);
  return {
    resulted: [...h.values()].reduce((a, b) => a + b, 0),
    medianMinutes: percentile(h, 50),
    p90Minutes: percentile(h, 90),
  };
};

function sliceBreakdown(
  days: readonly ReportDay[],
  dimension: string,
  label: (key: string) => string,
): Breakdown {
  const keys = new Set<string>();
  for (const d of days)
    for (const name of Object.keys(d.counters)) {
      const dim = name.split('|')[1];
      if (name.startsWith('resulted|') && dim?.startsWith(`${dimension}=`))
        keys.add(dim.slice(dimension.length + 1));
    }
  const rows = [...keys].map((key) => ({
    key,
    label: label(key),
    values: figuresOf(days, `${dimension}=${key}`),
  }));
  rows.sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  return { dimension, rows };
}

/** Lab turnaround: per day, in total, by test and by priority: count, median and p90 minutes. */
export function labTurnaroundReport(
  history: readonly ReportDay[],
  from: string,
  to: string,
  testName: (code: string) => string,
): ReportFigures {
  const inRange = history.filter((d) => d.date >= from && d.date <= to);
  const byDate = new Map(inRange.map((d) => [d.date, d]));
  return {
    measures: ['resulted', 'medianMinutes', 'p90Minutes'],
    days: datesBetween(from, to).map((date) => ({
      date,
      values: figuresOf(byDate.has(date) ? [byDate.get(date)!] : [], ''),
    })),
    totals: figuresOf(inRange, ''),
    breakdowns: [
      sliceBreakdown(inRange, 'test', testName),
      sliceBreakdown(inRange, 'priority', (k) => k),
    ],
  };
}
