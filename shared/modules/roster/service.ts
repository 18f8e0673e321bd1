/**
 * The roster module's implementations: profiles, rules, ward set-up, leave, generation, edits,
 * publication, swaps and who is on duty. Every change to a roster is re-checked against the hard
 * rules (check.ts) and refused with the rules named; every change of a stored roster is
 * conditional on its version, so two changes at once cannot both land.
 */
import { authorityOf } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { defineDecision, mayDecide, refuse } from '../../kernel/decisions';
import { Conflict, Invalid, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import { addDays, utcToZonedParts, zonedDateTimeToUtc } from '../../kernel/time/zoned-time';
import type * as z from '../../kernel/zod';
import { findUser } from '../users/index';
import { shiftTiming } from './calendar';
import { checkPerson, checkRoster, coverageOf, type Violation } from './check';
import type { Assignment, RosterProblem } from './problem';
import { DEFAULT_RULES, type RosterRules, RULE_SOURCES } from './rules';
import {
  type DecideInput,
  type EditInput,
  Leave,
  type ListLeaveInput,
  type ListSwapsInput,
  OnDuty,
  type OnDutyInput,
  type PublishInput,
  type PutProfileInput,
  type PutRulesInput,
  type PutWardInput,
  type RequestLeaveInput,
  type RequestSwapInput,
  Roster,
  Rules,
  StaffProfile,
  Swap,
  WardSetup,
} from './schemas';
import { explainGaps } from './solve';
import {
  allLeave,
  allProfiles,
  findRoster,
  LeaveRecord,
  leaveItem,
  ProfileRecord,
  profileItem,
  type RosterRecord,
  RulesRecord,
  rosterItem,
  rosterKeys,
  SwapRecord,
  swapItem,
  WardRecord,
  wardRosters,
} from './store';

/** Managers: ward managers (and administrators, who pass every rule). */
export const MANAGERS = ['ADMIN', 'WARD_MANAGER'] as const;

export const ownOrManager = defineDecision({
  what: "read or request for another person's profile, leave or swap",
  by: [...MANAGERS],
  when: 'the person is not the caller',
  checkedBy: 'implementation',
  refusal: 'Only a ward manager may act for another person',
});

const callerId = (ctx: Context) => authorityOf(ctx.actor)?.id ?? '';
/** A ward manager, or an integration's key (its scope was checked): may act for anyone. */
const isManager = (ctx: Context) =>
  authorityOf(ctx.actor)?.kind === 'apiKey' || mayDecide(ownOrManager, ctx.actor);
/** The person a request is about: the caller unless named; only managers name someone else. */
function forPerson(ctx: Context, userId: string | undefined, field = 'userId'): string {
  if (authorityOf(ctx.actor)?.kind === 'apiKey') {
    if (!userId) throw new Invalid(`${field} is required when an API key asks`, { field });
    return userId;
  }
  const self = callerId(ctx);
  const who = userId ?? self;
  if (who !== self && !isManager(ctx)) throw refuse(ownOrManager);
  return who;
}

// ─── Profiles ───────────────────────────────────────────────────────────────────────────────

export async function putProfile(ctx: Context, input: z.output<typeof PutProfileInput>) {
  if (!(await findUser(ctx.store, input.userId)))
    throw new NotFound(`User ${input.userId} not found`);
  const profile = { ...input, tenantId: ctx.tenantId, updatedAt: ctx.now.toISOString() };
  await ctx.store.put({ Item: profileItem(ctx.store, profile) });
  return view(StaffProfile, profile);
}

export async function getProfile(ctx: Context, input: { userId: string }) {
  forPerson(ctx, input.userId);
  const item = await ctx.store.get(rosterKeys(ctx.store).profile(input.userId));
  if (!item) throw new NotFound(`No staff profile for user ${input.userId}`);
  return view(StaffProfile, ProfileRecord.read(item));
}

export async function listProfiles(ctx: Context, input: { wardId?: string | undefined }) {
  const all = await allProfiles(ctx.store);
  const items = all
    .filter((p) => !input.wardId || p.wards.includes(input.wardId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return { items: items.map((p) => view(StaffProfile, p)) };
}

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────

async function hospitalRules(ctx: Context): Promise<RosterRules> {
  const item = await ctx.store.get(rosterKeys(ctx.store).rules());
  const set = (item ? RulesRecord.read(item).rules : {}) as Partial<RosterRules>;
  return {
    ...DEFAULT_RULES,
    ...set,
    weights: { ...DEFAULT_RULES.weights, ...(set.weights ?? {}) },
  };
}

const rulesAnswer = (r: RosterRules) => view(Rules, { ...r, sources: RULE_SOURCES });

export async function getRules(ctx: Context) {
  return rulesAnswer(await hospitalRules(ctx));
}

export async function putRules(ctx: Context, input: z.output<typeof PutRulesInput>) {
  const current = await hospitalRules(ctx);
  const next: RosterRules = {
    ...current,
    ...(input as Partial<RosterRules>),
    weights: { ...current.weights, ...(input.weights ?? {}) },
  };
  await ctx.store.put({
    Item: RulesRecord.item(
      { tenantId: ctx.tenantId, rules: { ...next } },
      rosterKeys(ctx.store).rules(),
    ),
  });
  return rulesAnswer(next);
}

// ─── Wards ──────────────────────────────────────────────────────────────────────────────────

export async function putWard(ctx: Context, input: z.output<typeof PutWardInput>) {
  const codes = input.shifts.map((s) => s.code);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw new Invalid(`shifts: shift type ${dup} is listed twice`, { field: 'shifts' });
  input.coverage.forEach((c, i) => {
    if (!codes.includes(c.shift))
      throw new Invalid(`coverage[${i}].shift: ${c.shift} is not a shift type of the ward`, {
        field: `coverage.${i}.shift`,
      });
    if (c.target < c.minimum)
      throw new Invalid(`coverage[${i}].target must be at least its minimum`, {
        field: `coverage.${i}.target`,
      });
    const twice = input.coverage.findIndex((o) => o.shift === c.shift && o.dayType === c.dayType);
    if (twice !== i)
      throw new Invalid(`coverage[${i}]: ${c.shift} on a ${c.dayType} is listed twice`, {
        field: `coverage.${i}`,
      });
  });
  const ward = { ...input, tenantId: ctx.tenantId, updatedAt: ctx.now.toISOString() };
  await ctx.store.put({ Item: WardRecord.item(ward, rosterKeys(ctx.store).ward(input.wardId)) });
  return view(WardSetup, ward);
}

async function findWard(ctx: Context, wardId: string) {
  const item = await ctx.store.get(rosterKeys(ctx.store).ward(wardId));
  if (!item) throw new NotFound(`Ward ${wardId} has no shift types set up`);
  return WardRecord.read(item);
}

export async function getWard(ctx: Context, input: { wardId: string }) {
  return view(WardSetup, await findWard(ctx, input.wardId));
}

// ─── Leave ──────────────────────────────────────────────────────────────────────────────────

export async function requestLeave(ctx: Context, input: z.output<typeof RequestLeaveInput>) {
  const userId = forPerson(ctx, input.userId);
  if (input.end < input.start) throw new Invalid('end must not be before start', { field: 'end' });
  // Leave is for a user of this hospital: another hospital's user id is not found here.
  if (userId !== callerId(ctx) && !(await findUser(ctx.store, userId)))
    throw new NotFound(`User ${userId} not found`);
  if (addDays(input.start, 365) < input.end)
    throw new Invalid('end: leave may span at most 366 days', { field: 'end' });
  const leave = {
    id: newId(ctx),
    tenantId: ctx.tenantId,
    userId,
    kind: input.kind,
    start: input.start,
    end: input.end,
    note: input.note,
    status: 'requested' as const,
    requestedBy: callerId(ctx),
    createdAt: ctx.now.toISOString(),
  };
  await ctx.store.put({
    Item: leaveItem(ctx.store, leave),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return view(Leave, leave);
}

export async function decideLeave(ctx: Context, input: z.output<typeof DecideInput>) {
  const item = await ctx.store.get(rosterKeys(ctx.store).leave(input.id), { consistent: true });
  if (!item) throw new NotFound(`Leave ${input.id} not found`);
  const leave = LeaveRecord.read(item);
  if (leave.status !== 'requested')
    throw new Conflict(`Leave ${input.id} is already ${leave.status}`);
  const decided = {
    ...leave,
    status: input.decision === 'approve' ? ('approved' as const) : ('rejected' as const),
    decidedBy: callerId(ctx),
    decidedAt: ctx.now.toISOString(),
  };
  try {
    await ctx.store.put({
      Item: leaveItem(ctx.store, decided),
      ConditionExpression: '#s = :requested',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':requested': 'requested' },
    });
  } catch (err) {
    if (isConditionFailure(err)) throw new Conflict(`Leave ${input.id} was decided meanwhile`);
    throw err;
  }
  return view(Leave, decided);
}

export async function listLeave(
  ctx: Context,
  input: z.output<typeof ListLeaveInput> & PageRequest,
) {
  const userId = isManager(ctx) ? input.userId : forPerson(ctx, input.userId);
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  if (userId) {
    filters.push('userId = :u');
    values[':u'] = userId;
  }
  if (input.status) {
    filters.push('#s = :s');
    values[':s'] = input.status;
  }
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: rosterKeys(ctx.store).leaves(),
      ...(filters.length
        ? {
            filter: {
              expression: filters.join(' AND '),
              values,
              ...(input.status ? { names: { '#s': 'status' } } : {}),
            },
          }
        : {}),
    },
    input,
    (i) => view(Leave, LeaveRecord.read(i)),
  );
}

// ─── Generation ─────────────────────────────────────────────────────────────────────────────

/** The roster problem of a ward and period, from the stored profiles, set-up, rules and leave. */
export async function problemOf(ctx: Context, wardId: string, start: string, days: number) {
  const [ward, rules, profiles, leave] = await Promise.all([
    findWard(ctx, wardId),
    hospitalRules(ctx),
    allProfiles(ctx.store),
    allLeave(ctx.store),
  ]);
  const end = addDays(start, days - 1);
  const problem: RosterProblem = {
    wardId,
    start,
    days,
    staff: profiles.filter((p) => p.wards.includes(wardId)),
    shifts: ward.shifts,
    coverage: ward.coverage,
    rules,
    leave: leave
      .filter((l) => l.status === 'approved' && l.start <= end && l.end >= start)
      .map((l) => ({ userId: l.userId, start: l.start, end: l.end })),
  };
  return { problem, profiles };
}

// ─── Rosters: read, edit, publish ───────────────────────────────────────────────────────────

async function mustFindRoster(ctx: Context, wardId: string, start: string) {
  const r = await findRoster(ctx.store, wardId, start);
  if (!r) throw new NotFound(`No roster of ${wardId} from ${start}`);
  return r;
}

export async function getRoster(ctx: Context, input: { wardId: string; start: string }) {
  const r = await mustFindRoster(ctx, input.wardId, input.start);
  // A roster stored before rosters carried their coverage gets it from the ward's set-up now.
  if (!r.coverage)
    r.coverage = coverageOf(
      (await problemOf(ctx, r.wardId, r.start, r.days)).problem,
      r.assignments,
    );
  return view(Roster, r);
}

function refuseViolations(violations: Violation[], what: string): never {
  const rules = [...new Set(violations.map((v) => v.rule))];
  throw new Conflict(
    `${what} breaks ${rules.join(', ')}: ${violations.map((v) => v.message).join('; ')}`,
    {
      rules,
      violations,
    },
  );
}

/** Stores a changed roster if its version is still the one read; the shortfalls are recomputed. */
async function saveChanged(
  ctx: Context,
  problem: RosterProblem,
  roster: z.output<typeof RosterRecord.schema>,
  assignments: Assignment[],
  extra: Parameters<Context['store']['transact']>[0] = [],
) {
  const sorted = [...assignments].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.shift.localeCompare(b.shift) ||
      a.userId.localeCompare(b.userId),
  );
  const next = {
    ...roster,
    version: roster.version + 1,
    assignments: sorted,
    shortfalls: explainGaps(problem, sorted),
    coverage: coverageOf(problem, sorted),
    violations: checkRoster(problem, sorted),
    updatedAt: ctx.now.toISOString(),
  };
  try {
    await ctx.store.transact([
      {
        name: 'roster',
        Put: {
          Item: rosterItem(ctx.store, next),
          ConditionExpression: '#v = :v AND #s = :s',
          ExpressionAttributeNames: { '#v': 'version', '#s': 'status' },
          ExpressionAttributeValues: { ':v': roster.version, ':s': roster.status },
        },
      },
      ...extra,
    ]);
  } catch (err) {
    if (conditionFailed(err, 'roster'))
      throw new Conflict(
        `The roster of ${roster.wardId} from ${roster.start} changed meanwhile: read it again`,
      );
    throw err;
  }
  return next;
}

export async function editAssignment(ctx: Context, input: z.output<typeof EditInput>) {
  const roster = await mustFindRoster(ctx, input.wardId, input.start);
  if (roster.status !== 'draft')
    throw new Conflict('A published roster changes only through approved swaps');
  if (roster.version !== input.version)
    throw new Conflict(
      `The roster is at version ${roster.version}, not ${input.version}: read it again`,
    );
  const { problem } = await problemOf(ctx, roster.wardId, roster.start, roster.days);
  if (input.date < roster.start || input.date > addDays(roster.start, roster.days - 1))
    throw new Invalid(`date: ${input.date} is outside the roster's period`, { field: 'date' });
  if (input.shift && !problem.shifts.some((s) => s.code === input.shift))
    throw new Invalid(`shift: ${input.shift} is not a shift type of ward ${roster.wardId}`, {
      field: 'shift',
    });
  const others = roster.assignments.filter(
    (a) => !(a.userId === input.userId && a.date === input.date),
  );
  const next = input.shift
    ? [...others, { userId: input.userId, date: input.date, shift: input.shift }]
    : others;
  const violations = checkPerson(
    problem,
    input.userId,
    next.filter((a) => a.userId === input.userId),
  );
  if (violations.length) refuseViolations(violations, 'The edit');
  return view(Roster, await saveChanged(ctx, problem, roster, next));
}

export async function publish(ctx: Context, input: z.output<typeof PublishInput>) {
  const roster = await mustFindRoster(ctx, input.wardId, input.start);
  if (roster.status === 'published') throw new Conflict('The roster is already published');
  if (roster.version !== input.version)
    throw new Conflict(
      `The roster is at version ${roster.version}, not ${input.version}: read it again`,
    );
  // Leave approved since generation, or changed rules, are checked now.
  const { problem } = await problemOf(ctx, roster.wardId, roster.start, roster.days);
  const violations = checkRoster(problem, roster.assignments);
  if (violations.length) refuseViolations(violations, 'Publishing the roster');
  const published = {
    ...roster,
    status: 'published' as const,
    version: roster.version + 1,
    publishedAt: ctx.now.toISOString(),
    publishedBy: callerId(ctx),
    updatedAt: ctx.now.toISOString(),
  };
  try {
    await ctx.store.put({
      Item: rosterItem(ctx.store, published),
      ConditionExpression: '#v = :v AND #s = :draft',
      ExpressionAttributeNames: { '#v': 'version', '#s': 'status' },
      ExpressionAttributeValues: { ':v': roster.version, ':draft': 'draft' },
    });
  } catch (err) {
    if (isConditionFailure(err))
      throw new Conflict('The roster changed or was published meanwhile');
    throw err;
  }
  return view(Roster, published);
}

// ─── Swaps ──────────────────────────────────────────────────────────────────────────────────

function swapped(
  roster: { assignments: Assignment[] },
  swap: { date: string; fromUserId: string; toUserId: string },
) {
  // The two people exchange what they work that day (a day off included).
  return roster.assignments.map((a) =>
    a.date !== swap.date
      ? a
      : a.userId === swap.fromUserId
        ? { ...a, userId: swap.toUserId }
        : a.userId === swap.toUserId
          ? { ...a, userId: swap.fromUserId }
          : a,
  );
}

const swapViolations = (p: RosterProblem, next: Assignment[], users: string[]) =>
  users.flatMap((u) =>
    checkPerson(
      p,
      u,
      next.filter((a) => a.userId === u),
    ),
  );

export async function requestSwap(ctx: Context, input: z.output<typeof RequestSwapInput>) {
  const fromUserId = forPerson(ctx, input.fromUserId, 'fromUserId');
  const roster = await mustFindRoster(ctx, input.wardId, input.start);
  if (roster.status !== 'published')
    throw new Conflict(
      'Only a published roster changes by swaps; a draft is edited by its manager',
    );
  const mine = roster.assignments.find((a) => a.userId === fromUserId && a.date === input.date);
  if (!mine)
    throw new Invalid(`date: ${fromUserId} works no shift on ${input.date}`, { field: 'date' });
  if (input.toUserId === fromUserId)
    throw new Invalid('toUserId: a swap needs another person', { field: 'toUserId' });
  const { problem } = await problemOf(ctx, roster.wardId, roster.start, roster.days);
  const swap = {
    id: newId(ctx),
    tenantId: ctx.tenantId,
    wardId: roster.wardId,
    start: roster.start,
    date: input.date,
    fromUserId,
    toUserId: input.toUserId,
    shift: mine.shift,
    status: 'requested' as const,
    requestedBy: callerId(ctx),
    violations: swapViolations(problem, swapped(roster, { ...input, fromUserId }), [
      fromUserId,
      input.toUserId,
    ]),
    createdAt: ctx.now.toISOString(),
  };
  await ctx.store.put({
    Item: swapItem(ctx.store, swap),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return view(Swap, swap);
}

/** Swaps in the order asked: a manager sees every one, anyone else the swaps they are part of. */
export async function listSwaps(
  ctx: Context,
  input: z.output<typeof ListSwapsInput> & PageRequest,
) {
  const filters: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  if (!isManager(ctx)) {
    filters.push('(fromUserId = :me OR toUserId = :me)');
    values[':me'] = callerId(ctx);
  }
  if (input.status) {
    filters.push('#s = :s');
    names['#s'] = 'status';
    values[':s'] = input.status;
  }
  if (input.wardId) {
    filters.push('wardId = :w');
    values[':w'] = input.wardId;
  }
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: rosterKeys(ctx.store).swaps(),
      ...(filters.length
        ? {
            filter: {
              expression: filters.join(' AND '),
              values,
              ...(Object.keys(names).length ? { names } : {}),
            },
          }
        : {}),
    },
    input,
    (i) => view(Swap, SwapRecord.read(i)),
  );
}

export async function decideSwap(ctx: Context, input: z.output<typeof DecideInput>) {
  const keys = rosterKeys(ctx.store);
  const item = await ctx.store.get(keys.swap(input.id), { consistent: true });
  if (!item) throw new NotFound(`Swap ${input.id} not found`);
  const swap = SwapRecord.read(item);
  if (swap.status !== 'requested') throw new Conflict(`Swap ${input.id} is already ${swap.status}`);
  const roster = await mustFindRoster(ctx, swap.wardId, swap.start);
  const { problem } = await problemOf(ctx, roster.wardId, roster.start, roster.days);
  const next = swapped(roster, swap);
  const violations = swapViolations(problem, next, [swap.fromUserId, swap.toUserId]);
  const decided = { ...swap, decidedBy: callerId(ctx), violations };
  const swapWrite = (status: 'approved' | 'rejected') => ({
    name: 'swap',
    Put: {
      Item: swapItem(ctx.store, { ...decided, status }),
      ConditionExpression: '#s = :requested',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':requested': 'requested' },
    },
  });
  try {
    if (input.decision === 'reject') {
      await ctx.store.transact([swapWrite('rejected')]);
      return view(Swap, { ...decided, status: 'rejected' });
    }
    if (violations.length) refuseViolations(violations, 'The swap');
    await saveChanged(ctx, problem, roster, next, [swapWrite('approved')]);
  } catch (err) {
    if (conditionFailed(err, 'swap')) throw new Conflict(`Swap ${input.id} was decided meanwhile`);
    throw err;
  }
  return view(Swap, { ...decided, status: 'approved' });
}

// ─── Who is on duty ─────────────────────────────────────────────────────────────────────────

export async function onDuty(ctx: Context, input: z.output<typeof OnDutyInput>) {
  const at = input.at ? new Date(input.at) : ctx.now;
  const tz = ctx.tenant.timeZone;
  const today = utcToZonedParts(at, tz).date;
  const days = [addDays(today, -1), today];
  const rosters = (await wardRosters(ctx.store, input.wardId)).filter(
    (r) => r.status === 'published',
  );
  const profiles = new Map((await allProfiles(ctx.store)).map((p) => [p.userId, p]));
  const onDutyList = [];
  for (const r of rosters) {
    const ward = await findWard(ctx, r.wardId);
    for (const a of r.assignments) {
      if (!days.includes(a.date)) continue;
      const type = ward.shifts.find((s) => s.code === a.shift);
      if (!type) continue;
      const from = zonedDateTimeToUtc(a.date, type.start, tz);
      const to = new Date(from.getTime() + shiftTiming(type).lengthMin * 60_000);
      if (from <= at && at < to) {
        const p = profiles.get(a.userId);
        onDutyList.push({
          userId: a.userId,
          name: p?.name ?? a.userId,
          grade: p?.grade ?? '',
          competencies: p?.competencies ?? [],
          shift: a.shift,
          date: a.date,
          from: from.toISOString(),
          to: to.toISOString(),
        });
      }
    }
  }
  onDutyList.sort((a, b) => a.name.localeCompare(b.name));
  return view(OnDuty, { wardId: input.wardId, at: at.toISOString(), onDuty: onDutyList });
}
