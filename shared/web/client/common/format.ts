/** Dates in the hospital's time zone (an IANA name), falling back to the browser's. */

export function validTimeZone(tz: string | null | undefined): tz is string {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function formatDate(iso: string | null | undefined, tz?: string, withTime = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const opts: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  if (validTimeZone(tz)) opts.timeZone = tz;
  return new Intl.DateTimeFormat(undefined, opts).format(d);
}

/**
 * The one date and time format of the pages, in the hospital's time zone: `25 Nov 2026, 14:05`
 * (day, month name, four-digit year, 24-hour time: unambiguous in every locale).
 */
export function formatDateTime(iso: string | null | undefined, tz?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(validTimeZone(tz) ? { timeZone: tz } : {}),
  }).format(d);
}

/** The time of day alone, `14:05`, in the hospital's time zone. */
export function formatTime(iso: string, tz?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(validTimeZone(tz) ? { timeZone: tz } : {}),
  }).format(new Date(iso));
}

/** Today's date (YYYY-MM-DD) in the hospital's time zone. */
export function todayIn(tz?: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(validTimeZone(tz) ? { timeZone: tz } : {}),
  }).format(now);
}
