/**
 * The rule checker: which hard rules a roster breaks, what coverage it misses, and its fairness
 * figures. It reads the roster itself, not the model (model.ts), so it checks the solver's
 * output as much as a manager's edit or a swap.
 */
import { weekdayOfDate } from '../../kernel/time/zoned-time';
import {
  averageHoursCap,
  dayTypeOf,
  fullWeekends,
  isWeekendDay,
  periodDates,
  requiredWeekendsOff,
  type ShiftTiming,
  sevenDayWindows,
  shiftTiming,
} from './calendar';
import {
  type Assignment,
  type CoverageRequirement,
  gradeMeets,
  onLeave,
  type RosterProblem,
  type StaffMember,
} from './problem';
import type { HardRule } from './rules';

export interface Violation {
  rule: HardRule;
  userId: string;
  dates: string[];
  message: string;
}

const hours = (h: number) => `${Math.round(h * 100) / 100} h`;

/** Every hard-rule violation of the roster, person by person, in date order. */
export function checkRoster(p: RosterProblem, assignments: readonly Assignment[]): Violation[] {
  const byUser = new Map<string, Assignment[]>();
  for (const a of assignments) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
  const out: Violation[] = [];
  for (const [userId, list] of [...byUser].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(...checkPerson(p, userId, list));
  }
  return out;
}

/** What every check of one problem reads, computed once per problem (the greedy start checks often). */
const preparedOf = new WeakMap<RosterProblem, ReturnType<typeof prepare>>();
function prepare(p: RosterProblem) {
  const dates = periodDates(p.start, p.days);
  return {
    dates,
    dayIndex: new Map(dates.map((d, i) => [d, i])),
    shiftOf: new Map(p.shifts.map((s) => [s.code, { ...s, ...shiftTiming(s) }])),
    staffOf: new Map(p.staff.map((s) => [s.userId, s])),
  };
}
function prepared(p: RosterProblem) {
  let found = preparedOf.get(p);
  if (!found) {
    found = prepare(p);
    preparedOf.set(p, found);
  }
  return found;
}

/** The hard-rule violations of one person's shifts in the period. */
export function checkPerson(
  p: RosterProblem,
  userId: string,
  list: readonly Assignment[],
): Violation[] {
  const { dates, dayIndex, shiftOf, staffOf } = prepared(p);
  const person = staffOf.get(userId);
  const r = p.rules;
  const out: Violation[] = [];
  const add = (rule: HardRule, ds: string[], message: string) =>
    out.push({ rule, userId, dates: ds, message });
  const name = person?.name ?? userId;

  type Placed = Assignment & { day: number; t: ShiftTiming & { paidHours: number } };
  const placed: Placed[] = list
    .flatMap((a) => {
      const day = dayIndex.get(a.date);
      const t = shiftOf.get(a.shift);
      return day === undefined || !t ? [] : [{ ...a, day, t }];
    })
    .sort((a, b) => a.day - b.day || a.t.startMin - b.t.startMin);

  for (const a of placed) {
    if (!person?.wards.includes(p.wardId))
      add('ward-membership', [a.date], `${name} is not staff of ward ${p.wardId}`);
    if (onLeave(p.leave, userId, a.date))
      add('approved-leave', [a.date], `${name} is on approved leave on ${a.date}`);
    if (a.t.night && person && !person.nightEligible)
      add('night-eligibility', [a.date], `${name} is not eligible for night work`);
  }
  for (let i = 0; i + 1 < placed.length; i++) {
    const a = placed[i]!;
    const b = placed[i + 1]!;
    if (a.day === b.day) {
      add('one-shift-per-day', [a.date], `${name} has two shifts on ${a.date}`);
      continue;
    }
    const restMin = b.day * 1440 + b.t.startMin - (a.day * 1440 + a.t.startMin + a.t.lengthMin);
    if (restMin < r.minRestHours * 60)
      add(
        'min-rest',
        [a.date, b.date],
        `${name} rests ${hours(restMin / 60)} between ${a.shift} on ${a.date} and ${b.shift} on ${b.date} (minimum ${r.minRestHours} h)`,
      );
    if (r.noEarlyAfterNight && a.t.night && b.t.early && b.day === a.day + 1)
      add(
        'no-early-after-night',
        [a.date, b.date],
        `${name} works the early ${b.shift} on ${b.date} after the night ${a.shift}`,
      );
  }

  const hoursOn = new Array<number>(p.days).fill(0);
  const worked = new Array<boolean>(p.days).fill(false);
  const nightOn = new Array<boolean>(p.days).fill(false);
  for (const a of placed) {
    hoursOn[a.day]! += a.t.paidHours;
    worked[a.day] = true;
    if (a.t.night) nightOn[a.day] = true;
  }
  for (const w of sevenDayWindows(p.days)) {
    const h = hoursOn.slice(w.from, w.to + 1).reduce((s, x) => s + x, 0);
    if (h > r.maxHoursIn7Days + 1e-9)
      add(
        'max-hours-7-days',
        [dates[w.from]!, dates[w.to]!],
        `${name} works ${hours(h)} from ${dates[w.from]} to ${dates[w.to]} (maximum ${r.maxHoursIn7Days} h in 7 days)`,
      );
  }
  const total = hoursOn.reduce((s, x) => s + x, 0);
  const cap = averageHoursCap(r.maxAverageWeeklyHours, p.days);
  if (total > cap + 1e-9)
    add(
      'max-average-weekly-hours',
      [dates[0]!, dates[p.days - 1]!],
      `${name} works ${hours(total)} in ${p.days} days, above ${r.maxAverageWeeklyHours} h a week on average (${hours(cap)})`,
    );
  const runs = (on: boolean[], max: number, rule: HardRule, what: string) => {
    for (let from = 0; from + max < p.days; from++) {
      if (on.slice(from, from + max + 1).every(Boolean))
        add(
          rule,
          [dates[from]!, dates[from + max]!],
          `${name} works ${max + 1} ${what} in a row from ${dates[from]} to ${dates[from + max]} (maximum ${max})`,
        );
    }
  };
  runs(worked, r.maxConsecutiveShifts, 'max-consecutive-shifts', 'shifts');
  runs(nightOn, r.maxConsecutiveNights, 'max-consecutive-nights', 'nights');

  const weekends = fullWeekends(dates);
  const need = requiredWeekendsOff(r.minFullWeekendsOffPer4Weeks, weekends.length);
  const off = weekends.filter((sat) => !worked[sat] && !worked[sat + 1]).length;
  if (off < need)
    add(
      'min-weekends-off',
      [dates[0]!, dates[p.days - 1]!],
      `${name} has ${off} full weekend(s) off; at least ${need} in this period`,
    );
  return out;
}

/** A coverage minimum not met: which shift, which part of the requirement, how many are missing. */
export interface CoverageGap {
  date: string;
  shift: string;
  /** `total`, `grade:<grade>` or `competency:<competency>`. */
  requirement: string;
  needed: number;
  assigned: number;
  missing: number;
}

/** The requirement that applies to a shift on a date: a holiday falls back to the weekend's. */
export function requirementFor(
  p: RosterProblem,
  date: string,
  shift: string,
): CoverageRequirement | undefined {
  const type = dayTypeOf(date, p.rules.publicHolidays);
  const find = (t: string) => p.coverage.find((c) => c.shift === shift && c.dayType === t);
  return find(type) ?? (type === 'holiday' ? find('weekend') : undefined);
}

/** The parts of a requirement: the total, then each grade and competency minimum. */
export function requirementParts(
  p: RosterProblem,
  req: CoverageRequirement,
): { requirement: string; needed: number; qualifies: (s: StaffMember) => boolean }[] {
  return [
    { requirement: 'total', needed: req.minimum, qualifies: () => true },
    ...Object.entries(req.grades)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([g, n]) => ({
        requirement: `grade:${g}`,
        needed: n,
        qualifies: (s: StaffMember) => gradeMeets(p.rules.gradeOrder, s.grade, g),
      })),
    ...Object.entries(req.competencies)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, n]) => ({
        requirement: `competency:${c}`,
        needed: n,
        qualifies: (s: StaffMember) => s.competencies.includes(c),
      })),
  ];
}

/** Every coverage minimum the roster misses, by date, shift and requirement. */
export function coverageGaps(p: RosterProblem, assignments: readonly Assignment[]): CoverageGap[] {
  const staff = new Map(p.staff.map((s) => [s.userId, s]));
  const gaps: CoverageGap[] = [];
  for (const date of periodDates(p.start, p.days)) {
    for (const shift of p.shifts) {
      const req = requirementFor(p, date, shift.code);
      if (!req) continue;
      const on = assignments
        .filter((a) => a.date === date && a.shift === shift.code)
        .flatMap((a) => staff.get(a.userId) ?? []);
      for (const part of requirementParts(p, req)) {
        const assigned = on.filter(part.qualifies).length;
        if (assigned < part.needed)
          gaps.push({
            date,
            shift: shift.code,
            requirement: part.requirement,
            needed: part.needed,
            assigned,
            missing: part.needed - assigned,
          });
      }
    }
  }
  return gaps;
}

/** Fairness and preference figures of a roster, for its summary and the benchmark. */
export interface RosterFigures {
  shifts: number;
  nights: { min: number; max: number };
  weekendShifts: { min: number; max: number };
  preferenceBreaches: number;
  hoursFromContract: number;
}

export function rosterFigures(p: RosterProblem, assignments: readonly Assignment[]): RosterFigures {
  const shiftOf = new Map(p.shifts.map((s) => [s.code, { ...s, ...shiftTiming(s) }]));
  const nights = new Map<string, number>();
  const weekend = new Map<string, number>();
  const worked = new Map<string, number>();
  let breaches = 0;
  for (const a of assignments) {
    const t = shiftOf.get(a.shift);
    const person = p.staff.find((s) => s.userId === a.userId);
    if (!t || !person) continue;
    if (t.night) nights.set(a.userId, (nights.get(a.userId) ?? 0) + 1);
    if (isWeekendDay(a.date)) weekend.set(a.userId, (weekend.get(a.userId) ?? 0) + 1);
    worked.set(a.userId, (worked.get(a.userId) ?? 0) + t.paidHours);
    if (person.preferences.avoidWeekdays.includes(weekdayOfDate(a.date))) breaches++;
    if (t.night && person.preferences.noNights) breaches++;
  }
  const spread = (m: Map<string, number>, who: readonly StaffMember[]) => {
    const values = who.map((s) => m.get(s.userId) ?? 0);
    return values.length
      ? { min: Math.min(...values), max: Math.max(...values) }
      : { min: 0, max: 0 };
  };
  const contract = p.staff.reduce(
    (sum, s) =>
      sum + Math.abs((worked.get(s.userId) ?? 0) - (s.contractedHoursPerWeek * p.days) / 7),
    0,
  );
  return {
    shifts: assignments.length,
    nights: spread(
      nights,
      p.staff.filter((s) => s.nightEligible),
    ),
    weekendShifts: spread(weekend, p.staff),
    preferenceBreaches: breaches,
    hoursFromContract: Math.round(contract * 100) / 100,
  };
}

/** How one shift of one day is staffed against its requirement (the page's heat map). */
export interface CoverageCell {
  date: string;
  shift: string;
  dayType: 'weekday' | 'weekend' | 'holiday';
  /** People on the shift. */
  staffed: number;
  minimum: number;
  target: number;
  /** below-minimum: any minimum part (total, a grade, a competency) missed; below-target: fewer than the target. */
  status: 'met' | 'below-target' | 'below-minimum';
}

/** Each shift of each day that has a requirement, staffed against it (shifts with none are left out). */
export function coverageOf(p: RosterProblem, assignments: readonly Assignment[]): CoverageCell[] {
  const staff = new Set(p.staff.map((s) => s.userId));
  const missed = new Set(coverageGaps(p, assignments).map((g) => `${g.date}|${g.shift}`));
  const cells: CoverageCell[] = [];
  for (const date of periodDates(p.start, p.days)) {
    for (const shift of p.shifts) {
      const req = requirementFor(p, date, shift.code);
      if (!req) continue;
      const staffed = assignments.filter(
        (a) => a.date === date && a.shift === shift.code && staff.has(a.userId),
      ).length;
      cells.push({
        date,
        shift: shift.code,
        dayType: dayTypeOf(date, p.rules.publicHolidays),
        staffed,
        minimum: req.minimum,
        target: req.target,
        status: missed.has(`${date}|${shift.code}`)
          ? 'below-minimum'
          : staffed < req.target
            ? 'below-target'
            : 'met',
      });
    }
  }
  return cells;
}
