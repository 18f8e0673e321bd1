/**
 * The theatre-utilisation report: the theatre module's own per-day figures (`GET
 * /theatre/utilisation`, kept with its writes) summed over the range, per day and per theatre.
 * The report adds sums and the two ratios of the sums; every minute and count is the theatre
 * module's.
 */
import type { ReportFigures, ReportRow } from './rules';

/** One theatre's figures on one day, as the theatre module answers them. */
export interface TheatreDay {
  theatre: string;
  sessionMinutes: number;
  bookedMinutes: number;
  usedMinutes: number;
  casesCompleted: number;
  lateStarts: number;
  overruns: number;
  cancellationsOnTheDay: Record<string, number>;
}

const SUMMED = [
  'sessionMinutes',
  'bookedMinutes',
  'usedMinutes',
  'casesCompleted',
  'lateStarts',
  'overruns',
] as const;

/** A percentage with one decimal; 0 when there is nothing to divide by. */
const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

function sums(rows: readonly TheatreDay[]): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(SUMMED.map((m) => [m, 0]));
  let cancelled = 0;
  for (const r of rows) {
    for (const m of SUMMED) out[m]! += r[m];
    for (const n of Object.values(r.cancellationsOnTheDay)) cancelled += n;
  }
  return {
    ...out,
    cancelledOnTheDay: cancelled,
    // Used ÷ session minutes: how much of the planned theatre time was operating time.
    utilisationPercent: percent(out.usedMinutes!, out.sessionMinutes!),
    bookedPercent: percent(out.bookedMinutes!, out.sessionMinutes!),
  };
}

export function theatreUtilisationReport(
  days: readonly { date: string; theatres: readonly TheatreDay[] }[],
): ReportFigures {
  const all = days.flatMap((d) => d.theatres);
  const theatres = [...new Set(all.map((r) => r.theatre))].sort();
  const byTheatre: ReportRow[] = theatres.map((t) => ({
    key: t,
    label: t,
    values: sums(all.filter((r) => r.theatre === t)),
  }));
  const reasons = new Map<string, number>();
  for (const r of all)
    for (const [reason, n] of Object.entries(r.cancellationsOnTheDay))
      reasons.set(reason, (reasons.get(reason) ?? 0) + n);
  return {
    measures: ['sessionMinutes', 'usedMinutes', 'utilisationPercent'],
    days: days.map((d) => {
      const s = sums(d.theatres);
      return {
        date: d.date,
        values: {
          sessionMinutes: s.sessionMinutes!,
          usedMinutes: s.usedMinutes!,
          utilisationPercent: s.utilisationPercent!,
        },
      };
    }),
    totals: sums(all),
    breakdowns: [
      { dimension: 'theatre', rows: byTheatre },
      {
        dimension: 'cancellationReason',
        rows: [...reasons.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([reason, n]) => ({ key: reason, label: reason, values: { cancelled: n } })),
      },
    ],
  };
}
