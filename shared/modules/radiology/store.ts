/**
 * Storage of radiology. Procedures and rooms are listed by code (gsi1). An order is one item,
 * every change a conditional write on its `version`; it is listed by patient (gsi2) and, while its
 * step is pending, on that step's worklist (gsi3: requested by priority then age, the others by
 * scheduled start). A booking holds its room's time as an interval in the kernel's calendar
 * (shared/kernel/store/interval-booking: one item per room and UTC day, written conditionally in
 * the order's transaction), so no two bookings of a room overlap, whatever their lengths.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import type * as z from '../../kernel/zod';
import { Procedure, RadOrder, Room } from './schemas';

export const ProcedureRecord = defineRecord('RadProcedure', Procedure);
export const RoomRecord = defineRecord('RadRoom', Room);
export const RadOrderRecord = defineRecord('RadOrder', RadOrder);
export type RadOrderRecord = z.output<typeof RadOrderRecord.schema>;

const PRIORITY_RANK = { stat: 0, urgent: 1, routine: 2 } as const;

export const radKeys = (store: Store) => ({
  procedure: (code: string) => store.keys.entity('RADPROC', code),
  procedures: () => store.keys.collection('RADPROCS'),
  room: (code: string) => store.keys.entity('RADROOM', code),
  rooms: () => store.keys.collection('RADROOMS'),
  order: (id: string) => store.keys.entity('RADORDER', id),
  byPatient: (patientId: string) => store.keys.collection('RADORDERS', 'PATIENT', patientId),
  worklist: (step: string) => store.keys.collection('RADWORK', step),
  accessionCounter: () => store.keys.counter('RAD-ACCESSION'),
});

export function procedureItem(store: Store, p: z.output<typeof Procedure>): Item {
  const keys = radKeys(store);
  return ProcedureRecord.item(p, {
    ...keys.procedure(p.code),
    gsi1pk: keys.procedures(),
    gsi1sk: p.code,
  });
}
export function roomItem(store: Store, r: z.output<typeof Room>): Item {
  const keys = radKeys(store);
  return RoomRecord.item(r, { ...keys.room(r.code), gsi1pk: keys.rooms(), gsi1sk: r.code });
}

export function orderItem(store: Store, o: RadOrderRecord): Item {
  const keys = radKeys(store);
  const pending = o.status === 'active' && o.step !== 'reported';
  return RadOrderRecord.item(o, {
    ...keys.order(o.id),
    gsi2pk: keys.byPatient(o.patientId),
    gsi2sk: sortKey(o.orderedAt, o.id),
    ...(pending
      ? {
          gsi3pk: keys.worklist(o.step),
          gsi3sk:
            o.step === 'requested'
              ? sortKey(PRIORITY_RANK[o.priority], o.orderedAt, o.id)
              : sortKey(o.schedule?.start ?? o.orderedAt, o.id),
        }
      : {}),
  });
}

export function putOrder(store: Store, next: RadOrderRecord, readVersion: number | null): TxItem {
  return {
    Put: {
      Item: orderItem(store, next),
      ...(readVersion === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': readVersion },
          }),
    },
  };
}

export async function findOrder(store: Store, id: string): Promise<RadOrderRecord | undefined> {
  const item = await store.get(radKeys(store).order(id), { consistent: true });
  return item ? RadOrderRecord.read(item) : undefined;
}

export async function findProcedure(store: Store, code: string) {
  const item = await store.get(radKeys(store).procedure(code));
  return item ? ProcedureRecord.read(item) : undefined;
}
export async function findRoom(store: Store, code: string) {
  const item = await store.get(radKeys(store).room(code));
  return item ? RoomRecord.read(item) : undefined;
}

export async function readCatalogue(store: Store) {
  const keys = radKeys(store);
  const [procedures, rooms] = await Promise.all([
    store.query({ index: 'gsi1', partition: keys.procedures() }),
    store.query({ index: 'gsi1', partition: keys.rooms() }),
  ]);
  return {
    procedures: procedures.map((i) => ProcedureRecord.read(i)),
    rooms: rooms.map((i) => RoomRecord.read(i)),
  };
}
