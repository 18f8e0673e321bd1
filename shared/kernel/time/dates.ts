/**
 * Dates and instants at the edge, bounded in one place. Every date a caller may send (a list
 * filter, a date of birth, an appointment start) must fall within DATE_BOUNDS, and so must every
 * date a query accepts, so nothing can be stored that no list can find (a mistyped year 3026),
 * and day arithmetic stays inside four-digit years.
 */
import * as z from '../zod';
import { isValidLocalDate } from './zoned-time';

export const DATE_BOUNDS = { min: '1900-01-01', max: '2999-12-31' } as const;

const BOUNDS_MESSAGE = `must be between ${DATE_BOUNDS.min} and ${DATE_BOUNDS.max}`;

export function withinDateBounds(date: string): boolean {
  return date >= DATE_BOUNDS.min && date <= DATE_BOUNDS.max;
}

/**
 * A real calendar date as `YYYY-MM-DD`, unbounded: only for dates a domain rule bounds itself and
 * no query takes (a date of birth: not in the future, at most 150 years ago).
 */
export const CalendarDateSchema = z
  .string({ message: 'must be a date in YYYY-MM-DD format' })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD format'),
    z.refine(isValidLocalDate, 'must be a real calendar date'),
  );

/** A real calendar date as `YYYY-MM-DD` within DATE_BOUNDS (a local date: no time zone). */
export const LocalDateSchema = CalendarDateSchema.check(z.refine(withinDateBounds, BOUNDS_MESSAGE));

/**
 * An ISO 8601 date-time with a time zone (`Z` or an offset), e.g. 2026-11-23T09:00:00+05:30,
 * whose UTC date lies within DATE_BOUNDS.
 */
export const InstantSchema = z
  .pipe(
    z.string({ message: 'must be an ISO 8601 date-time with a time zone' }),
    z.iso.datetime({
      offset: true,
      message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-23T09:00:00+05:30',
    }),
  )
  .check(
    z.refine((s) => {
      const ms = Date.parse(s);
      return Number.isFinite(ms) && withinDateBounds(new Date(ms).toISOString().slice(0, 10));
    }, BOUNDS_MESSAGE),
  );

/** An instant as the service writes it (UTC, milliseconds): the output form of every timestamp. */
export const TimestampSchema = z.iso.datetime();
