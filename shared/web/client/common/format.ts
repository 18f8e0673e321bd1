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
