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

/** A date, `25 Nov 2026` (with `withTime`, formatDateTime's `25 Nov 2026, 14:05`), in the zone. */
export function formatDate(iso: string | null | undefined, tz?: string, withTime = false): string {
  if (withTime) return formatDateTime(iso, tz);
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    ...(validTimeZone(tz) ? { timeZone: tz } : {}),
  }).format(d);
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

/** The time of day alone, `14:05` (`14:05:09` with seconds), in the hospital's time zone. */
export function formatTime(iso: string, tz?: string, withSeconds = false): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' as const } : {}),
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

/** A local date (YYYY-MM-DD) plus `days`, in calendar days. */
export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at `ms`, in milliseconds. */
function zoneOffsetMs(ms: number, tz?: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(validTimeZone(tz) ? { timeZone: tz } : {}),
  }).formatToParts(new Date(ms));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (ISO) of a wall-clock date and time (HH:MM) in the hospital's time zone: what a
 * coordinator types as "08:30 on 26 Nov" is 08:30 there, whatever the browser's zone.
 */
export function zonedToIso(date: string, time: string, tz?: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST change).
  let at = wall - zoneOffsetMs(wall, tz);
  at = wall - zoneOffsetMs(at, tz);
  return new Date(at).toISOString();
}
