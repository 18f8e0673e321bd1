import { randomUUID } from 'node:crypto';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import { named } from '../../kernel/store/store';
import type * as z from '../../kernel/zod';
import { findDepartment } from '../departments';
import { seriesCodes } from './rules';
import {
  type Availability,
  BED_FEATURES,
  Bed,
  type BedCounts,
  type BedFeature,
  type CreateBedsInput,
  type CreateWardInput,
  type SexPolicy,
  Ward,
  type WardType,
} from './schemas';
import { assertBedManagerChange, assertManualBedChange, BED_STATES, type BedState } from './status';
import {
  allWards,
  type BedRecord,
  bedKeys,
  bedStateUpdate,
  findBed,
  findWard,
  newBedWrites,
  newWardWrites,
  WardRecord,
  wardBeds,
  wardCounterUpdates,
} from './store';

const zeroCounts = () => Object.fromEntries(BED_STATES.map((s) => [s, 0])) as BedCounts;

export async function requireWard(ctx: Context, id: string): Promise<WardRecord> {
  const ward = await findWard(ctx.store, id);
  if (!ward) throw new NotFound(`Ward ${id} not found`);
  return ward;
}

export async function requireBed(ctx: Context, id: string): Promise<BedRecord> {
  const bed = await findBed(ctx.store, id);
  if (!bed) throw new NotFound(`Bed ${id} not found`);
  return bed;
}

/** A ward starts with no beds and every counter at zero; its name is unique in the hospital. */
export async function createWard(ctx: Context, input: z.output<typeof CreateWardInput>) {
  if (input.departmentId && !(await findDepartment(ctx.store, input.departmentId)))
    throw new NotFound(`Department ${input.departmentId} not found`);
  const at = ctx.now.toISOString();
  const ward: WardRecord = {
    id: randomUUID(),
    name: input.name,
    type: input.type,
    sexPolicy: input.sexPolicy,
    ...(input.departmentId ? { departmentId: input.departmentId } : {}),
    dailyCharge: input.dailyCharge,
    bedCounts: zeroCounts(),
    freeByFeature: Object.fromEntries(BED_FEATURES.map((f) => [f, 0])) as Ward['freeByFeature'],
    createdAt: at,
    updatedAt: at,
    createdBy: actorId(ctx.actor),
  };
  try {
    await ctx.store.transact(newWardWrites(ctx.store, ward));
  } catch (err) {
    if (conditionFailed(err, 'ward-name'))
      throw new Conflict(`A ward named '${ward.name}' already exists`, { field: 'name' });
    throw err;
  }
  return view(Ward, ward);
}

export function listWards(ctx: Context, input: PageRequest & { type?: WardType | undefined }) {
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: bedKeys(ctx.store).wards(),
      ...(input.type
        ? {
            filter: {
              expression: '#t = :t',
              names: { '#t': 'type' },
              values: { ':t': input.type },
            },
          }
        : {}),
    },
    input,
    (item) => view(Ward, WardRecord.read(item)),
  );
}

export async function getWard(ctx: Context, input: { id: string }) {
  return view(Ward, await requireWard(ctx, input.id));
}

/**
 * Creates beds for a ward in one transaction: all or none. A code already used in the ward (or
 * given twice) is a 409 naming it; the ward's counters gain the new beds as `unoccupied`.
 */
export async function createBeds(ctx: Context, input: z.output<typeof CreateBedsInput>) {
  const ward = await requireWard(ctx, input.id);
  const specs: { code: string; features: BedFeature[] }[] = input.series
    ? seriesCodes(input.series.prefix, input.series.start, input.series.count).map((code) => ({
        code,
        features: input.series!.features,
      }))
    : input.beds!;
  const seen = new Set<string>();
  for (const { code, features } of specs) {
    if (seen.has(code.toUpperCase()))
      throw new Conflict(`Bed code ${code} is given twice`, { code });
    seen.add(code.toUpperCase());
    if (new Set(features).size !== features.length)
      throw new Conflict(`Bed ${code} lists a feature twice`, { code });
  }
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const beds: BedRecord[] = specs.map(({ code, features }) => ({
    id: randomUUID(),
    wardId: ward.id,
    wardName: ward.name,
    code,
    features,
    state: 'unoccupied',
    stateChangedAt: at,
    stateChangedBy: by,
    createdAt: at,
  }));
  const writes = beds.flatMap((bed) => newBedWrites(ctx.store, bed));
  const counters = wardCounterUpdates(
    ctx.store,
    beds.map((b) => ({ wardId: ward.id, features: b.features, to: 'unoccupied' as const })),
    at,
  );
  try {
    await ctx.store.transact([...writes, ...counters]);
  } catch (err) {
    const failed = failedConditionNames(err) ?? [];
    const taken = beds.filter((b) => failed.includes(`bed-code:${b.code}`));
    if (taken.length)
      throw new Conflict(
        `Bed code ${taken.map((b) => b.code).join(', ')} is already used in ward ${ward.name}`,
        { codes: taken.map((b) => b.code) },
      );
    if (failed.length) throw new NotFound(`Ward ${ward.id} not found`);
    throw err;
  }
  return { items: beds.map((b) => view(Bed, b)) };
}

export async function getBed(ctx: Context, input: { id: string }) {
  return view(Bed, await requireBed(ctx, input.id));
}

async function changeState(
  ctx: Context,
  bed: BedRecord,
  to: Exclude<BedState, 'occupied'>,
  reason: string | undefined,
) {
  assertManualBedChange(bed.state, to);
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  try {
    await ctx.store.transact([
      named('bed', bedStateUpdate(ctx.store, bed, { to, at, by, reason })),
      ...wardCounterUpdates(
        ctx.store,
        [{ wardId: bed.wardId, features: bed.features, from: bed.state, to }],
        at,
      ),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'bed')) {
      const now = await requireBed(ctx, bed.id);
      throw new Conflict(
        `Bed ${bed.code} changed to '${now.state}' while this change was being saved; reload and try again`,
        { state: now.state },
      );
    }
    throw err;
  }
  const { stateReason: _old, ...rest } = bed;
  return view(Bed, {
    ...rest,
    state: to,
    stateChangedAt: at,
    stateChangedBy: by,
    ...(reason ? { stateReason: reason } : {}),
  });
}

/**
 * A bed manager's change: close, reopen, isolate, mark contaminated or send to housekeeping,
 * along the bed state table; never into or out of `occupied` (admissions do that).
 */
export async function changeBedState(
  ctx: Context,
  input: { id: string; state: Exclude<BedState, 'occupied'>; reason?: string | undefined },
) {
  const bed = await requireBed(ctx, input.id);
  assertBedManagerChange(bed.state, input.state);
  return changeState(ctx, bed, input.state, input.reason);
}

/** Housekeeping is done: the bed is `unoccupied` again. Nurses may do only this. */
export async function markBedClean(ctx: Context, input: { id: string }) {
  const bed = await requireBed(ctx, input.id);
  if (bed.state !== 'housekeeping')
    throw new Conflict(
      `Bed ${bed.code} is '${bed.state}'; only a bed in housekeeping can be marked clean`,
      { state: bed.state },
    );
  return changeState(ctx, bed, 'unoccupied', undefined);
}

/**
 * Availability from the wards' counters: one Query over the wards (no bed is read), so its
 * cost depends on the number of wards, not beds.
 */
export async function bedAvailability(
  ctx: Context,
  input: {
    type?: WardType | undefined;
    sexPolicy?: SexPolicy | undefined;
    feature?: BedFeature | undefined;
  },
): Promise<Availability> {
  const wards = (await allWards(ctx.store)).filter(
    (w) =>
      (!input.type || w.type === input.type) &&
      (!input.sexPolicy || w.sexPolicy === input.sexPolicy),
  );
  const totalCounts = zeroCounts();
  let free = 0;
  const rows = wards.map((w) => {
    for (const s of BED_STATES) totalCounts[s] += w.bedCounts[s];
    const wardFree = input.feature ? w.freeByFeature[input.feature] : w.bedCounts.unoccupied;
    free += wardFree;
    return {
      wardId: w.id,
      name: w.name,
      type: w.type,
      sexPolicy: w.sexPolicy,
      total: BED_STATES.reduce((n, s) => n + w.bedCounts[s], 0),
      counts: w.bedCounts,
      free: wardFree,
    };
  });
  return {
    wards: rows,
    total: { total: BED_STATES.reduce((n, s) => n + totalCounts[s], 0), counts: totalCounts, free },
  };
}

/** The bed board: the ward and every bed with its patient and escalation flag (two reads). */
export async function bedBoard(ctx: Context, input: { id: string }) {
  const [ward, beds] = await Promise.all([
    requireWard(ctx, input.id),
    wardBeds(ctx.store, input.id),
  ]);
  return {
    ward: view(Ward, ward),
    beds: beds.map((b) => view(Bed, b)),
    needsEscalation: beds.filter((b) => b.news2?.needsEscalation).length,
  };
}
