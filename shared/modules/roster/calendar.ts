/**
 * Time arithmetic of a roster period, in the hospital's wall-clock minutes from the period's first
 * midnight (a DST change shifts no shift: rest and hours are counted as the wall clock reads).
 */
import { addDays, minutesOfDay, type Weekday, weekdayOfDate } from '../../kernel/time/zoned-time';

export interface ShiftType {
  code: string;
  name?: string | undefined;
  start: string;
  end: string;
  paidHours: number;
}

export type DayType = 'weekday' | 'weekend' | 'holiday';

/** A shift type's timing: its length, whether it is a night (WTD art. 2) or an early start. */
export interface ShiftTiming {
  startMin: number;
  lengthMin: number;
  night: boolean;
  early: boolean;
}

const NIGHT_WINDOW_END = 5 * 60;
const NIGHT_MIN_MINUTES = 3 * 60;
const EARLY_BEFORE = 10 * 60;

export function shiftTiming(s: Pick<ShiftType, 'start' | 'end'>): ShiftTiming {
  const startMin = minutesOfDay(s.start);
  const endMin = minutesOfDay(s.end);
  const lengthMin = endMin > startMin ? endMin - startMin : endMin + 1440 - startMin;
  // Minutes of the shift inside 00:00-05:00 of its own day or of the next day.
  let inNight = 0;
  for (const dayStart of [0, 1440]) {
    const from = Math.max(startMin, dayStart);
    const to = Math.min(startMin + lengthMin, dayStart + NIGHT_WINDOW_END);
    if (to > from) inNight += to - from;
  }
  const night = inNight >= NIGHT_MIN_MINUTES;
  return { startMin, lengthMin, night, early: !night && startMin < EARLY_BEFORE };
}

/** The period's dates, first to last. */
export function periodDates(start: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(start, i));
}

export function dayTypeOf(date: string, holidays: readonly string[]): DayType {
  if (holidays.includes(date)) return 'holiday';
  const wd: Weekday = weekdayOfDate(date);
  return wd === 'SAT' || wd === 'SUN' ? 'weekend' : 'weekday';
}

export const isWeekendDay = (date: string) => {
  const wd = weekdayOfDate(date);
  return wd === 'SAT' || wd === 'SUN';
};

/** Indexes of the Saturdays whose Sunday is also in the period: its full weekends. */
export function fullWeekends(dates: readonly string[]): number[] {
  return dates.flatMap((d, i) => (weekdayOfDate(d) === 'SAT' && i + 1 < dates.length ? [i] : []));
}

/** Full weekends off a person must have in this period: the 4-week rule, pro rata, rounded down. */
export function requiredWeekendsOff(perFourWeeks: number, weekends: number): number {
  return Math.min(weekends, Math.floor((perFourWeeks * weekends) / 4));
}

/** Start indexes of the 7-day windows (one window of the whole period when it is shorter). */
export function sevenDayWindows(days: number): { from: number; to: number }[] {
  if (days <= 7) return [{ from: 0, to: days - 1 }];
  return Array.from({ length: days - 6 }, (_, i) => ({ from: i, to: i + 6 }));
}

/**
 * The hours a person may work over the period under the weekly average: the average times the
 * period's weeks, a period shorter than a week counting as a week (the WTD averages over 17 weeks;
 * a 2-day draft must not limit a nurse to 13.7 hours).
 */
export function averageHoursCap(perWeek: number, days: number): number {
  return (perWeek * Math.max(days, 7)) / 7;
}
