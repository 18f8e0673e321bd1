/**
 * `npm run bench:roster`: generates a realistic ward month with the real HiGHS solver and prints
 * its solve time, objective, optimality gap, hard-rule violations and coverage, next to a simple
 * greedy baseline on the same instance; then how solve time grows at 20, 40 and 80 nurses.
 *
 * The instance (issue 18): one ward, N nurses of 3 grades and 2 competencies, 3 shift types,
 * 28 days, the default rules, about 10 % of nurse-days on approved leave. Seeded: every run
 * builds the same instance.
 */

import { pathToFileURL } from 'node:url';
import { addDays, WEEKDAYS } from '../shared/kernel/time/zoned-time';
import { periodDates } from '../shared/modules/roster/calendar';
import { checkRoster, coverageGaps, rosterFigures } from '../shared/modules/roster/check';
import { greedyRoster } from '../shared/modules/roster/greedy';
import {
  type Assignment,
  type CoverageRequirement,
  onLeave,
  type RosterProblem,
  type StaffMember,
} from '../shared/modules/roster/problem';
import { DEFAULT_RULES } from '../shared/modules/roster/rules';
import { generateRoster } from '../shared/modules/roster/solve';

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function wardMonth(nurses: number, seed = 18): RosterProblem {
  const rnd = prng(seed);
  const start = '2027-02-01';
  const staff: StaffMember[] = Array.from({ length: nurses }, (_, i) => {
    const grade = i % 8 === 0 ? 'band7' : i % 8 < 3 ? 'band6' : 'band5';
    const competencies = [...(i % 2 === 0 ? ['iv'] : []), ...(i % 5 === 1 ? ['paediatric'] : [])];
    const contract = i % 10 === 9 ? 22.5 : i % 10 === 8 ? 30 : 37.5;
    return {
      userId: `n${String(i).padStart(3, '0')}`,
      name: `Nurse ${i}`,
      grade,
      contractedHoursPerWeek: contract,
      competencies,
      wards: ['W3'],
      nightEligible: i % 6 !== 5,
      preferences: {
        avoidWeekdays: i % 7 === 3 ? [WEEKDAYS[Math.floor(rnd() * 7)]!] : [],
        noNights: i % 9 === 4,
      },
    };
  });
  // About 10 % of nurse-days on leave: one block of 2 to 4 days for most, a week for some.
  const leave = staff.flatMap((s) => {
    const length = rnd() < 0.2 ? 7 : 2 + Math.floor(rnd() * 2);
    const from = Math.floor(rnd() * (28 - length));
    return [
      { userId: s.userId, start: addDays(start, from), end: addDays(start, from + length - 1) },
    ];
  });
  const scale = nurses / 40;
  const req = (
    shift: string,
    dayType: CoverageRequirement['dayType'],
    minimum: number,
    target: number,
    senior: number,
    iv: number,
    paeds: number,
  ): CoverageRequirement => ({
    shift,
    dayType,
    minimum: Math.max(1, Math.round(minimum * scale)),
    target: Math.max(1, Math.round(target * scale)),
    grades: { band6: Math.max(1, Math.round(senior * scale)), band7: shift === 'E' ? 1 : 0 },
    competencies: { iv: Math.max(1, Math.round(iv * scale)), paediatric: paeds },
  });
  return {
    wardId: 'W3',
    start,
    days: 28,
    staff,
    shifts: [
      { code: 'E', start: '07:00', end: '15:00', paidHours: 7.5 },
      { code: 'L', start: '14:30', end: '22:30', paidHours: 7.5 },
      { code: 'N', start: '22:00', end: '07:30', paidHours: 9 },
    ],
    coverage: [
      req('E', 'weekday', 7, 8, 2, 3, 1),
      req('L', 'weekday', 6, 7, 2, 2, 1),
      req('N', 'weekday', 5, 5, 1, 2, 0),
      req('E', 'weekend', 5, 6, 1, 2, 1),
      req('L', 'weekend', 5, 6, 1, 2, 0),
      req('N', 'weekend', 5, 5, 1, 2, 0),
    ],
    rules: { ...DEFAULT_RULES, gradeOrder: ['band5', 'band6', 'band7'] },
    leave,
  };
}

function report(label: string, p: RosterProblem, roster: Assignment[]) {
  const gaps = coverageGaps(p, roster);
  const f = rosterFigures(p, roster);
  console.log(
    `${label}: ${roster.length} shifts, hard-rule violations ${checkRoster(p, roster).length}, ` +
      `coverage minimums missed ${gaps.reduce((s, g) => s + g.missing, 0)} (in ${gaps.length} requirement rows), ` +
      `nights per eligible nurse ${f.nights.min}-${f.nights.max} (spread ${f.nights.max - f.nights.min}), ` +
      `weekend shifts ${f.weekendShifts.min}-${f.weekendShifts.max} (spread ${f.weekendShifts.max - f.weekendShifts.min}), ` +
      `preference breaches ${f.preferenceBreaches}, hours away from contract ${f.hoursFromContract}`,
  );
}

async function main() {
  const limit = Number(process.env.ROSTER_TIME_LIMIT ?? 30);
  const p = wardMonth(40);
  const leaveDays = p.staff.reduce(
    (s, n) => s + periodDates(p.start, p.days).filter((d) => onLeave(p.leave, n.userId, d)).length,
    0,
  );
  console.log(
    `Instance: 40 nurses (3 grades, 2 competencies), 3 shift types, 28 days, default rules, ${((100 * leaveDays) / (40 * 28)).toFixed(1)} % of nurse-days on leave; time limit ${limit} s`,
  );
  const g0 = performance.now();
  const baseline = greedyRoster(p);
  console.log(`greedy baseline in ${((performance.now() - g0) / 1000).toFixed(2)} s`);
  report('greedy', p, baseline);
  const r = await generateRoster(p, limit);
  console.log(
    `HiGHS: status ${r.solver.status}, ${r.solver.seconds.toFixed(2)} s, objective ${r.solver.objective?.toFixed(2)}, gap ${((r.solver.gap ?? 0) * 100).toFixed(3)} %, ` +
      `model ${r.solver.size.binaries} binaries, ${r.solver.size.continuous} continuous, ${r.solver.size.rows} rows`,
  );
  report('HiGHS', p, r.assignments);
  console.log('Scaling (same generator, coverage scaled with the ward):');
  for (const n of [20, 40, 80]) {
    const q = wardMonth(n);
    const s = await generateRoster(q, limit);
    const gaps = coverageGaps(q, s.assignments).reduce((t, g) => t + g.missing, 0);
    console.log(
      `  ${n} nurses: ${s.solver.seconds.toFixed(2)} s, status ${s.solver.status}, objective ${s.solver.objective?.toFixed(2)}, gap ${((s.solver.gap ?? 0) * 100).toFixed(3)} %, ` +
        `${s.solver.size.binaries} binaries, violations ${s.violations.length}, minimums missed ${gaps}`,
    );
  }
}

// Run as a script (npm run bench:roster); a test imports wardMonth without running it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
