/**
 * Pure rules of the reports: which counters a write adds, and how the day items of a date range
 * become a report (daily series, totals, rates, breakdowns) and its CSV. No I/O: unit-tested with
 * written-out days (test/unit/reports/rules.test.ts).
 */
import { type Counters, counter, type ReportDay, type ReportName } from './aggregates';

/** Which appointment status counts under which OPD measure (on the appointment's own day). */
export const OPD_MEASURES: Readonly<Partial<Record<string, string>>> = {
  'checked-in': 'visits',
  noshow: 'noShows',
  cancelled: 'cancelled',
};

/** An appointment's counters for one measure: the total, by department and by doctor. */
export function opdCounters(
  measure: string,
  a: { departmentId?: string | undefined; doctorId: string },
): Counters {
  return {
    [counter(measure)]: 1,
    [counter(measure, 'department', a.departmentId ?? '')]: 1,
    [counter(measure, 'doctor', a.doctorId)]: 1,
  };
}

export interface ReportRow {
  key: string;
  label: string;
  values: Record<string, number>;
}

export interface Breakdown {
  dimension: string;
  rows: ReportRow[];
}

export interface ReportFigures {
  measures: string[];
  days: { date: string; values: Record<string, number> }[];
  totals: Record<string, number>;
  breakdowns: Breakdown[];
}

/** Every date from `from` to `to`, inclusive (ISO calendar dates). */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const sumOf = (days: readonly ReportDay[], name: string) =>
  days.reduce((n, d) => n + (d.counters[name] ?? 0), 0);

/** One decimal place, and 0 for nothing to divide by: what a manager reads. */
export function ratio(numerator: number, denominator: number, scale = 1): number {
  return denominator === 0 ? 0 : Math.round((numerator * scale * 10) / denominator) / 10;
}

/** Rows of one dimension: every value seen in the range, with the given measures' sums. */
function breakdown(
  days: readonly ReportDay[],
  dimension: string,
  measures: readonly string[],
  label: (key: string) => string,
): Breakdown {
  const keys = new Set<string>();
  for (const d of days)
    for (const name of Object.keys(d.counters)) {
      const [measure, dim] = name.split('|');
      if (dim?.startsWith(`${dimension}=`) && measures.includes(measure!))
        keys.add(dim.slice(dimension.length + 1));
    }
  const rows = [...keys].map((key) => ({
    key,
    label: label(key),
    values: Object.fromEntries(
      measures.map((m) => [m, sumOf(days, counter(m, dimension, key))]),
    ) as Record<string, number>,
  }));
  rows.sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  return { dimension, rows };
}

const dailySeries = (
  dates: readonly string[],
  byDate: ReadonlyMap<string, ReportDay>,
  measures: readonly [string, string][],
) =>
  dates.map((date) => ({
    date,
    values: Object.fromEntries(
      measures.map(([out, name]) => [out, byDate.get(date)?.counters[name] ?? 0]),
    ) as Record<string, number>,
  }));

/**
 * Inpatient: admissions and discharges per day, the midnight census (patients in at the end of
 * each day: every admission up to that day less every discharge, so `history` must hold every day
 * up to `to`), average length of stay (midnights, over the range's discharges) and by ward.
 */
export function inpatientReport(
  history: readonly ReportDay[],
  from: string,
  to: string,
): ReportFigures {
  const inRange = history.filter((d) => d.date >= from && d.date <= to);
  const byDate = new Map(history.map((d) => [d.date, d]));
  let census = history
    .filter((d) => d.date < from)
    .reduce((n, d) => n + (d.counters.admitted ?? 0) - (d.counters.discharged ?? 0), 0);
  const days = dailySeries(datesBetween(from, to), byDate, [
    ['admissions', 'admitted'],
    ['discharges', 'discharged'],
  ]).map((d) => {
    census += (d.values.admissions ?? 0) - (d.values.discharges ?? 0);
    return { date: d.date, values: { ...d.values, midnightCensus: census } };
  });
  const discharges = sumOf(inRange, 'discharged');
  return {
    measures: ['admissions', 'discharges', 'midnightCensus'],
    days,
    totals: {
      admissions: sumOf(inRange, 'admitted'),
      discharges,
      stayDays: sumOf(inRange, 'stayDays'),
      averageLengthOfStayDays: ratio(sumOf(inRange, 'stayDays'), discharges),
      censusAtEnd: census,
    },
    breakdowns: [
      {
        ...breakdown(inRange, 'ward', ['admitted', 'discharged'], (k) => k),
      },
    ],
  };
}

const OPD = ['booked', 'visits', 'noShows', 'cancelled'] as const;

/** Outpatient: bookings, visits, no-shows and cancellations per day, department and doctor. */
export function outpatientReport(
  history: readonly ReportDay[],
  from: string,
  to: string,
  names: { department: (id: string) => string; doctor: (id: string) => string },
): ReportFigures {
  const inRange = history.filter((d) => d.date >= from && d.date <= to);
  const byDate = new Map(inRange.map((d) => [d.date, d]));
  const totals: Record<string, number> = Object.fromEntries(OPD.map((m) => [m, sumOf(inRange, m)]));
  const withRate = (v: Record<string, number>) => ({
    ...v,
    noShowRatePercent: ratio(v.noShows ?? 0, (v.visits ?? 0) + (v.noShows ?? 0), 100),
  });
  const rated = (b: Breakdown): Breakdown => ({
    ...b,
    rows: b.rows.map((r) => ({ ...r, values: withRate(r.values) })),
  });
  return {
    measures: [...OPD],
    days: dailySeries(
      datesBetween(from, to),
      byDate,
      OPD.map((m) => [m, m]),
    ),
    totals: withRate(totals),
    breakdowns: [
      rated(
        breakdown(inRange, 'department', OPD, (k) => (k ? names.department(k) : 'No department')),
      ),
      rated(breakdown(inRange, 'doctor', OPD, names.doctor)),
    ],
  };
}

/** Which report reads history before its range (a running figure such as the census). */
export const NEEDS_HISTORY: Readonly<Record<ReportName, boolean>> = {
  inpatient: true,
  outpatient: false,
  'lab-turnaround': false,
  revenue: true,
  // Read from the theatre module's own day figures, not from report day items.
  'theatre-utilisation': false,
  pharmacy: false,
};

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quoted when needed (RFC 4180), and a leading =+-@ neutralised so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const csvLine = (cells: readonly (string | number)[]) => cells.map(csvCell).join(',');

/** The report as CSV: the daily table, then the totals, then one table per breakdown. */
export function reportCsv(f: ReportFigures): string {
  const lines = [csvLine(['date', ...f.measures])];
  for (const d of f.days) lines.push(csvLine([d.date, ...f.measures.map((m) => d.values[m] ?? 0)]));
  lines.push('', csvLine(['total', 'value']));
  for (const [k, v] of Object.entries(f.totals)) lines.push(csvLine([k, v]));
  for (const b of f.breakdowns) {
    const measures = [...new Set(b.rows.flatMap((r) => Object.keys(r.values)))];
    lines.push('', csvLine([b.dimension, 'label', ...measures]));
    for (const r of b.rows)
      lines.push(csvLine([r.key, r.label, ...measures.map((m) => r.values[m] ?? 0)]));
  }
  return `${lines.join('\r\n')}\r\n`;
}
