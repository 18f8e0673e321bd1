/**
 * Storage of the emergency department: one item per visit (`EDVISIT`), on the active board index
 * (gsi1, `EDVISITS#ACTIVE`) until departure and on the patient's index (gsi2) once identified; a
 * lookup per patient with an active visit (one visit at a time, written conditionally); the
 * hospital's targets; and one counter item per local day for the time-in-department figures,
 * updated with ADD in the departure's own transaction (so it counts each departure once and the
 * board needs no scan).
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { EdVisit, Targets } from './schemas';

export const EdVisitRecord = defineRecord('EdVisit', z.extend(EdVisit, { tenantId: z.string() }));
export type EdVisitRecord = z.output<typeof EdVisitRecord.schema>;
export const TargetsRecord = defineRecord('EdTargets', Targets);
const ActiveVisitLookup = defineRecord('EdActiveVisit', z.strictObject({ visitId: z.string() }));

export const edKeys = (store: Store) => ({
  visit: (id: string) => store.keys.entity('EDVISIT', id),
  active: () => store.keys.collection('EDVISITS', 'ACTIVE'),
  byPatient: (patientId: string) => store.keys.collection('EDVISITS', 'PATIENT', patientId),
  activeOfPatient: (patientId: string) => store.keys.entity('EDACTIVEPATIENT', patientId),
  targets: () => store.keys.entity('EDSETTINGS', 'targets'),
  day: (date: string) => store.keys.entity('EDSTATS', date),
  unknownCounter: () => store.keys.counter('ED-UNKNOWN'),
});

export function visitItem(store: Store, v: EdVisitRecord): Item {
  const keys = edKeys(store);
  const departed = v.status === 'departed';
  return EdVisitRecord.item(v, {
    ...keys.visit(v.id),
    ...(departed ? {} : { gsi1pk: keys.active(), gsi1sk: sortKey(v.arrivedAt, v.id) }),
    ...(v.patientId
      ? { gsi2pk: keys.byPatient(v.patientId), gsi2sk: sortKey(v.arrivedAt, v.id) }
      : {}),
  });
}

/** Writes the visit if it is still at the version read (null: a new visit). */
export function putVisit(store: Store, v: EdVisitRecord, readVersion: number | null): TxItem {
  return {
    name: 'visit',
    Put: {
      Item: visitItem(store, v),
      ConditionExpression: readVersion === null ? 'attribute_not_exists(pk)' : 'version = :v',
      ...(readVersion === null ? {} : { ExpressionAttributeValues: { ':v': readVersion } }),
    },
  };
}

/** One active visit per patient: refused (named 'active-visit') while another is open. */
export function claimActiveVisit(store: Store, patientId: string, visitId: string): TxItem {
  return {
    name: 'active-visit',
    Put: {
      Item: ActiveVisitLookup.item({ visitId }, edKeys(store).activeOfPatient(patientId)),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function releaseActiveVisit(store: Store, patientId: string, visitId: string): TxItem {
  return {
    Delete: {
      Key: edKeys(store).activeOfPatient(patientId),
      ConditionExpression: 'visitId = :id',
      ExpressionAttributeValues: { ':id': visitId },
    },
  };
}

export async function findVisit(store: Store, id: string): Promise<EdVisitRecord | undefined> {
  const item = await store.get(edKeys(store).visit(id), { consistent: true });
  return item ? EdVisitRecord.read(item) : undefined;
}

export async function activeVisits(store: Store): Promise<EdVisitRecord[]> {
  const items = await store.query({ index: 'gsi1', partition: edKeys(store).active() });
  return items.map((i) => EdVisitRecord.read(i));
}

/** The patient's visits, newest first (at most `limit`). */
export async function patientVisits(
  store: Store,
  patientId: string,
  limit = 5,
): Promise<EdVisitRecord[]> {
  const page = await store.queryPage(
    { index: 'gsi2', partition: edKeys(store).byPatient(patientId), newestFirst: true },
    { limit },
    (i) => EdVisitRecord.read(i),
  );
  return page.items;
}

export async function readTargets(store: Store): Promise<z.output<typeof Targets> | undefined> {
  const item = await store.get(edKeys(store).targets());
  return item ? TargetsRecord.read(item) : undefined;
}

export function targetsItem(store: Store, t: z.output<typeof Targets>): Item {
  return TargetsRecord.item(t, edKeys(store).targets());
}

const COUNTER_OF = {
  admit: 'admitted',
  discharge: 'discharged',
  transfer: 'transferred',
  'left-without-being-seen': 'leftWithoutBeingSeen',
} as const;

/** The day's counters, added to in the departure's transaction. */
export function departureCounts(
  store: Store,
  date: string,
  kind: keyof typeof COUNTER_OF,
  minutes: number,
  within4Hours: boolean,
): TxItem {
  return {
    Update: {
      Key: edKeys(store).day(date),
      UpdateExpression:
        'ADD departures :one, within4Hours :w, #k :one, totalMinutesInDepartment :m SET entity = :entity',
      ExpressionAttributeNames: { '#k': COUNTER_OF[kind] },
      ExpressionAttributeValues: {
        ':one': 1,
        ':w': within4Hours ? 1 : 0,
        ':m': minutes,
        ':entity': 'EdDayStats',
      },
    },
  };
}

export async function readDay(store: Store, date: string): Promise<Item | undefined> {
  return store.get(edKeys(store).day(date));
}
