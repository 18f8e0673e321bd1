/**
 * The roster as a mixed-integer linear programme, written in the CPLEX LP text HiGHS reads.
 *
 * Variables: x_i_d_k = 1 when staff member i works shift type k starting on day d (created only
 * where it may be 1: ward member, not on approved leave, night-eligible for a night); slack
 * variables for coverage (u: missing from a minimum, t: below a target); h+/h- (hours above and
 * below the contract); w_i_j = 1 when i has full weekend j off; N and W, the largest number of
 * nights and of weekend shifts anyone works.
 * Constraints (hard rules): one shift a day, minimum rest between shifts, no early after a night,
 * hours in any 7 days, average weekly hours, consecutive shifts and nights, weekends off; and the
 * coverage rows, which slack keeps feasible so an impossible month still has a best roster.
 * Objective (minimise): weighted slack, preference breaches, hours away from contract, N and W.
 */
import { weekdayOfDate } from '../../kernel/time/zoned-time';
import {
  averageHoursCap,
  fullWeekends,
  isWeekendDay,
  periodDates,
  requiredWeekendsOff,
  sevenDayWindows,
  shiftTiming,
} from './calendar';
import { requirementFor, requirementParts } from './check';
import { type Assignment, onLeave, type RosterProblem } from './problem';

export interface RosterModel {
  lp: string;
  /** Assignment variable → what it assigns. */
  assignments: Map<string, { userId: string; date: string; shift: string }>;
  /** Minimum slack variable → what it stands for. */
  shortfalls: Map<string, { date: string; shift: string; requirement: string; needed: number }>;
  /** Weekend-off variable → the person's day prefixes (`x_i_d`) of its Saturday and Sunday. */
  weekends: Map<string, string[]>;
  /** Counts, for the benchmark's report. */
  size: { binaries: number; continuous: number; rows: number };
}

const x = (i: number, d: number, k: number) => `x_${i}_${d}_${k}`;
const num = (v: number) => String(Math.round(v * 1e6) / 1e6);

/** Builds the model; the same problem always gives the same text (a deterministic solve). */
export function buildModel(p: RosterProblem): RosterModel {
  const dates = periodDates(p.start, p.days);
  const staff = [...p.staff]
    .filter((s) => s.wards.includes(p.wardId))
    .sort((a, b) => a.userId.localeCompare(b.userId));
  const shifts = p.shifts.map((s) => ({ ...s, ...shiftTiming(s) }));
  const r = p.rules;
  const W = r.weights;

  const assignments: RosterModel['assignments'] = new Map();
  const shortfalls: RosterModel['shortfalls'] = new Map();
  const weekendVars: RosterModel['weekends'] = new Map();
  const exists = (i: number, d: number, k: number) => assignments.has(x(i, d, k));
  staff.forEach((s, i) => {
    dates.forEach((date, d) => {
      if (onLeave(p.leave, s.userId, date)) return;
      shifts.forEach((sh, k) => {
        if (sh.night && !s.nightEligible) return;
        assignments.set(x(i, d, k), { userId: s.userId, date, shift: sh.code });
      });
    });
  });

  const objective: string[] = [];
  const rows: string[] = [];
  const continuous: string[] = [];
  const binaries: string[] = [...assignments.keys()];
  const row = (name: string, terms: string[], op: '<=' | '>=' | '=', rhs: number) => {
    if (terms.length) rows.push(` ${name}: ${terms.join(' + ')} ${op} ${num(rhs)}`);
  };
  const vars = (list: [number, number, number][]) =>
    list.filter(([i, d, k]) => exists(i, d, k)).map(([i, d, k]) => x(i, d, k));

  // Coverage: minimum rows with a penalised slack each, and the target with a cheaper one.
  dates.forEach((date, d) => {
    shifts.forEach((sh, k) => {
      const req = requirementFor(p, date, sh.code);
      if (!req) return;
      requirementParts(p, req).forEach((part, j) => {
        if (part.needed <= 0) return;
        const u = `u_${d}_${k}_${j}`;
        continuous.push(u);
        shortfalls.set(u, {
          date,
          shift: sh.code,
          requirement: part.requirement,
          needed: part.needed,
        });
        objective.push(`${num(W.minimumShortfall)} ${u}`);
        const on = vars(staff.flatMap((s, i) => (part.qualifies(s) ? [[i, d, k]] : [])));
        rows.push(` cov_${d}_${k}_${j}: ${[...on, u].join(' + ')} >= ${part.needed}`);
      });
      if (req.target > req.minimum) {
        const t = `t_${d}_${k}`;
        continuous.push(t);
        objective.push(`${num(W.belowTarget)} ${t}`);
        const on = vars(staff.map((_, i) => [i, d, k]));
        rows.push(` tgt_${d}_${k}: ${[...on, t].join(' + ')} >= ${req.target}`);
      }
    });
  });

  staff.forEach((s, i) => {
    const onDay = (d: number) => vars(shifts.map((_, k) => [i, d, k]));
    const nightsOn = (d: number) => vars(shifts.flatMap((sh, k) => (sh.night ? [[i, d, k]] : [])));
    // One shift starting per day.
    dates.forEach((_, d) => {
      if (onDay(d).length > 1) row(`one_${i}_${d}`, onDay(d), '<=', 1);
    });
    // Rest between shifts (an overlap is a rest below zero) and no early after a night.
    dates.forEach((_, d) => {
      shifts.forEach((a, ka) => {
        for (let e = d + 1; e <= d + 2 && e < p.days; e++) {
          shifts.forEach((b, kb) => {
            if (!exists(i, d, ka) || !exists(i, e, kb)) return;
            const rest = (e - d) * 1440 + b.startMin - (a.startMin + a.lengthMin);
            const earlyAfterNight = r.noEarlyAfterNight && a.night && b.early && e === d + 1;
            if (rest < r.minRestHours * 60 || earlyAfterNight)
              row(`rest_${i}_${d}_${ka}_${e}_${kb}`, [x(i, d, ka), x(i, e, kb)], '<=', 1);
          });
        }
      });
    });
    const paid = (d: number) =>
      shifts.flatMap((sh, k) => (exists(i, d, k) ? [`${num(sh.paidHours)} ${x(i, d, k)}`] : []));
    for (const w of sevenDayWindows(p.days)) {
      const terms = dates.slice(w.from, w.to + 1).flatMap((_, j) => paid(w.from + j));
      row(`h7_${i}_${w.from}`, terms, '<=', r.maxHoursIn7Days);
    }
    const all = dates.flatMap((_, d) => paid(d));
    row(`avg_${i}`, all, '<=', averageHoursCap(r.maxAverageWeeklyHours, p.days));
    // Hours against the contract: sum - h+ + h- = contracted hours of the period.
    if (all.length) {
      const hp = `hp_${i}`;
      const hm = `hm_${i}`;
      continuous.push(hp, hm);
      objective.push(`${num(W.contractHours)} ${hp}`, `${num(W.contractHours)} ${hm}`);
      rows.push(
        ` con_${i}: ${all.join(' + ')} - ${hp} + ${hm} = ${num((s.contractedHoursPerWeek * p.days) / 7)}`,
      );
    }
    for (let from = 0; from + r.maxConsecutiveShifts < p.days; from++) {
      const terms = dates
        .slice(from, from + r.maxConsecutiveShifts + 1)
        .flatMap((_, j) => onDay(from + j));
      row(`cs_${i}_${from}`, terms, '<=', r.maxConsecutiveShifts);
    }
    for (let from = 0; from + r.maxConsecutiveNights < p.days; from++) {
      const terms = dates
        .slice(from, from + r.maxConsecutiveNights + 1)
        .flatMap((_, j) => nightsOn(from + j));
      row(`cn_${i}_${from}`, terms, '<=', r.maxConsecutiveNights);
    }
    // Full weekends off: w_i_j <= 1 - (shifts on Saturday), the same for Sunday; sum w >= need.
    const weekends = fullWeekends(dates);
    const need = requiredWeekendsOff(r.minFullWeekendsOffPer4Weeks, weekends.length);
    if (need > 0) {
      const ws = weekends.map((sat, j) => {
        const w = `w_${i}_${j}`;
        binaries.push(w);
        weekendVars.set(w, [`x_${i}_${sat}`, `x_${i}_${sat + 1}`]);
        for (const d of [sat, sat + 1]) {
          const terms = onDay(d);
          if (terms.length) rows.push(` wo_${i}_${j}_${d}: ${[...terms, w].join(' + ')} <= 1`);
        }
        return w;
      });
      rows.push(` wk_${i}: ${ws.join(' + ')} >= ${need}`);
    }
    // Soft: preferences.
    dates.forEach((date, d) => {
      const avoid = s.preferences.avoidWeekdays.includes(weekdayOfDate(date));
      shifts.forEach((sh, k) => {
        if (!exists(i, d, k)) return;
        const breaches = (avoid ? 1 : 0) + (sh.night && s.preferences.noNights ? 1 : 0);
        if (breaches) objective.push(`${num(W.preference * breaches)} ${x(i, d, k)}`);
      });
    });
    // Fairness: N >= nights of each, Wk >= weekend shifts of each.
    const nights = dates.flatMap((_, d) => nightsOn(d));
    if (nights.length) rows.push(` fn_${i}: ${nights.join(' + ')} - N <= 0`);
    const weekendShifts = dates.flatMap((date, d) => (isWeekendDay(date) ? onDay(d) : []));
    if (weekendShifts.length) rows.push(` fw_${i}: ${weekendShifts.join(' + ')} - Wk <= 0`);
  });
  continuous.push('N', 'Wk');
  objective.push(`${num(W.nightFairness)} N`, `${num(W.weekendFairness)} Wk`);

  const lp = [
    'Minimize',
    ` obj: ${objective.join(' + ')}`,
    'Subject To',
    ...rows,
    'Bounds',
    ...continuous.map((v) => ` ${v} >= 0`),
    'Binary',
    ...binaries.map((v) => ` ${v}`),
    'End',
    '',
  ].join('\n');
  return {
    lp,
    assignments,
    shortfalls,
    weekends: weekendVars,
    size: { binaries: binaries.length, continuous: continuous.length, rows: rows.length },
  };
}

/**
 * The binary variables' values for a roster that keeps every hard rule (the greedy start): its
 * assignments, and each weekend off it leaves. HiGHS completes the continuous ones.
 */
export function startingValues(
  model: RosterModel,
  roster: readonly Assignment[],
): [string, number][] {
  const on = new Set(roster.map((a) => `${a.userId}|${a.date}|${a.shift}`));
  const values: [string, number][] = [];
  const worked = new Set<string>();
  for (const [name, a] of model.assignments) {
    const v = on.has(`${a.userId}|${a.date}|${a.shift}`) ? 1 : 0;
    values.push([name, v]);
    if (v) worked.add(name.split('_').slice(0, 3).join('_'));
  }
  for (const [w, days] of model.weekends) {
    values.push([w, days.some((xd) => worked.has(xd)) ? 0 : 1]);
  }
  return values;
}
