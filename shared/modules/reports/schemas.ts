/** The reports' inputs and answer, declared once. */
import { LocalDateSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { REPORT_NAMES } from './aggregates';

/** The longest range one request may ask for: a year and a day (a leap year). */
export const MAX_REPORT_DAYS = 366;

export const GetReportInput = z
  .strictObject({
    report: z.enum(REPORT_NAMES, { message: `must be one of ${REPORT_NAMES.join(', ')}` }),
    from: z.optional(LocalDateSchema),
    to: z.optional(LocalDateSchema),
    format: z.optional(z.enum(['json', 'csv'], { message: 'must be json or csv' })),
  })
  .check(
    z.refine((i) => !i.from || !i.to || i.from <= i.to, {
      message: 'must not be after to',
      path: ['from'],
    }),
  );

const Values = z.record(z.string(), z.number());

export const Report = z.strictObject({
  report: z.enum(REPORT_NAMES),
  from: z.string(),
  to: z.string(),
  /** The hospital's time zone: the days are its calendar days. */
  timeZone: z.string(),
  measures: z.array(z.string()),
  days: z.array(z.strictObject({ date: z.string(), values: Values })),
  totals: Values,
  breakdowns: z.array(
    z.strictObject({
      dimension: z.string(),
      rows: z.array(z.strictObject({ key: z.string(), label: z.string(), values: Values })),
    }),
  ),
  /** The same report as CSV, when `format` was `csv` (REST then answers it as text/csv). */
  csv: z.optional(z.string()),
});
export type Report = z.output<typeof Report>;
