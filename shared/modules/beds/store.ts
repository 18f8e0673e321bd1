/**
 * Storage of wards and beds.
 * - Ward `WARD#<id>`: its fields and the availability counters (bed counts by state, free beds
 *   per feature), listed in name order through gsi1 `WARDS`; a name lookup `WARDNAME#<name>`.
 * - Bed `BED#<id>`: its state and, while occupied, its patient; listed by code through gsi1
 *   `WARD#<wardId>#BEDS` (the bed board). A code lookup `BEDCODE#<code>` in the ward's partition
 *   keeps codes unique in a ward.
 * Every bed state change is one transaction with its ward's counter update, conditional on the
 * state it was decided from, so the counters always equal a recount of the beds. The admissions
 * module changes beds only through the transaction builders below.
 */
import { defineRecord } from '../../kernel/records';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { nameKey } from '../departments';
import { type BedMove, counterDeltas } from './rules';
import { Bed, type BedNews2, Ward } from './schemas';

export const WardRecord = defineRecord('Ward', z.extend(Ward, { createdBy: z.string() }));
export type WardRecord = z.output<typeof WardRecord.schema>;
export const BedRecord = defineRecord('Bed', Bed);
export type BedRecord = z.output<typeof BedRecord.schema>;
const WardLookup = defineRecord('WardLookup', z.strictObject({ wardId: z.string() }));
const BedCodeLookup = defineRecord('BedCodeLookup', z.strictObject({ bedId: z.string() }));

export const bedKeys = (store: Store) => ({
  ward: (id: string) => store.keys.entity('WARD', id),
  wardName: (name: string) => store.keys.entity('WARDNAME', nameKey(name)),
  wards: () => store.keys.collection('WARDS'),
  bed: (id: string) => store.keys.entity('BED', id),
  bedCode: (wardId: string, code: string) =>
    store.keys.child('WARD', wardId, 'BEDCODE', code.toUpperCase()),
  wardBeds: (wardId: string) => store.keys.collection('WARD', wardId, 'BEDS'),
});

export function wardItem(store: Store, ward: WardRecord): Item {
  const keys = bedKeys(store);
  return WardRecord.item(ward, {
    ...keys.ward(ward.id),
    gsi1pk: keys.wards(),
    gsi1sk: `${nameKey(ward.name)}#${ward.id}`,
  });
}

export function bedItem(store: Store, bed: BedRecord): Item {
  const keys = bedKeys(store);
  return BedRecord.item(bed, {
    ...keys.bed(bed.id),
    gsi1pk: keys.wardBeds(bed.wardId),
    gsi1sk: `${bed.code.toUpperCase()}#${bed.id}`,
  });
}

/** Name lookup (0), then the ward. */
export function newWardWrites(store: Store, ward: WardRecord): TxItem[] {
  const keys = bedKeys(store);
  return [
    {
      name: 'ward-name',
      Put: {
        Item: WardLookup.item({ wardId: ward.id }, keys.wardName(ward.name)),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { Item: wardItem(store, ward), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Per new bed: its code lookup (fails when the code is taken) and the bed. */
export function newBedWrites(store: Store, bed: BedRecord): TxItem[] {
  const keys = bedKeys(store);
  return [
    {
      // One name per bed code: a cancellation names the codes that were taken.
      name: `bed-code:${bed.code}`,
      Put: {
        Item: BedCodeLookup.item({ bedId: bed.id }, keys.bedCode(bed.wardId, bed.code)),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { Item: bedItem(store, bed), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/**
 * The counter updates of a set of bed moves: one Update per ward whose counts change, with
 * `SET bedCounts.s = bedCounts.s + :n` (ADD cannot reach into a map), conditional on the ward
 * existing. Put them in the same transaction as the bed writes.
 */
export function wardCounterUpdates(store: Store, moves: readonly BedMove[], at: string): TxItem[] {
  return [...counterDeltas(moves)].map(([wardId, delta]) => {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':at': at };
    const sets = ['updatedAt = :at'];
    Object.entries(delta.states).forEach(([state, n], i) => {
      names['#bc'] = 'bedCounts';
      names[`#s${i}`] = state;
      values[`:s${i}`] = n;
      sets.push(`#bc.#s${i} = #bc.#s${i} + :s${i}`);
    });
    Object.entries(delta.features).forEach(([feature, n], i) => {
      names['#ff'] = 'freeByFeature';
      names[`#f${i}`] = feature;
      values[`:f${i}`] = n;
      sets.push(`#ff.#f${i} = #ff.#f${i} + :f${i}`);
    });
    return {
      Update: {
        Key: bedKeys(store).ward(wardId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

const OCCUPANT_FIELDS = [
  'admissionId',
  'patientId',
  'patientName',
  'mrn',
  'occupiedSince',
  'news2',
] as const;

/** A state change of a bed without a patient, conditional on the state it was decided from. */
export function bedStateUpdate(
  store: Store,
  bed: Pick<BedRecord, 'id' | 'state'>,
  change: { to: BedRecord['state']; at: string; by: string; reason?: string | undefined },
): TxItem {
  return {
    Update: updateItem(
      bedKeys(store).bed(bed.id),
      {
        set: {
          state: change.to,
          stateChangedAt: change.at,
          stateChangedBy: change.by,
          stateReason: change.reason,
        },
        ...(change.reason ? {} : { remove: ['stateReason'] }),
      },
      {
        expression: '#state = :from',
        names: { '#state': 'state' },
        values: { ':from': bed.state },
      },
    ),
  };
}

export interface Occupant {
  admissionId: string;
  patientId: string;
  patientName: string;
  mrn: string;
}

/** Puts a patient in a bed: only an `unoccupied` bed of the expected ward (fails otherwise). */
export function occupyBed(
  store: Store,
  bed: Pick<BedRecord, 'id' | 'wardId'>,
  occupant: Occupant,
  at: string,
  by: string,
  /** The patient's latest NEWS2, when they bring one (a transfer). */
  news2?: z.output<typeof BedNews2> | undefined,
): TxItem {
  return {
    // Named for the caller's refusal: the bed was taken meanwhile.
    name: 'bed',
    Update: updateItem(
      bedKeys(store).bed(bed.id),
      {
        set: {
          state: 'occupied',
          stateChangedAt: at,
          stateChangedBy: by,
          occupiedSince: at,
          ...occupant,
          news2: news2
            ? {
                score: news2.score,
                risk: news2.risk,
                needsEscalation: news2.needsEscalation,
                escalation: news2.escalation ?? null,
                notApplicable: news2.notApplicable ?? null,
                earlyWarning: news2.earlyWarning ?? null,
                recordedAt: news2.recordedAt,
              }
            : undefined,
        },
        remove: news2 ? ['stateReason'] : ['stateReason', 'news2'],
      },
      {
        expression: '#state = :free AND #ward = :ward',
        names: { '#state': 'state', '#ward': 'wardId' },
        values: { ':free': 'unoccupied', ':ward': bed.wardId },
      },
    ),
  };
}

/** Takes the patient out of a bed, which goes to `housekeeping`; only the admission holding it. */
export function vacateBed(
  store: Store,
  bedId: string,
  admissionId: string,
  at: string,
  by: string,
  reason: string,
): TxItem {
  return {
    Update: updateItem(
      bedKeys(store).bed(bedId),
      {
        set: { state: 'housekeeping', stateChangedAt: at, stateChangedBy: by, stateReason: reason },
        remove: OCCUPANT_FIELDS,
      },
      {
        expression: '#state = :occ AND #adm = :adm',
        names: { '#state': 'state', '#adm': 'admissionId' },
        values: { ':occ': 'occupied', ':adm': admissionId },
      },
    ),
  };
}

/** The latest NEWS2 of the bed's patient, for the board; only while the admission holds the bed. */
export function bedNews2Update(
  store: Store,
  bedId: string,
  admissionId: string,
  news2: z.output<typeof BedNews2>,
): TxItem {
  return {
    Update: updateItem(
      bedKeys(store).bed(bedId),
      { set: { news2 } },
      {
        expression: '#adm = :adm',
        names: { '#adm': 'admissionId' },
        values: { ':adm': admissionId },
      },
    ),
  };
}

export async function findWard(store: Store, id: string): Promise<WardRecord | undefined> {
  const item = await store.get(bedKeys(store).ward(id), { consistent: true });
  return item ? WardRecord.read(item) : undefined;
}

export async function findBed(store: Store, id: string): Promise<BedRecord | undefined> {
  const item = await store.get(bedKeys(store).bed(id), { consistent: true });
  return item ? BedRecord.read(item) : undefined;
}

/** Every bed of a ward in code order: one Query on gsi1 (a ward holds tens of beds). */
export async function wardBeds(store: Store, wardId: string): Promise<BedRecord[]> {
  const items = await store.query({ index: 'gsi1', partition: bedKeys(store).wardBeds(wardId) });
  return items.map((i) => BedRecord.read(i));
}

/** Every ward in name order: one Query on gsi1 (availability reads only these items). */
export async function allWards(store: Store): Promise<WardRecord[]> {
  const items = await store.query({ index: 'gsi1', partition: bedKeys(store).wards() });
  return items.map((i) => WardRecord.read(i));
}
