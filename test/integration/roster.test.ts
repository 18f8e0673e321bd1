import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { finished, rosterHospital } from '../support/roster';
import { startTestRuntime } from '../support/runtime';

// The roster module through the local runtime, with the real HiGHS solver on small wards. The
// hard rules are verified on the answer by the checks below, written here from the rules' text
// (not with the module's checker or model).

let url = '';
beforeAll(async () => {
  url = (await startTestRuntime()).url;
}, 60_000);

const START = '2027-03-01'; // a Monday
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const SHIFT = {
  E: { start: 7 * 60, length: 8 * 60, paid: 8 },
  N: { start: 21 * 60, length: 630, paid: 10 },
};
type A = { userId: string; date: string; shift: 'E' | 'N' };

/** Every hard rule at its default, checked from the roster alone. */
function hardRuleBreaches(
  roster: A[],
  opts: { days: number; leave: Record<string, string[]>; noNights: string[] },
): string[] {
  const out: string[] = [];
  const dayOf = (d: string) => Math.round((Date.parse(d) - Date.parse(START)) / 86_400_000);
  const users = [...new Set(roster.map((a) => a.userId))];
  for (const u of users) {
    const mine = roster.filter((a) => a.userId === u).sort((a, b) => dayOf(a.date) - dayOf(b.date));
    const days = mine.map((a) => dayOf(a.date));
    if (new Set(days).size !== days.length) out.push(`${u}: two shifts a day`);
    for (const a of mine) {
      if (opts.leave[u]?.includes(a.date)) out.push(`${u}: on leave ${a.date}`);
      if (a.shift === 'N' && opts.noNights.includes(u)) out.push(`${u}: night not eligible`);
    }
    for (let i = 0; i + 1 < mine.length; i++) {
      const a = mine[i]!;
      const b = mine[i + 1]!;
      const end = dayOf(a.date) * 1440 + SHIFT[a.shift].start + SHIFT[a.shift].length;
      const next = dayOf(b.date) * 1440 + SHIFT[b.shift].start;
      if (next - end < 11 * 60) out.push(`${u}: ${(next - end) / 60} h rest before ${b.date}`);
    }
    const hoursIn = (from: number, to: number) =>
      mine
        .filter((a) => dayOf(a.date) >= from && dayOf(a.date) <= to)
        .reduce((s, a) => s + SHIFT[a.shift].paid, 0);
    for (let from = 0; from + 6 < Math.max(opts.days, 7); from++)
      if (hoursIn(from, from + 6) > 72) out.push(`${u}: over 72 h in 7 days from day ${from}`);
    if (hoursIn(0, opts.days) > (48 * Math.max(opts.days, 7)) / 7)
      out.push(`${u}: over 48 h a week`);
    let run = 0;
    let nights = 0;
    for (let d = 0; d < opts.days; d++) {
      const a = mine.find((x) => dayOf(x.date) === d);
      run = a ? run + 1 : 0;
      nights = a?.shift === 'N' ? nights + 1 : 0;
      if (run > 7) out.push(`${u}: 8 shifts in a row`);
      if (nights > 4) out.push(`${u}: 5 nights in a row`);
    }
  }
  return out;
}

/** Starts a generation (202: the queued job) and follows the job until it has finished. */
async function generate(api: any, body: Record<string, unknown>) {
  const res = await api.post('/roster/wards/W1/generations', body);
  return finished(api, res);
}

describe('roster generation with HiGHS', () => {
  it('a feasible week: every minimum met, no hard rule broken, leave never rostered', async () => {
    const h = await rosterHospital(url);
    const [n0, n1, n2] = h.staff as any[];
    const leave = await n2.api.post('/roster/leave', {
      kind: 'annual',
      start: addDays(START, 2),
      end: addDays(START, 3),
    });
    expect(leave.status).toBe(201);
    expect(leave.body.status).toBe('requested');
    expectError(
      await n2.api.post(`/roster/leave/${leave.body.id}/decision`, { decision: 'approve' }),
      403,
    );
    const ok = await h.manager.api.post(`/roster/leave/${leave.body.id}/decision`, {
      decision: 'approve',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('approved');

    const job = await generate(h.manager.api, { start: START, days: 7, timeLimitSeconds: 10 });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    expect(job.body).toMatchObject({ status: 'done', wardId: 'W1', start: START, days: 7 });
    expect(job.body.summary).toMatchObject({ coverageMet: true, shortfalls: [], violations: 0 });
    const read = await h.manager.api.get(`/roster/generations/${job.body.id}`);
    expect(read.body).toEqual(job.body);

    const roster = await n0.api.get(`/roster/wards/W1/rosters/${START}`);
    expect(roster.status).toBe(200);
    expect(roster.body).toMatchObject({
      status: 'draft',
      version: 1,
      violations: [],
      shortfalls: [],
    });
    const a: A[] = roster.body.assignments;
    expect(
      hardRuleBreaches(a, {
        days: 7,
        leave: { [n2.user.id]: [addDays(START, 2), addDays(START, 3)] },
        noNights: [n1.user.id],
      }),
    ).toEqual([]);
    // Every minimum: an early and a night each day, an IV-trained nurse on weekday earlies.
    const iv = new Set([n0.user.id, n2.user.id]);
    for (let d = 0; d < 7; d++) {
      const date = addDays(START, d);
      expect(a.filter((x) => x.date === date && x.shift === 'E').length).toBeGreaterThanOrEqual(1);
      expect(a.filter((x) => x.date === date && x.shift === 'N').length).toBeGreaterThanOrEqual(1);
      if (d < 5)
        expect(a.some((x) => x.date === date && x.shift === 'E' && iv.has(x.userId))).toBe(true);
    }
  });

  it('too many on leave: the draft names exactly the shifts it cannot cover, and why', async () => {
    const h = await rosterHospital(url, 2, [
      { shift: 'E', dayType: 'weekday', minimum: 2, target: 2, grades: {}, competencies: {} },
    ]);
    const [n0] = h.staff as any[];
    const leave = await h.manager.api.post('/roster/leave', {
      userId: n0.user.id,
      kind: 'sick',
      start: addDays(START, 1),
      end: addDays(START, 1),
    });
    await h.manager.api.post(`/roster/leave/${leave.body.id}/decision`, { decision: 'approve' });
    const job = await generate(h.manager.api, { start: START, days: 3, timeLimitSeconds: 10 });
    expect(job.status).toBe(202);
    expect(job.body.summary.coverageMet).toBe(false);
    expect(job.body.summary.shortfalls).toEqual([
      {
        date: addDays(START, 1),
        shift: 'E',
        requirement: 'total',
        needed: 2,
        assigned: 1,
        missing: 1,
        reason: 'lack-of-staff',
        qualified: 2,
        onLeave: 1,
        blockedBy: {},
        explanation: `2 staff needed on E ${addDays(START, 1)}: 2 qualified on the ward, 1 on approved leave`,
      },
    ]);
  });

  it('edits and swaps that break a rule are refused naming it; publication and swaps re-check', async () => {
    const h = await rosterHospital(url);
    const [n0, n1] = h.staff as any[];
    const job = await generate(h.manager.api, { start: START, days: 7, timeLimitSeconds: 10 });
    expect(job.status).toBe(202);
    const path = `/roster/wards/W1/rosters/${START}`;
    let roster = (await h.manager.api.get(path)).body;
    // A night for the nurse who may not work nights.
    const night = await h.manager.api.put(`${path}/assignments`, {
      version: roster.version,
      userId: n1.user.id,
      date: addDays(START, 6),
      shift: 'N',
    });
    expectError(night, 409);
    expect(night.body.message).toMatch(/night-eligibility/);
    // A stale version.
    expectError(
      await h.manager.api.put(`${path}/assignments`, {
        version: 99,
        userId: n1.user.id,
        date: START,
        shift: null,
      }),
      409,
    );
    // Clearing a day breaks no rule: accepted, the version moves on, shortfalls are recomputed.
    const someone = roster.assignments[0];
    const cleared = await h.manager.api.put(`${path}/assignments`, {
      version: roster.version,
      userId: someone.userId,
      date: someone.date,
      shift: null,
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.version).toBe(roster.version + 1);
    roster = cleared.body;
    // Nurses may not edit or publish.
    expectError(await n0.api.post(`${path}/publish`, { version: roster.version }), 403);

    // Two publications at once: one wins.
    const both = await Promise.all([
      h.manager.api.post(`${path}/publish`, { version: roster.version }),
      h.admin.post(`${path}/publish`, { version: roster.version }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    roster = (await h.manager.api.get(path)).body;
    expect(roster.status).toBe('published');
    // A published roster is not edited, nor generated again.
    expectError(
      await h.manager.api.put(`${path}/assignments`, {
        version: roster.version,
        userId: n0.user.id,
        date: START,
        shift: null,
      }),
      409,
    );
    expectError(await generate(h.manager.api, { start: START, days: 7 }), 409);

    // A swap with the nurse who may not work nights, of a night: refused on approval naming the rule.
    const nightOf = roster.assignments.find((a: A) => a.shift === 'N' && a.userId !== n1.user.id);
    const holder = (h.staff as any[]).find((s) => s.user.id === nightOf.userId);
    const bad = await holder.api.post('/roster/swaps', {
      wardId: 'W1',
      start: START,
      date: nightOf.date,
      toUserId: n1.user.id,
    });
    expect(bad.status).toBe(201);
    expect(bad.body.violations.map((v: any) => v.rule)).toContain('night-eligibility');
    const refused = await h.manager.api.post(`/roster/swaps/${bad.body.id}/decision`, {
      decision: 'approve',
    });
    expectError(refused, 409);
    expect(refused.body.message).toMatch(/night-eligibility/);
    expect((await h.manager.api.get(path)).body.assignments).toEqual(roster.assignments);

    // Who is on duty at 23:00 on that night (the hospital is on UTC).
    const duty = await n0.api.get(`/roster/wards/W1/on-duty?at=${nightOf.date}T23:00:00Z`);
    expect(duty.status).toBe(200);
    expect(duty.body.onDuty.map((d: any) => d.userId)).toContain(nightOf.userId);
    expect(duty.body.onDuty.every((d: any) => d.shift === 'N')).toBe(true);
  });

  it('a roster answers its coverage per shift and day; swaps are listed, to staff only their own', async () => {
    // E: minimum 1 with one IV-trained, target 2; N: minimum 1, target 1. Three nurses, one day:
    // two on the early and one on the night is the cheapest day (written out from the weights).
    const h = await rosterHospital(url, 3, [
      {
        shift: 'E',
        dayType: 'weekday',
        minimum: 1,
        target: 2,
        grades: {},
        competencies: { iv: 1 },
      },
      { shift: 'N', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
    ]);
    const [n0, n1, n2] = h.staff as any[];
    const job = await generate(h.manager.api, { start: START, days: 1, timeLimitSeconds: 10 });
    expect(job.body.status).toBe('done');
    const path = `/roster/wards/W1/rosters/${START}`;
    let roster = (await h.manager.api.get(path)).body;
    const cell = { date: START, dayType: 'weekday', minimum: 1 };
    expect(roster.coverage).toEqual([
      { ...cell, shift: 'E', staffed: 2, target: 2, status: 'met' },
      { ...cell, shift: 'N', staffed: 1, target: 1, status: 'met' },
    ]);
    // Nurse 1 (no nights) is on the early; taking them off leaves it below target.
    expect(roster.assignments).toContainEqual({ userId: n1.user.id, date: START, shift: 'E' });
    const edited = await h.manager.api.put(`${path}/assignments`, {
      version: roster.version,
      userId: n1.user.id,
      date: START,
      shift: null,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.coverage).toEqual([
      { ...cell, shift: 'E', staffed: 1, target: 2, status: 'below-target' },
      { ...cell, shift: 'N', staffed: 1, target: 1, status: 'met' },
    ]);
    roster = (await h.manager.api.post(`${path}/publish`, { version: edited.body.version })).body;
    expect(roster.status).toBe('published');

    // The night's holder offers it to Nurse 1: listed to the manager and to both nurses in it,
    // not to the third nurse.
    const night = roster.assignments.find((a: A) => a.shift === 'N');
    const holder = [n0, n2].find((n) => n.user.id === night.userId);
    const third = holder === n0 ? n2 : n0;
    const asked = await holder.api.post('/roster/swaps', {
      wardId: 'W1',
      start: START,
      date: START,
      toUserId: n1.user.id,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const waiting = '/roster/swaps?status=requested&wardId=W1';
    const ids = async (api: any, q = waiting) => {
      const r = await api.get(q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.items.map((s: any) => s.id);
    };
    expect(await ids(h.manager.api)).toEqual([asked.body.id]);
    expect(await ids(holder.api)).toEqual([asked.body.id]);
    expect(await ids(n1.api)).toEqual([asked.body.id]);
    expect(await ids(third.api)).toEqual([]);
    expect(await ids(h.manager.api, '/roster/swaps?wardId=W2')).toEqual([]);
    expectError(await h.manager.api.get('/roster/swaps?status=maybe'), 400);
    // Rejected: no longer waiting, listed as rejected.
    const rejected = await h.manager.api.post(`/roster/swaps/${asked.body.id}/decision`, {
      decision: 'reject',
    });
    expect(rejected.status).toBe(200);
    expect(await ids(h.manager.api)).toEqual([]);
    expect(await ids(h.manager.api, '/roster/swaps?status=rejected')).toEqual([asked.body.id]);
  });

  it('two generations of the same ward and period at once: one job runs, both get it', async () => {
    const h = await rosterHospital(url);
    const both = await Promise.all([
      generate(h.manager.api, { start: START, days: 7, timeLimitSeconds: 5 }),
      generate(h.admin, { start: START, days: 7, timeLimitSeconds: 5 }),
    ]);
    // Concurrent starts get the one job under way for the period: it runs once.
    expect(both.map((r) => r.status)).toEqual([202, 202]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    const roster = (await h.manager.api.get(`/roster/wards/W1/rosters/${START}`)).body;
    expect(roster.version).toBe(1);
  });

  it('tenant isolation: another hospital sees none of it', async () => {
    const h = await rosterHospital(url, 2);
    const other = await rosterHospital(url, 2);
    const job = await generate(h.manager.api, { start: START, days: 2, timeLimitSeconds: 5 });
    expect(job.status).toBe(202);
    expectError(await other.manager.api.get(`/roster/generations/${job.body.id}`), 404);
    expectError(await other.manager.api.get(`/roster/wards/W1/rosters/${START}`), 404);
    const leave = await h.staff[0]!.api.post('/roster/leave', {
      kind: 'annual',
      start: START,
      end: START,
    });
    expectError(
      await other.manager.api.post(`/roster/leave/${leave.body.id}/decision`, {
        decision: 'approve',
      }),
      404,
    );
    expectError(await other.manager.api.get(`/roster/staff/${(h.staff[0] as any).user.id}`), 404);
    // Nor can it request leave for this hospital's staff: their ids are not found there.
    expectError(
      await other.manager.api.post('/roster/leave', {
        userId: (h.staff[0] as any).user.id,
        kind: 'annual',
        start: START,
        end: START,
      }),
      404,
    );
    const theirs = await other.manager.api.get('/roster/leave');
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });

  it('malformed input answers 400 naming the field, never 500', async () => {
    const h = await rosterHospital(url, 1);
    const bad: [string, string, unknown][] = [
      [
        'PUT',
        '/roster/wards/W1',
        { shifts: [{ code: 'E', start: '25:00', end: '07:00', paidHours: 8 }], coverage: [] },
      ],
      [
        'PUT',
        '/roster/wards/W1',
        {
          shifts: [{ code: 'E', start: '07:00', end: '15:00', paidHours: 8 }],
          coverage: [
            { shift: 'X', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
          ],
        },
      ],
      ['POST', '/roster/wards/W1/generations', { start: START, days: 0 }],
      ['POST', '/roster/wards/W1/generations', { start: 'tomorrow', days: 7 }],
      ['POST', '/roster/leave', { kind: 'annual', start: addDays(START, 2), end: START }],
      ['PUT', '/roster/rules', { minRestHours: -1 }],
      ['PUT', `/roster/staff/${(h.staff[0] as any).user.id}`, { name: 'x' }],
      ['GET', '/roster/wards/W1/on-duty?at=yesterday', undefined],
    ];
    for (const [method, path, body] of bad) {
      const res = await h.manager.api.call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: expect.any(String),
        message: expect.any(String),
      });
    }
  });

  it('rules: documented defaults with their sources, changed per hospital', async () => {
    const h = await rosterHospital(url, 1);
    const rules = await h.staff[0]!.api.get('/roster/rules');
    expect(rules.status).toBe(200);
    expect(rules.body).toMatchObject({
      maxHoursIn7Days: 72,
      maxAverageWeeklyHours: 48,
      minRestHours: 11,
      maxConsecutiveShifts: 7,
      maxConsecutiveNights: 4,
      noEarlyAfterNight: true,
      minFullWeekendsOffPer4Weeks: 1,
    });
    expect(rules.body.sources.minRestHours).toMatch(/2003\/88\/EC, art\. 3/);
    expect(rules.body.sources.maxAverageWeeklyHours).toMatch(/art\. 6/);
    const changed = await h.manager.api.put('/roster/rules', {
      minRestHours: 12,
      weights: { preference: 8 },
    });
    expect(changed.body).toMatchObject({
      minRestHours: 12,
      maxHoursIn7Days: 72,
      weights: { preference: 8, belowTarget: 20 },
    });
  });
});
