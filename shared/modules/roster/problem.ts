/**
 * What a roster is made from and of, as plain data: the input of the model (model.ts), the rule
 * checker (check.ts) and the solver's reading (solve.ts), independent of storage.
 */

import type { Weekday } from '../../kernel/time/zoned-time';
import type { ShiftType } from './calendar';
import type { RosterRules } from './rules';

export interface StaffMember {
  userId: string;
  name: string;
  grade: string;
  contractedHoursPerWeek: number;
  competencies: string[];
  wards: string[];
  nightEligible: boolean;
  preferences: { avoidWeekdays: Weekday[]; noNights: boolean };
}

/** Headcount wanted on one shift of one kind of day. */
export interface CoverageRequirement {
  shift: string;
  dayType: 'weekday' | 'weekend' | 'holiday';
  minimum: number;
  target: number;
  /** At least this many of the grade or a higher one (rules.gradeOrder). */
  grades: Record<string, number>;
  /** At least this many holding the competency. */
  competencies: Record<string, number>;
}

/** One approved leave or unavailability, both dates included. */
export interface LeaveSpan {
  userId: string;
  start: string;
  end: string;
}

export interface Assignment {
  userId: string;
  date: string;
  shift: string;
}

export interface RosterProblem {
  wardId: string;
  start: string;
  days: number;
  staff: StaffMember[];
  shifts: ShiftType[];
  coverage: CoverageRequirement[];
  rules: RosterRules;
  leave: LeaveSpan[];
}

export const onLeave = (leave: readonly LeaveSpan[], userId: string, date: string) =>
  leave.some((l) => l.userId === userId && l.start <= date && date <= l.end);

/** Does a grade meet a minimum for `wanted` (the same grade, or a higher one in the order)? */
export function gradeMeets(order: readonly string[], grade: string, wanted: string): boolean {
  if (grade === wanted) return true;
  const have = order.indexOf(grade);
  const need = order.indexOf(wanted);
  return have >= 0 && need >= 0 && have >= need;
}
