/**
 * Report aggregates, maintained with the writes that change them: a counter item per report and
 * hospital day (`TENANT#t#REPORT#<report>` / `<yyyy-mm-dd>`), whose counters the writing
 * operation ADDs in its own transaction (`ctx.store.alongside`), so a figure moves exactly when its
 * record commits, and a report is a Query over the days asked for, never a scan of the records.
 *
 * Counter names are `<measure>` or `<measure>|<dimension>=<value>` (e.g. `admitted|ward=w1`);
 * values are integers (counts, minor units, minutes).
 */
import type { Context } from '../../kernel/context';
import type { Store, TxItem } from '../../kernel/store/store';
import { todayIn } from '../../kernel/time/zoned-time';

export const REPORT_NAMES = [
  'inpatient',
  'outpatient',
  'lab-turnaround',
  'revenue',
  'theatre-utilisation',
  'pharmacy',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export type Counters = Record<string, number>;

/** `measure`, or `measure|dimension=value`: one counter of a day item. */
export function counter(measure: string, dimension?: string, value?: string): string {
  return dimension === undefined ? measure : `${measure}|${dimension}=${value ?? ''}`;
}

const dayKey = (store: Store, report: ReportName, date: string) =>
  store.keys.child('REPORT', report, date);

/**
 * The write that adds `counts` to a report's day item, for a module that builds its own
 * transaction (billing merges these with its dashboard aggregates); undefined when all are 0.
 */
export function reportDayWrite(
  store: Store,
  report: ReportName,
  date: string,
  counts: Counters,
): TxItem | undefined {
  const entries = Object.entries(counts).filter(([, n]) => n !== 0);
  if (entries.length === 0) return undefined;
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'ReportDay' };
  const adds = entries.map(([name, n], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = n;
    return `#c${i} :c${i}`;
  });
  return {
    Update: {
      Key: dayKey(store, report, date),
      UpdateExpression: `SET #entity = :entity ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Registers the counters' increments on `date` (the hospital's calendar day) to ride in the
 * operation's next write. One call per report and day in an operation: DynamoDB refuses two
 * writes of one item in a transaction, so a caller merges its counters first.
 */
export function countOn(ctx: Context, report: ReportName, date: string, counts: Counters): void {
  const write = reportDayWrite(ctx.store, report, date, counts);
  if (write) ctx.store.alongside(write);
}

/** As `countOn`, on today in the hospital's time zone. */
export function countToday(ctx: Context, report: ReportName, counts: Counters): void {
  countOn(ctx, report, todayIn(ctx.tenant.timeZone, ctx.now), counts);
}

export interface ReportDay {
  date: string;
  counters: Counters;
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'entity']);

/** The day items from `from` to `to` (inclusive; `from` undefined: since the first), one Query. */
export async function readDays(
  store: Store,
  report: ReportName,
  from: string | undefined,
  to: string,
): Promise<ReportDay[]> {
  const items = await store.query({
    partition: store.keys.entityPk('REPORT', report),
    range: { between: [from ?? '0000-00-00', to] },
  });
  return items.map((item) => ({
    date: String(item.sk),
    counters: Object.fromEntries(
      Object.entries(item).filter(
        (e): e is [string, number] => !KEY_ATTRIBUTES.has(e[0]) && typeof e[1] === 'number',
      ),
    ),
  }));
}
