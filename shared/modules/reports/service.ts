/**
 * Reports from the aggregates (aggregates.ts): one Query of the report's day items for the range
 * (from the first day for a running figure such as the census), the names of the departments and
 * doctors its rows name, and the pure rules (rules.ts) that turn them into figures.
 */
import type { Context } from '../../kernel/context';
import { addDays, todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { findDepartment } from '../departments/index';
import { findDoctor } from '../doctors/index';
import { readLabCatalogue } from '../lab/index';
import { expiryScan, findItem, itemName } from '../pharmacy/index';
import { theatreUtilisation } from '../theatre/index';
import { readDays } from './aggregates';
import { pharmacyReport } from './pharmacy';
import { revenueReport } from './revenue';
import {
  datesBetween,
  inpatientReport,
  NEEDS_HISTORY,
  outpatientReport,
  type ReportFigures,
  reportCsv,
} from './rules';
import { type GetReportInput, MAX_REPORT_DAYS, type Report } from './schemas';
import { theatreUtilisationReport } from './theatre';
import { labTurnaroundReport } from './turnaround';

const DEFAULT_DAYS = 7;

function rangeOf(ctx: Context, input: z.output<typeof GetReportInput>) {
  const to =
    input.to ??
    (input.from ? addDays(input.from, DEFAULT_DAYS - 1) : todayIn(ctx.tenant.timeZone, ctx.now));
  const from = input.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) throw invalidField('from', 'must not be after to');
  if (addDays(from, MAX_REPORT_DAYS - 1) < to)
    throw invalidField('to', `the range may cover at most ${MAX_REPORT_DAYS} days`);
  return { from, to };
}

async function labels(ctx: Context, ids: (kind: 'department' | 'doctor') => string[]) {
  const [departments, doctors] = await Promise.all([
    Promise.all(ids('department').map((id) => findDepartment(ctx.store, id))),
    Promise.all(ids('doctor').map((id) => findDoctor(ctx.store, id))),
  ]);
  const dept = new Map(departments.flatMap((d) => (d ? [[d.id, d.name] as const] : [])));
  const doc = new Map(doctors.flatMap((d) => (d ? [[d.id, d.name] as const] : [])));
  return {
    department: (id: string) => dept.get(id) ?? id,
    doctor: (id: string) => doc.get(id) ?? id,
  };
}

/** The dimension values (ids) the day items name, e.g. every doctor id with a counter. */
function idsIn(days: readonly { counters: Record<string, number> }[], dimension: string): string[] {
  const ids = new Set<string>();
  for (const d of days)
    for (const name of Object.keys(d.counters)) {
      const dim = name.split('|')[1];
      if (dim?.startsWith(`${dimension}=`) && dim.length > dimension.length + 1)
        ids.add(dim.slice(dimension.length + 1));
    }
  return [...ids];
}

export async function getReport(
  ctx: Context,
  input: z.output<typeof GetReportInput>,
): Promise<Report> {
  const { from, to } = rangeOf(ctx, input);
  if (input.report === 'theatre-utilisation') {
    // The theatre module's figures of each day (one Query per day of its day items).
    const days = await Promise.all(
      datesBetween(from, to).map((date) => theatreUtilisation(ctx, { date })),
    );
    return answer(ctx, input, from, to, theatreUtilisationReport(days));
  }
  const history = await readDays(
    ctx.store,
    input.report,
    NEEDS_HISTORY[input.report] ? undefined : from,
    to,
  );
  let figures: ReportFigures;
  if (input.report === 'inpatient') figures = inpatientReport(history, from, to);
  else if (input.report === 'lab-turnaround') {
    const { tests } = await readLabCatalogue(ctx.store);
    const names = new Map(tests.map((t) => [t.code, t.name]));
    figures = labTurnaroundReport(history, from, to, (code) => names.get(code) ?? code);
  } else if (input.report === 'pharmacy') {
    figures = await pharmacyFigures(ctx, history, from, to);
  } else if (input.report === 'revenue') {
    const names = await labels(ctx, (kind) => (kind === 'department' ? idsIn(history, kind) : []));
    figures = revenueReport(history, from, to, (id) =>
      id ? names.department(id) : 'No department',
    );
  } else {
    const names = await labels(ctx, (kind) => idsIn(history, kind));
    figures = outpatientReport(history, from, to, names);
  }
  return answer(ctx, input, from, to, figures);
}

/** Every batch with stock, up to this many days ahead: the whole stock, for its value. */
const WHOLE_STOCK_DAYS = 36_500;

async function pharmacyFigures(
  ctx: Context,
  history: Awaited<ReturnType<typeof readDays>>,
  from: string,
  to: string,
): Promise<ReportFigures> {
  const batches: { valueAtCost: number; state: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await expiryScan(ctx, {
      limit: 100,
      withinDays: WHOLE_STOCK_DAYS,
      ...(cursor ? { cursor } : {}),
    });
    batches.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const ids = idsIn(history, 'item');
  const items = await Promise.all(ids.map((id) => findItem(ctx.store, id)));
  const names = new Map(items.flatMap((i) => (i ? [[i.id, itemName(i)] as const] : [])));
  return pharmacyReport(history, from, to, { batches }, (id) => names.get(id) ?? id);
}

function answer(
  ctx: Context,
  input: z.output<typeof GetReportInput>,
  from: string,
  to: string,
  figures: ReportFigures,
): Report {
  return {
    report: input.report,
    from,
    to,
    timeZone: ctx.tenant.timeZone,
    ...figures,
    ...(input.format === 'csv' ? { csv: reportCsv(figures) } : {}),
  };
}
