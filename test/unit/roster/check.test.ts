import { describe, expect, it } from 'vitest';
import { shiftTiming } from '../../../shared/modules/roster/calendar';
import { checkRoster, coverageGaps, coverageOf } from '../../../shared/modules/roster/check';
import type {
  Assignment,
  RosterProblem,
  StaffMember,
} from '../../../shared/modules/roster/problem';
import { DEFAULT_RULES } from '../../../shared/modules/roster/rules';

// The rule checker at each rule's threshold: one roster just within the default, one just beyond.
// Expected rules are written out by hand from the defaults (docs/roster.md: WTD arts. 3 and 6,
// the 2016 NHS doctors-in-training terms: 72 h in 7 days, 7 shifts, 4 nights in a row).

const nurse = (userId: string, more: Partial<StaffMember> = {}): StaffMember => ({
  userId,
  name: userId,
  grade: 'band5',
  contractedHoursPerWeek: 37.5,
  competencies: [],
  wards: ['W1'],
  nightEligible: true,
  preferences: { avoidWeekdays: [], noNights: false },
  ...more,
});

// 2027-02-01 is a Monday.
const problem = (more: Partial<RosterProblem> = {}): RosterProblem => ({
  wardId: 'W1',
  start: '2027-02-01',
  days: 28,
  staff: [nurse('a'), nurse('b', { nightEligible: false })],
  shifts: [
    { code: 'E', start: '07:00', end: '15:00', paidHours: 8 },
    { code: 'L', start: '12:00', end: '20:00', paidHours: 8 },
    { code: 'X', start: '12:30', end: '20:30', paidHours: 8 },
    { code: 'D', start: '08:00', end: '20:00', paidHours: 12 },
    { code: 'N', start: '20:00', end: '08:00', paidHours: 12 },
    { code: 'S', start: '22:00', end: '06:00', paidHours: 8 },
  ],
  coverage: [],
  rules: DEFAULT_RULES,
  leave: [],
  ...more,
});

const day = (n: number) => `2027-02-${String(n).padStart(2, '0')}`;
const on = (userId: string, shift: string, days: number[]): Assignment[] =>
  days.map((d) => ({ userId, date: day(d), shift }));
const rulesOf = (p: RosterProblem, roster: Assignment[]) =>
  [...new Set(checkRoster(p, roster).map((v) => v.rule))].sort();

describe('shift timing (WTD art. 2: a night works at least 3 hours in 00:00-05:00)', () => {
  it.each([
    ['07:00', '15:00', 480, false, true],
    ['12:00', '20:00', 480, false, false],
    ['20:00', '08:00', 720, true, false],
    ['21:00', '02:00', 300, false, false], // 2 hours in the night window
    ['21:00', '03:00', 360, true, false], // exactly 3 hours
    ['02:00', '10:00', 480, true, false], // 3 hours, on its own day
    ['09:59', '18:00', 481, false, true],
    ['10:00', '18:00', 480, false, false],
  ])('%s-%s: %i minutes, night %s, early %s', (start, end, length, night, early) => {
    expect(shiftTiming({ start, end })).toMatchObject({ lengthMin: length, night, early });
  });
});

describe('hard rules at their thresholds', () => {
  const p = problem();
  it.each<[string, Assignment[], string[]]>([
    ['no shifts', [], []],
    ['rest of exactly 11 h (L 20:00 → E 07:00)', [...on('a', 'L', [1]), ...on('a', 'E', [2])], []],
    [
      'rest of 10.5 h (X 20:30 → E 07:00)',
      [...on('a', 'X', [1]), ...on('a', 'E', [2])],
      ['min-rest'],
    ],
    ['two shifts on one day', [...on('a', 'E', [1]), ...on('a', 'L', [1])], ['one-shift-per-day']],
    ['6 × 12 h = 72 h in 7 days', on('a', 'D', [1, 2, 3, 4, 5, 6]), []],
    ['7 × 12 h = 84 h in 7 days', on('a', 'D', [1, 2, 3, 4, 5, 6, 7]), ['max-hours-7-days']],
    ['7 shifts in a row', on('a', 'E', [1, 2, 3, 4, 5, 6, 7]), []],
    ['8 shifts in a row', on('a', 'E', [1, 2, 3, 4, 5, 6, 7, 8]), ['max-consecutive-shifts']],
    ['4 nights in a row', on('a', 'N', [1, 2, 3, 4]), []],
    ['5 nights in a row', on('a', 'N', [1, 2, 3, 4, 5]), ['max-consecutive-nights']],
    [
      '16 × 12 h = 192 h in 28 days (48 h a week)',
      on('a', 'D', [1, 2, 3, 4, 8, 9, 10, 11, 15, 16, 17, 18, 22, 23, 24, 25]),
      [],
    ],
    [
      '17 × 12 h = 204 h in 28 days',
      on('a', 'D', [1, 2, 3, 4, 5, 8, 9, 10, 11, 15, 16, 17, 18, 22, 23, 24, 25]),
      ['max-average-weekly-hours'],
    ],
    ['3 of 4 Saturdays worked: one weekend off', on('a', 'E', [6, 13, 20]), []],
    ['every Saturday worked: no weekend off', on('a', 'E', [6, 13, 20, 27]), ['min-weekends-off']],
    ['a night for someone not eligible', on('b', 'N', [1]), ['night-eligibility']],
    ['staff of another ward', on('c', 'E', [1]), ['ward-membership']],
  ])('%s', (_what, roster, expected) => {
    expect(rulesOf(p, roster)).toEqual(expected);
  });

  it('approved leave is never rostered, both ends of the leave included', () => {
    const q = problem({ leave: [{ userId: 'a', start: day(3), end: day(5) }] });
    expect(rulesOf(q, on('a', 'E', [2]))).toEqual([]);
    expect(rulesOf(q, on('a', 'E', [3]))).toEqual(['approved-leave']);
    expect(rulesOf(q, on('a', 'E', [5]))).toEqual(['approved-leave']);
    expect(rulesOf(q, on('a', 'E', [6]))).toEqual([]);
  });

  it('no early after a night, on its own when rest is not the reason', () => {
    const q = problem({ rules: { ...DEFAULT_RULES, minRestHours: 0 } });
    // S ends 06:00, E starts 07:00 the same morning: 1 h of rest, allowed here.
    expect(rulesOf(q, [...on('a', 'S', [1]), ...on('a', 'E', [2])])).toEqual([
      'no-early-after-night',
    ]);
    expect(rulesOf(q, [...on('a', 'S', [1]), ...on('a', 'L', [2])])).toEqual([]);
    const r = problem({ rules: { ...DEFAULT_RULES, noEarlyAfterNight: false, minRestHours: 0 } });
    expect(rulesOf(r, [...on('a', 'S', [1]), ...on('a', 'E', [2])])).toEqual([]);
  });

  it('a 7-day period: 1 weekend, so no weekend off is required (pro rata, rounded down)', () => {
    const q = problem({ days: 7 });
    expect(rulesOf(q, on('a', 'E', [6, 7]))).toEqual([]);
  });
});

describe('coverage gaps', () => {
  it('names each minimum missed: total, grade (or higher) and competency', () => {
    const p = problem({
      days: 1,
      staff: [nurse('a', { grade: 'band7' }), nurse('b', { competencies: ['iv'] }), nurse('c')],
      rules: { ...DEFAULT_RULES, gradeOrder: ['band5', 'band6', 'band7'] },
      coverage: [
        {
          shift: 'E',
          dayType: 'weekday',
          minimum: 3,
          target: 3,
          grades: { band6: 1 },
          competencies: { iv: 2 },
        },
      ],
    });
    expect(coverageGaps(p, [...on('a', 'E', [1]), ...on('b', 'E', [1])])).toEqual([
      { date: day(1), shift: 'E', requirement: 'total', needed: 3, assigned: 2, missing: 1 },
      {
        date: day(1),
        shift: 'E',
        requirement: 'competency:iv',
        needed: 2,
        assigned: 1,
        missing: 1,
      },
    ]);
    expect(coverageGaps(p, [...on('b', 'E', [1]), ...on('c', 'E', [1])])).toEqual([
      { date: day(1), shift: 'E', requirement: 'total', needed: 3, assigned: 2, missing: 1 },
      { date: day(1), shift: 'E', requirement: 'grade:band6', needed: 1, assigned: 0, missing: 1 },
      {
        date: day(1),
        shift: 'E',
        requirement: 'competency:iv',
        needed: 2,
        assigned: 1,
        missing: 1,
      },
    ]);
  });
});

describe('coverage cells (the page heat map)', () => {
  it('each shift of each day with a requirement: met, below target, or below a minimum part', () => {
    // Thu 4 Feb a weekday, Fri 5 Feb a public holiday (no holiday requirement: the weekend's),
    // Sat 6 Feb a weekend. No weekday night requirement: that cell is left out.
    const p = problem({
      start: '2027-02-04',
      days: 3,
      staff: [nurse('a'), nurse('b', { competencies: ['iv'] }), nurse('c'), nurse('d')],
      rules: { ...DEFAULT_RULES, publicHolidays: ['2027-02-05'] },
      coverage: [
        { shift: 'E', dayType: 'weekday', minimum: 1, target: 2, grades: {}, competencies: {} },
        {
          shift: 'E',
          dayType: 'weekend',
          minimum: 1,
          target: 1,
          grades: {},
          competencies: { iv: 1 },
        },
        { shift: 'N', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
      ],
    });
    const roster = [
      ...on('b', 'E', [4, 5]),
      ...on('a', 'E', [6]),
      ...on('c', 'E', [6]),
      ...on('d', 'N', [6]),
    ];
    expect(coverageOf(p, roster)).toEqual([
      {
        date: day(4),
        shift: 'E',
        dayType: 'weekday',
        staffed: 1,
        minimum: 1,
        target: 2,
        status: 'below-target',
      },
      {
        date: day(5),
        shift: 'E',
        dayType: 'holiday',
        staffed: 1,
        minimum: 1,
        target: 1,
        status: 'met',
      },
      {
        date: day(5),
        shift: 'N',
        dayType: 'holiday',
        staffed: 0,
        minimum: 1,
        target: 1,
        status: 'below-minimum',
      },
      // Two on it, above the target, but nobody IV-trained: below a minimum.
      {
        date: day(6),
        shift: 'E',
        dayType: 'weekend',
        staffed: 2,
        minimum: 1,
        target: 1,
        status: 'below-minimum',
      },
      {
        date: day(6),
        shift: 'N',
        dayType: 'weekend',
        staffed: 1,
        minimum: 1,
        target: 1,
        status: 'met',
      },
    ]);
  });
});
