/**
 * The availability counters: every bed state change moves one bed from one state's count to
 * another's in its ward, and the ward's free-beds-per-feature counts follow the beds that enter
 * or leave `unoccupied`. The changes of one transaction are summed per ward, because a
 * transaction may write an item once only (a transfer inside a ward changes two beds of it).
 */
import type { BedCounts, BedFeature, FreeByFeature } from './schemas';
import { BED_STATES, type BedState } from './status';

export interface BedMove {
  wardId: string;
  features: readonly BedFeature[];
  /** Absent for a new bed. */
  from?: BedState;
  to: BedState;
}

export interface WardDelta {
  states: Partial<Record<BedState, number>>;
  features: Partial<Record<BedFeature, number>>;
}

/** Net changes per ward; wards whose counts do not change are left out. */
export function counterDeltas(moves: readonly BedMove[]): Map<string, WardDelta> {
  const byWard = new Map<string, WardDelta>();
  for (const move of moves) {
    if (move.from === move.to) continue;
    const delta = byWard.get(move.wardId) ?? { states: {}, features: {} };
    const bump = <K extends string>(rec: Partial<Record<K, number>>, key: K, n: number) => {
      rec[key] = (rec[key] ?? 0) + n;
    };
    if (move.from) bump(delta.states, move.from, -1);
    bump(delta.states, move.to, 1);
    const freeChange = (move.to === 'unoccupied' ? 1 : 0) - (move.from === 'unoccupied' ? 1 : 0);
    if (freeChange) for (const f of move.features) bump(delta.features, f, freeChange);
    byWard.set(move.wardId, delta);
  }
  for (const [wardId, delta] of byWard) {
    for (const k of Object.keys(delta.states) as BedState[])
      if (delta.states[k] === 0) delete delta.states[k];
    for (const k of Object.keys(delta.features) as BedFeature[])
      if (delta.features[k] === 0) delete delta.features[k];
    if (!Object.keys(delta.states).length && !Object.keys(delta.features).length)
      byWard.delete(wardId);
  }
  return byWard;
}

/** Counts recomputed from the beds themselves: what the counters must always equal. */
export function recount(
  beds: readonly { state: BedState; features: readonly BedFeature[] }[],
  allFeatures: readonly BedFeature[],
): { bedCounts: BedCounts; freeByFeature: FreeByFeature } {
  const bedCounts = Object.fromEntries(BED_STATES.map((s) => [s, 0])) as BedCounts;
  const freeByFeature = Object.fromEntries(allFeatures.map((f) => [f, 0])) as FreeByFeature;
  for (const bed of beds) {
    bedCounts[bed.state] += 1;
    if (bed.state === 'unoccupied') for (const f of bed.features) freeByFeature[f] += 1;
  }
  return { bedCounts, freeByFeature };
}

/** Which sexes a ward's policy admits (patients recorded as other or unknown: mixed wards only). */
export function sexPolicyAdmits(policy: 'male' | 'female' | 'mixed', sex: string): boolean {
  return policy === 'mixed' || policy === sex;
}

/** Bed codes of a series: prefix + numbers from `start`, zero-padded to the widest number. */
export function seriesCodes(prefix: string, start: number, count: number): string[] {
  const width = String(start + count - 1).length;
  return Array.from(
    { length: count },
    (_, i) => `${prefix}${String(start + i).padStart(Math.max(2, width), '0')}`,
  );
}
