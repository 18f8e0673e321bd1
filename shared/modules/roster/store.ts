/**
 * Storage of the roster module. One item each: a staff profile (listed through gsi1), the
 * hospital's rules, a ward's shift types and coverage, a leave request (listed through gsi1 by
 * start date), a roster per ward and period (listed per ward through gsi1 by start date; its
 * `version` guards every change), a generation job, a swap (listed through gsi1 by when it was asked), and the generation lock of a ward's
 * period (one generation at a time).
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { Job, Leave, Roster, StaffProfile, Swap, WardSetup } from './schemas';

const withTenant = <S extends z.ZodMiniObject>(s: S) => z.extend(s, { tenantId: z.string() });

export const ProfileRecord = defineRecord('RosterProfile', withTenant(StaffProfile));
export const WardRecord = defineRecord('RosterWard', withTenant(WardSetup));
export const LeaveRecord = defineRecord('Leave', withTenant(Leave));
export const RosterRecord = defineRecord('Roster', withTenant(Roster));
export const JobRecord = defineRecord('RosterJob', withTenant(Job));
export const SwapRecord = defineRecord('RosterSwap', withTenant(Swap));
/** The hospital's rules as set (fields left out keep their defaults). */
export const RulesRecord = defineRecord(
  'RosterRules',
  z.strictObject({ tenantId: z.string(), rules: z.record(z.string(), z.unknown()) }),
);

export const rosterKeys = (store: Store) => ({
  profile: (userId: string) => store.keys.entity('ROSTERSTAFF', userId),
  profiles: () => store.keys.collection('ROSTERSTAFF'),
  rules: () => store.keys.entity('ROSTERRULES', 'hospital'),
  ward: (wardId: string) => store.keys.entity('ROSTERWARD', wardId),
  leave: (id: string) => store.keys.entity('LEAVE', id),
  leaves: () => store.keys.collection('LEAVE'),
  roster: (wardId: string, start: string) => store.keys.entity('ROSTER', `${wardId}:${start}`),
  rosters: (wardId: string) => store.keys.collection('ROSTERS', wardId),
  lock: (wardId: string, start: string) => store.keys.entity('ROSTERGEN', `${wardId}:${start}`),
  job: (id: string) => store.keys.entity('ROSTERJOB', id),
  swap: (id: string) => store.keys.entity('ROSTERSWAP', id),
  swaps: () => store.keys.collection('ROSTERSWAPS'),
});

/** A swap, listed through gsi1 in the order asked. */
export function swapItem(store: Store, s: z.output<typeof SwapRecord.schema>): Item {
  const k = rosterKeys(store);
  return SwapRecord.item(s, {
    ...k.swap(s.id),
    gsi1pk: k.swaps(),
    gsi1sk: sortKey(s.createdAt, s.id),
  });
}

export function profileItem(store: Store, p: z.output<typeof ProfileRecord.schema>): Item {
  const k = rosterKeys(store);
  return ProfileRecord.item(p, { ...k.profile(p.userId), gsi1pk: k.profiles(), gsi1sk: p.userId });
}

export function leaveItem(store: Store, l: z.output<typeof LeaveRecord.schema>): Item {
  const k = rosterKeys(store);
  return LeaveRecord.item(l, {
    ...k.leave(l.id),
    gsi1pk: k.leaves(),
    gsi1sk: sortKey(l.start, l.id),
  });
}

export function rosterItem(store: Store, r: z.output<typeof RosterRecord.schema>): Item {
  const k = rosterKeys(store);
  return RosterRecord.item(r, {
    ...k.roster(r.wardId, r.start),
    gsi1pk: k.rosters(r.wardId),
    gsi1sk: r.start,
  });
}

export async function findRoster(store: Store, wardId: string, start: string) {
  const item = await store.get(rosterKeys(store).roster(wardId, start), { consistent: true });
  return item ? RosterRecord.read(item) : undefined;
}

export async function allProfiles(store: Store) {
  const items = await store.query({ index: 'gsi1', partition: rosterKeys(store).profiles() });
  return items.map((i) => ProfileRecord.read(i));
}

export async function allLeave(store: Store) {
  const items = await store.query({ index: 'gsi1', partition: rosterKeys(store).leaves() });
  return items.map((i) => LeaveRecord.read(i));
}

export async function wardRosters(store: Store, wardId: string) {
  const items = await store.query({ index: 'gsi1', partition: rosterKeys(store).rosters(wardId) });
  return items.map((i) => RosterRecord.read(i));
}
