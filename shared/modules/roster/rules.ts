/**
 * The working-time rules a roster must keep, configurable per hospital, with their defaults and
 * the published source of each default (docs/roster.md lists them). Hard rules are constraints of
 * the model (model.ts) and are re-checked by check.ts on every edit, swap and publication; soft
 * rules are weighted terms of the model's objective.
 */

export interface RosterRules {
  /** Hard: paid hours in any 7 consecutive days of the period. */
  maxHoursIn7Days: number;
  /** Hard: paid hours over the period, on average per week. */
  maxAverageWeeklyHours: number;
  /** Hard: hours between the end of one shift and the start of the next. */
  minRestHours: number;
  /** Hard: shifts on consecutive days. */
  maxConsecutiveShifts: number;
  /** Hard: night shifts on consecutive days. */
  maxConsecutiveNights: number;
  /** Hard: no early shift on the day after a night shift. */
  noEarlyAfterNight: boolean;
  /** Hard: full weekends (Saturday and Sunday) off per 4 weeks, pro rata over the period. */
  minFullWeekendsOffPer4Weeks: number;
  /** Grades from junior to senior: a coverage minimum for a grade is met by it or a higher one. */
  gradeOrder: string[];
  /** Dates (YYYY-MM-DD) whose coverage is the `holiday` requirement. */
  publicHolidays: string[];
  /** Soft rules' weights (objective cost per unit); a coverage minimum's shortfall costs most. */
  weights: RosterWeights;
}

export interface RosterWeights {
  /** Per person missing from a coverage minimum (total, grade or competency). */
  minimumShortfall: number;
  /** Per person below a coverage target. */
  belowTarget: number;
  /** Per shift on a day the person would rather not work, or a night they would rather not do. */
  preference: number;
  /** Per hour away from the person's contracted hours over the period. */
  contractHours: number;
  /** Per night in the largest number of nights anyone works. */
  nightFairness: number;
  /** Per weekend shift in the largest number of weekend shifts anyone works. */
  weekendFairness: number;
}

/**
 * The defaults. Sources: Directive 2003/88/EC (the EU Working Time Directive, "WTD"): art. 3
 * (11 consecutive hours' daily rest), art. 6 (48 hours average weekly working time), art. 2(3)-(4)
 * (night time includes 00:00-05:00; night work is at least 3 hours of it); the NHS Terms and
 * Conditions of Service for NHS Doctors and Dentists in Training (England) 2016, schedule 03
 * (at most 72 hours in any 7 consecutive days, at most 7 consecutive shifts, at most 4
 * consecutive night shifts); the weekend and grade defaults are local policy (no statute).
 */
export const DEFAULT_RULES: RosterRules = {
  maxHoursIn7Days: 72,
  maxAverageWeeklyHours: 48,
  minRestHours: 11,
  maxConsecutiveShifts: 7,
  maxConsecutiveNights: 4,
  noEarlyAfterNight: true,
  minFullWeekendsOffPer4Weeks: 1,
  gradeOrder: [],
  publicHolidays: [],
  weights: {
    minimumShortfall: 100000,
    belowTarget: 20,
    preference: 5,
    contractHours: 1,
    nightFairness: 10,
    weekendFairness: 10,
  },
};

/** The hard rules' names, as violations and refusals name them. */
export const HARD_RULES = {
  'one-shift-per-day': 'at most one shift starting on a day',
  'approved-leave': 'approved leave and unavailability are never rostered',
  'ward-membership': 'only staff whose home wards include the ward',
  'night-eligibility': 'nights only for staff eligible for night work',
  'min-rest': 'minimum rest between the end of a shift and the start of the next',
  'no-early-after-night': 'no early shift on the day after a night shift',
  'max-hours-7-days': 'maximum paid hours in any 7 consecutive days',
  'max-average-weekly-hours': 'maximum average weekly hours over the period',
  'max-consecutive-shifts': 'maximum shifts on consecutive days',
  'max-consecutive-nights': 'maximum nights on consecutive days',
  'min-weekends-off': 'minimum full weekends off',
} as const;
export type HardRule = keyof typeof HARD_RULES;

/** Where each default comes from, for the docs and the rules' answer. */
export const RULE_SOURCES: Readonly<Record<string, string>> = {
  maxHoursIn7Days:
    'NHS Terms and Conditions of Service for Doctors in Training (England) 2016, schedule 03: at most 72 hours in any 168-hour period',
  maxAverageWeeklyHours:
    'Directive 2003/88/EC (EU Working Time Directive), art. 6: 48 hours average weekly working time',
  minRestHours: 'Directive 2003/88/EC, art. 3: 11 consecutive hours of rest per 24-hour period',
  maxConsecutiveShifts:
    'NHS Terms and Conditions of Service for Doctors in Training (England) 2016, schedule 03: at most 7 consecutive shifts',
  maxConsecutiveNights:
    'NHS Terms and Conditions of Service for Doctors in Training (England) 2016, schedule 03: at most 4 consecutive night shifts',
  noEarlyAfterNight: 'common rostering practice (implied by the 11-hour rest of WTD art. 3)',
  minFullWeekendsOffPer4Weeks: 'local policy default: one full weekend off in every 4 weeks',
  night:
    'Directive 2003/88/EC, art. 2(3)-(4): a night shift works at least 3 hours between 00:00 and 05:00',
};
