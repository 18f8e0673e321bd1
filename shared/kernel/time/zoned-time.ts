/**
 * Wall-clock ↔ instant conversion for IANA time zones using only Intl (no date library).
 * A zone's UTC offset at an instant is read by formatting the instant in the zone and comparing
 * the printed wall clock with the instant itself.
 */
import { Invalid } from '../errors';

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ZonedParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (seconds are dropped) */
  time: string;
  weekday: Weekday;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** The end of a local day, written as a time: a session or range may end at 24:00. */
export const END_OF_DAY = '24:00';
// Date.getUTCDay() order (0 = Sunday).
const UTC_DAY_TO_WEEKDAY: readonly Weekday[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** A real calendar date (no 2026-02-30) in YYYY-MM-DD form, years 0001–9999. */
export function isValidLocalDate(date: string): boolean {
  const m = typeof date === 'string' ? DATE_RE.exec(date) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** HH:MM on a 24-hour clock, 00:00–23:59. */
export function isValidLocalTime(time: string): boolean {
  return typeof time === 'string' && TIME_RE.test(time);
}

/** HH:MM from 00:00 to 24:00: a time something may end at (24:00 is the next midnight). */
export function isValidEndTime(time: string): boolean {
  return time === END_OF_DAY || isValidLocalTime(time);
}

/** Minutes since local midnight for a valid HH:MM (24:00 is 1440, the end of the day). */
export function minutesOfDay(time: string): number {
  if (time === END_OF_DAY) return 24 * 60;
  const m = TIME_RE.exec(time);
  if (!m) throw new Invalid(`time '${time}' must be HH:MM between 00:00 and 23:59`);
  return Number(m[1]) * 60 + Number(m[2]);
}

function assertDate(date: string): void {
  if (!isValidLocalDate(date)) {
    throw new Invalid(`date '${date}' must be a real calendar date in YYYY-MM-DD format`);
  }
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) {
    throw new Invalid(`timeZone '${timeZone}' is not a valid IANA time zone`);
  }
}

/** Epoch ms of a wall-clock reading as if it were UTC (years below 100 kept literal). */
function wallAsUtcMs(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

function dateParts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  return [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function formatUtcDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function weekdayOfDate(date: string): Weekday {
  assertDate(date);
  const [y, m, d] = dateParts(date);
  return UTC_DAY_TO_WEEKDAY[new Date(wallAsUtcMs(y, m, d)).getUTCDay()] as Weekday;
}

export function addDays(date: string, days: number): string {
  assertDate(date);
  const [y, m, d] = dateParts(date);
  return formatUtcDate(wallAsUtcMs(y, m, d) + days * DAY_MS);
}

/** The zone's wall clock at `instantMs`, expressed as epoch ms as if that wall clock were UTC. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const hour = fields.hour === 24 ? 0 : (fields.hour ?? 0);
  return wallAsUtcMs(
    fields.year ?? 0,
    fields.month ?? 1,
    fields.day ?? 1,
    hour,
    fields.minute,
    fields.second,
  );
}

/** UTC offset (ms, east positive) of `timeZone` at the instant. Offsets have whole seconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSecond, timeZone) - wholeSecond;
}

type LocalResolution =
  | { kind: 'unique' | 'ambiguous'; earlier: number; later: number }
  | { kind: 'gap'; shiftedForward: number; transition: number };

/**
 * Finds the instants at which the zone's wall clock reads `wallMs`. The offsets a day either side
 * bracket any transition near that reading (no zone in the tz database changes offset twice within two days).
 */
function resolveWallClock(wallMs: number, timeZone: string): LocalResolution {
  const before = offsetMs(wallMs - DAY_MS, timeZone);
  const after = offsetMs(wallMs + DAY_MS, timeZone);
  const candidates = [...new Set([wallMs - before, wallMs - after])]
    .filter((t) => offsetMs(t, timeZone) === wallMs - t)
    .sort((a, b) => a - b);
  const [first, last] = [candidates[0], candidates[candidates.length - 1]];
  if (first !== undefined && last !== undefined) {
    return { kind: candidates.length > 1 ? 'ambiguous' : 'unique', earlier: first, later: last };
  }
  // Spring-forward gap: the clock jumps from (wall − gap) straight past `wallMs`.
  return {
    kind: 'gap',
    shiftedForward: wallMs - before,
    transition: findTransition(wallMs - after, wallMs - before, before, timeZone),
  };
}

/** First instant in (lo, hi] whose offset differs from `offsetAtLo`, to the second. */
function findTransition(lo: number, hi: number, offsetAtLo: number, timeZone: string): number {
  let [low, high] = [lo, hi];
  while (high - low > 1000) {
    const mid = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetMs(mid, timeZone) === offsetAtLo) low = mid;
    else high = mid;
  }
  return high;
}

function wallMsOf(date: string, time: string): number {
  assertDate(date);
  // A point in time is 00:00–23:59; only an end (firstInstantAtOrAfter) may say 24:00.
  if (!isValidLocalTime(time))
    throw new Invalid(`time '${time}' must be HH:MM between 00:00 and 23:59`);
  const minutes = minutesOfDay(time);
  const [y, m, d] = dateParts(date);
  return wallAsUtcMs(y, m, d) + minutes * MINUTE_MS;
}

/**
 * The instant a local date and time denote in `timeZone`. Matches Temporal's "compatible"
 * disambiguation: a time skipped by a spring-forward gap moves forward by the gap length
 * (02:30 on a New York spring-forward day → 03:30 EDT); a time repeated by a fall-back uses
 * the earlier instant (the first 01:30).
 */
export function zonedDateTimeToUtc(date: string, time: string, timeZone: string): Date {
  assertTimeZone(timeZone);
  const r = resolveWallClock(wallMsOf(date, time), timeZone);
  return new Date(r.kind === 'gap' ? r.shiftedForward : r.earlier);
}

/**
 * The first instant at which the zone's wall clock reads `date time` or later. Differs from
 * zonedDateTimeToUtc only inside a gap, where it is the moment of the jump. Being monotonic in
 * the wall time, it keeps intervals built from it (days, sessions) ordered and non-overlapping.
 */
export function firstInstantAtOrAfter(date: string, time: string, timeZone: string): Date {
  if (time === END_OF_DAY) return firstInstantAtOrAfter(addDays(date, 1), '00:00', timeZone);
  assertTimeZone(timeZone);
  const r = resolveWallClock(wallMsOf(date, time), timeZone);
  return new Date(r.kind === 'gap' ? r.transition : r.earlier);
}

export function utcToZonedParts(instant: Date, timeZone: string): ZonedParts {
  assertTimeZone(timeZone);
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new Invalid('instant must be a valid date');
  const wall = new Date(wallClockMs(ms, timeZone));
  return {
    date: formatUtcDate(wall.getTime()),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: UTC_DAY_TO_WEEKDAY[wall.getUTCDay()] as Weekday,
  };
}

/**
 * The local day as a half-open UTC interval [start, end): end is the start of the next local
 * day, so DST days last 23 or 25 hours. A day whose midnight falls in a gap starts at the jump.
 */
export function dayBoundsUtc(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: firstInstantAtOrAfter(date, '00:00', timeZone),
    end: firstInstantAtOrAfter(addDays(date, 1), '00:00', timeZone),
  };
}

/**
 * Sort-key bounds for a BETWEEN over keys that begin with an ISO 8601 UTC instant (e.g.
 * `<start>#<id>`): every key whose instant falls within the local day. `~` sorts after `#` and
 * every id character, so keys at the day's last millisecond are included.
 */
export function localDayKeyRange(date: string, timeZone: string): { from: string; to: string } {
  const { start, end } = dayBoundsUtc(date, timeZone);
  return { from: start.toISOString(), to: `${new Date(end.getTime() - 1).toISOString()}~` };
}

/** The local calendar date of `now` in the zone: what "today" means for a hospital. */
export function todayIn(timeZone: string, now: Date): string {
  return utcToZonedParts(now, timeZone).date;
}
