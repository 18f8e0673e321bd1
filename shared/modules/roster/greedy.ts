/**
 * A greedy roster: day by day, shift by shift, fill each grade and competency minimum, then the
 * total minimum, then the target, with whoever is furthest below their contract and breaks no
 * hard rule. It is the solver's starting roster (a MIP start: HiGHS improves on it rather than
 * searching from nothing) and the benchmark's baseline.
 */
import { periodDates } from './calendar';
import { checkPerson, requirementFor, requirementParts } from './check';
import { type Assignment, onLeave, type RosterProblem } from './problem';

export function greedyRoster(p: RosterProblem): Assignment[] {
  const staff = [...p.staff]
    .filter((s) => s.wards.includes(p.wardId))
    .sort((a, b) => a.userId.localeCompare(b.userId));
  const byUser = new Map<string, Assignment[]>(staff.map((s) => [s.userId, []]));
  const hours = new Map<string, number>();
  const out: Assignment[] = [];
  for (const date of periodDates(p.start, p.days)) {
    for (const shift of p.shifts) {
      const req = requirementFor(p, date, shift.code);
      if (!req) continue;
      const parts = requirementParts(p, req);
      const goals = [...parts.slice(1), parts[0]!, { ...parts[0]!, needed: req.target }];
      const on: typeof staff = [];
      for (const part of goals) {
        while (on.filter(part.qualifies).length < part.needed) {
          const pick = staff
            .filter(
              (s) =>
                part.qualifies(s) &&
                !onLeave(p.leave, s.userId, date) &&
                !byUser.get(s.userId)!.some((a) => a.date === date) &&
                checkPerson(p, s.userId, [
                  ...byUser.get(s.userId)!,
                  { userId: s.userId, date, shift: shift.code },
                ]).length === 0,
            )
            .sort(
              (a, b) =>
                (hours.get(a.userId) ?? 0) / Math.max(a.contractedHoursPerWeek, 1) -
                  (hours.get(b.userId) ?? 0) / Math.max(b.contractedHoursPerWeek, 1) ||
                a.userId.localeCompare(b.userId),
            )[0];
          if (!pick) break;
          const a = { userId: pick.userId, date, shift: shift.code };
          out.push(a);
          byUser.get(pick.userId)!.push(a);
          on.push(pick);
          hours.set(pick.userId, (hours.get(pick.userId) ?? 0) + shift.paidHours);
        }
      }
    }
  }
  return out;
}
