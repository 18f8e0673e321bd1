/**
 * Solving a roster problem with HiGHS (the `highs` package: HiGHS compiled to WebAssembly) and
 * reading the answer: the roster, the coverage it could not meet with the reason for each gap,
 * and the solver's figures (status, objective, optimality gap, time).
 */
import {
  type CoverageCell,
  type CoverageGap,
  checkPerson,
  checkRoster,
  coverageGaps,
  coverageOf,
  type RosterFigures,
  requirementFor,
  requirementParts,
  rosterFigures,
  type Violation,
} from './check';
import { greedyRoster } from './greedy';
import { buildModel, startingValues } from './model';
import { type Assignment, onLeave, type RosterProblem } from './problem';

type Highs = Awaited<ReturnType<typeof import('highs').default>>;
let highs: Promise<Highs> | undefined;
/** Loaded once per process, on first use (the wasm is 2.7 MB). */
function loadHighs(): Promise<Highs> {
  highs ??= import('highs').then((m) => m.default());
  return highs;
}

/** Why a coverage minimum could not be met. */
export interface Shortfall extends CoverageGap {
  /** `lack-of-staff`: fewer qualified staff than needed are free of leave that day; `rules`: enough are, but the hard rules keep them off. */
  reason: 'lack-of-staff' | 'rules';
  /** Qualified ward staff, and how many of them are on approved leave that day. */
  qualified: number;
  onLeave: number;
  /** For each qualified person free of leave and not on this shift: what keeps them off. */
  blockedBy: Record<string, number>;
  explanation: string;
}

export interface SolverFigures {
  status: string;
  objective: number | null;
  /** Relative MIP gap (0 when optimal); null when no roster was found. */
  gap: number | null;
  seconds: number;
  size: { binaries: number; continuous: number; rows: number };
}

export interface GeneratedRoster {
  assignments: Assignment[];
  shortfalls: Shortfall[];
  coverage: CoverageCell[];
  violations: Violation[];
  figures: RosterFigures;
  solver: SolverFigures;
}

export const DEFAULT_TIME_LIMIT_SECONDS = 20;

/** Solves the problem; a month that cannot be fully covered still answers its best roster. */
export async function generateRoster(
  p: RosterProblem,
  timeLimitSeconds = DEFAULT_TIME_LIMIT_SECONDS,
): Promise<GeneratedRoster> {
  const model = buildModel(p);
  const solver = await loadHighs();
  const started = performance.now();
  const names = solver.constants.modelStatus as Record<string, number>;
  const m = solver.createModel({ format: 'lp', data: model.lp });
  const assignments: Assignment[] = [];
  let status = 'notSet';
  let objective: number | null = null;
  let gap: number | null = null;
  try {
    // A fixed seed (the wasm build is single-threaded): the same input gives the same roster.
    m.options.set({
      time_limit: timeLimitSeconds,
      output_flag: false,
      random_seed: 0,
      // Stop within 1 % of the best bound: a criterion of the search, not of the clock, so the
      // same input still gives the same roster.
      mip_rel_gap: 0.01,
    });
    // Start from the greedy roster: every hard rule holds in it, so HiGHS has a roster from the
    // first second and spends its time improving it (the continuous variables it completes).
    const start = startingValues(model, greedyRoster(p));
    m.setSolution({
      indices: start.map(([name]) => m.getColByName(name)),
      values: start.map(([, v]) => v),
    });
    m.run();
    const code = m.getModelStatus();
    status = Object.keys(names).find((k) => names[k] === code) ?? String(code);
    // A time limit may still hold a feasible roster (primal_solution_status 2: feasible).
    const found =
      code === names.optimal ||
      (code === names.timeLimit && Number(m.info.get('primal_solution_status')) === 2);
    if (found) {
      const values = m.getSolution().colValue;
      for (const [name, a] of model.assignments) {
        if ((values[m.getColByName(name)] ?? 0) > 0.5) assignments.push(a);
      }
      objective = m.getObjectiveValue();
      gap = code === names.optimal ? 0 : Number(m.info.get('mip_gap'));
    }
  } finally {
    m.dispose();
  }
  const seconds = (performance.now() - started) / 1000;
  // Every coverage row has slack, so a model without a roster is a solver limit, not the data.
  if (objective === null)
    throw new Error(`HiGHS found no roster (${status}) within ${timeLimitSeconds} s`);
  return finish(p, assignments, { status, objective, gap, seconds, size: model.size });
}

/** The roster's shortfalls, violations and figures: also used after an edit or a swap. */
export function finish(
  p: RosterProblem,
  assignments: Assignment[],
  solver: SolverFigures,
): GeneratedRoster {
  const sorted = [...assignments].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.shift.localeCompare(b.shift) ||
      a.userId.localeCompare(b.userId),
  );
  return {
    assignments: sorted,
    shortfalls: explainGaps(p, sorted),
    coverage: coverageOf(p, sorted),
    violations: checkRoster(p, sorted),
    figures: rosterFigures(p, sorted),
    solver,
  };
}

/** Each coverage gap with its reason: not enough qualified staff free of leave, or the rules. */
export function explainGaps(p: RosterProblem, assignments: readonly Assignment[]): Shortfall[] {
  const staff = p.staff.filter((s) => s.wards.includes(p.wardId));
  return coverageGaps(p, assignments).map((gap) => {
    const req = requirementFor(p, gap.date, gap.shift)!;
    const part = requirementParts(p, req).find((x) => x.requirement === gap.requirement)!;
    const shift = p.shifts.find((s) => s.code === gap.shift)!;
    const qualified = staff.filter(part.qualifies);
    const away = qualified.filter((s) => onLeave(p.leave, s.userId, gap.date));
    const free = qualified.filter(
      (s) =>
        !onLeave(p.leave, s.userId, gap.date) &&
        !assignments.some(
          (a) => a.userId === s.userId && a.date === gap.date && a.shift === gap.shift,
        ),
    );
    const blockedBy: Record<string, number> = {};
    for (const s of free) {
      const own = assignments.filter((a) => a.userId === s.userId);
      const elsewhere = own.find((a) => a.date === gap.date);
      const tried = [
        ...own.filter((a) => a !== elsewhere),
        { userId: s.userId, date: gap.date, shift: gap.shift },
      ];
      const broken = new Set(checkPerson(p, s.userId, tried).map((v) => v.rule));
      const reasons = elsewhere ? [`working ${elsewhere.shift} that day`] : [...broken];
      if (elsewhere) for (const b of broken) reasons.push(b);
      for (const why of reasons.length ? reasons : ['optimisation (would cost more elsewhere)'])
        blockedBy[why] = (blockedBy[why] ?? 0) + 1;
    }
    const lack = qualified.length - away.length < gap.needed;
    const reason = lack ? 'lack-of-staff' : 'rules';
    const who = gap.requirement === 'total' ? 'staff' : gap.requirement.replace(':', ' ');
    const explanation = lack
      ? `${gap.needed} ${who} needed on ${shift.code} ${gap.date}: ${qualified.length} qualified on the ward, ${away.length} on approved leave`
      : `${gap.needed} ${who} needed on ${shift.code} ${gap.date}: ${free.length} qualified staff free of leave are kept off by ${Object.entries(
          blockedBy,
        )
          .map(([k, n]) => `${k} (${n})`)
          .join(', ')}`;
    return {
      ...gap,
      reason,
      qualified: qualified.length,
      onLeave: away.length,
      blockedBy,
      explanation,
    };
  });
}
