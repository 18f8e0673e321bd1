import { describe, expect, it } from 'vitest';
import { checkRoster, coverageGaps } from '../../../shared/modules/roster/check';
import { buildModel } from '../../../shared/modules/roster/model';
import type { RosterProblem, StaffMember } from '../../../shared/modules/roster/problem';
import { DEFAULT_RULES } from '../../../shared/modules/roster/rules';
import { generateRoster } from '../../../shared/modules/roster/solve';

// The model builder's variables and rows for small problems, written out by hand; then the real
// HiGHS solver on two tiny wards (a feasible one and one with too many on leave).

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

const tiny = (more: Partial<RosterProblem> = {}): RosterProblem => ({
  wardId: 'W1',
  start: '2027-02-01', // a Monday
  days: 2,
  staff: [nurse('a'), nurse('b', { nightEligible: false }), nurse('z', { wards: ['W2'] })],
  shifts: [
    { code: 'L', start: '12:30', end: '20:30', paidHours: 8 },
    { code: 'E', start: '07:00', end: '15:00', paidHours: 8 },
    { code: 'N', start: '22:00', end: '07:30', paidHours: 9 },
  ],
  coverage: [
    { shift: 'E', dayType: 'weekday', minimum: 1, target: 2, grades: {}, competencies: {} },
  ],
  rules: DEFAULT_RULES,
  leave: [{ userId: 'a', start: '2027-02-02', end: '2027-02-02' }],
  ...more,
});

describe('model builder', () => {
  const model = buildModel(tiny());
  const rows = model.lp.split('\n');

  it('creates an assignment variable only where one may be worked', () => {
    // a = 0 (on leave on day 1), b = 1 (no nights), z is of another ward: no variables.
    expect([...model.assignments.keys()]).toEqual([
      'x_0_0_0',
      'x_0_0_1',
      'x_0_0_2',
      'x_1_0_0',
      'x_1_0_1',
      'x_1_1_0',
      'x_1_1_1',
    ]);
    expect(model.assignments.get('x_0_0_2')).toEqual({
      userId: 'a',
      date: '2027-02-01',
      shift: 'N',
    });
  });

  it('writes coverage with slack, rest pairs, one shift a day, and the hour limits', () => {
    expect(rows).toEqual(
      expect.arrayContaining([
        ' cov_0_1_0: x_0_0_1 + x_1_0_1 + u_0_1_0 >= 1',
        ' tgt_0_1: x_0_0_1 + x_1_0_1 + t_0_1 >= 2',
        ' cov_1_1_0: x_1_1_1 + u_1_1_0 >= 1',
        ' one_0_0: x_0_0_0 + x_0_0_1 + x_0_0_2 <= 1',
        // L ends 20:30, E starts 07:00 the next day: 10.5 h of rest < 11 h.
        ' rest_1_0_0_1_1: x_1_0_0 + x_1_1_1 <= 1',
        ' h7_1_0: 8 x_1_0_0 + 8 x_1_0_1 + 8 x_1_1_0 + 8 x_1_1_1 <= 72',
        // 48 h a week on average; a period shorter than a week counts as a week.
        ' avg_1: 8 x_1_0_0 + 8 x_1_0_1 + 8 x_1_1_0 + 8 x_1_1_1 <= 48',
        ' con_1: 8 x_1_0_0 + 8 x_1_0_1 + 8 x_1_1_0 + 8 x_1_1_1 - hp_1 + hm_1 = 10.714286',
      ]),
    );
    // E on day 0 then L on day 1 rests 21.5 h: no row.
    expect(rows.some((r) => r.startsWith(' rest_1_0_1_1_0:'))).toBe(false);
    // Minimum shortfall costs 100000, below target 20 (the default weights).
    expect(rows[1]).toContain('100000 u_0_1_0');
    expect(rows[1]).toContain('20 t_0_1');
  });

  it('is the same text for the same problem', () => {
    expect(buildModel(tiny()).lp).toBe(model.lp);
  });
});

describe('solving with HiGHS', () => {
  it('a feasible small ward: every minimum met, no hard rule broken, deterministic', async () => {
    const p: RosterProblem = {
      ...tiny(),
      days: 4,
      staff: ['a', 'b', 'c', 'd'].map((id, i) =>
        nurse(id, { grade: i === 0 ? 'band7' : 'band5', competencies: i < 2 ? ['iv'] : [] }),
      ),
      coverage: (['weekday', 'weekend'] as const).flatMap((dayType) => [
        {
          shift: 'E',
          dayType,
          minimum: 1,
          target: 2,
          grades: { band7: 0 },
          competencies: { iv: 1 },
        },
        {
          shift: 'N',
          dayType,
          minimum: 1,
          target: 1,
          grades: {} as Record<string, number>,
          competencies: {} as Record<string, number>,
        },
      ]),
      leave: [{ userId: 'c', start: '2027-02-02', end: '2027-02-03' }],
    };
    const first = await generateRoster(p, 20);
    // Under load the solver may stop at its time limit; the roster it answers still keeps every rule.
    expect(['optimal', 'timeLimit']).toContain(first.solver.status);
    expect(first.violations).toEqual([]);
    expect(checkRoster(p, first.assignments)).toEqual([]);
    expect(coverageGaps(p, first.assignments)).toEqual([]);
    expect(first.shortfalls).toEqual([]);
    expect(first.assignments.some((a) => a.userId === 'c' && a.date === '2027-02-03')).toBe(false);
    const again = await generateRoster(p, 20);
    if (first.solver.status === 'optimal' && again.solver.status === 'optimal')
      expect(again.assignments).toEqual(first.assignments);
  });

  it('the same input gives the same roster', async () => {
    const a = await generateRoster(tiny(), 20);
    const b = await generateRoster(tiny(), 20);
    expect(a.solver.status).toBe('optimal');
    expect(b.assignments).toEqual(a.assignments);
  });

  it('too many on leave: the best roster, and exactly the shifts it cannot cover, with why', async () => {
    const p = tiny({
      staff: [nurse('a'), nurse('b')],
      shifts: [{ code: 'E', start: '07:00', end: '15:00', paidHours: 8 }],
      coverage: [
        { shift: 'E', dayType: 'weekday', minimum: 2, target: 2, grades: {}, competencies: {} },
      ],
      leave: [{ userId: 'a', start: '2027-02-02', end: '2027-02-02' }],
    });
    const r = await generateRoster(p, 10);
    expect(r.violations).toEqual([]);
    expect(r.assignments).toEqual([
      { userId: 'a', date: '2027-02-01', shift: 'E' },
      { userId: 'b', date: '2027-02-01', shift: 'E' },
      { userId: 'b', date: '2027-02-02', shift: 'E' },
    ]);
    expect(r.shortfalls).toEqual([
      {
        date: '2027-02-02',
        shift: 'E',
        requirement: 'total',
        needed: 2,
        assigned: 1,
        missing: 1,
        reason: 'lack-of-staff',
        qualified: 2,
        onLeave: 1,
        blockedBy: {},
        explanation: '2 staff needed on E 2027-02-02: 2 qualified on the ward, 1 on approved leave',
      },
    ]);
  });

  it('a shortfall the rules cause names the rule', async () => {
    // One nurse, late then early: the early cannot be covered because of the 11-hour rest.
    const p = tiny({
      staff: [nurse('a')],
      shifts: [
        { code: 'L', start: '12:30', end: '20:30', paidHours: 8 },
        { code: 'E', start: '07:00', end: '15:00', paidHours: 8 },
      ],
      coverage: [
        { shift: 'L', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
        { shift: 'E', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
      ],
      leave: [],
      days: 1,
    });
    const r = await generateRoster(p, 10);
    expect(r.shortfalls).toHaveLength(1);
    expect(r.shortfalls[0]).toMatchObject({ reason: 'rules', qualified: 1, onLeave: 0 });
    // Adding the early on top of the late would be two shifts that day (the late's 10.5 h rest
    // before an early applies across days, not here).
    expect(r.shortfalls[0]!.blockedBy).toEqual({
      [`working ${r.assignments[0]!.shift} that day`]: 1,
    });
  });
});
