/**
 * Storage of encounters. An encounter's readings (`VITALS#…`) and prescriptions (`RX#…`) live in
 * its own partition, so one Query reads the whole record; the encounter item is listed by date
 * (gsi1), doctor (gsi2) and patient (gsi3), each sorted by start instant.
 */
import type { MedicationRequestStatus } from '../../clinical/prescribing';
import { defineRecord } from '../../kernel/records';
import { datedListIndexes } from '../../kernel/store/dated-lists';
import type { ItemKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { Encounter, Prescription, Vitals } from './schemas';
import { FINISHED_ENCOUNTER_STATUSES } from './status';

export const EncounterRecord = defineRecord('Encounter', z.omit(Encounter, { spo2Scale: true }));
export type EncounterRecord = z.output<typeof EncounterRecord.schema>;
export const VitalsRecord = defineRecord('Vitals', Vitals);
export type VitalsRecord = z.output<typeof VitalsRecord.schema>;
export const PrescriptionRecord = defineRecord('Prescription', Prescription);
export type PrescriptionRecord = z.output<typeof PrescriptionRecord.schema>;

export const encounterKeys = (store: Store) => ({
  encounter: (id: string) => store.keys.entity('ENC', id),
  vitals: (id: string, recordedAt: string, vitalsId: string) =>
    store.keys.child('ENC', id, 'VITALS', recordedAt, vitalsId),
  prescription: (id: string, authoredOn: string, rxId: string) =>
    store.keys.child('ENC', id, 'RX', authoredOn, rxId),
  byDate: (date: string) => store.keys.collection('ENCS', 'DATE', date),
  byDoctor: (doctorId: string) => store.keys.collection('ENCS', 'DOCTOR', doctorId),
  byPatient: (patientId: string) => store.keys.collection('ENCS', 'PATIENT', patientId),
});

export function encounterItem(store: Store, e: EncounterRecord): Item {
  const keys = encounterKeys(store);
  return EncounterRecord.item(e, {
    ...keys.encounter(e.id),
    ...datedListIndexes(keys, { ...e, start: e.startedAt }),
  });
}

/** Condition shared by every write that adds to an encounter: it must exist and be open. */
export const OPEN_ENCOUNTER = {
  expression: `attribute_exists(pk) AND NOT (#status IN (${FINISHED_ENCOUNTER_STATUSES.map((_, i) => `:fin${i}`).join(', ')}))`,
  names: { '#status': 'status' },
  values: Object.fromEntries(FINISHED_ENCOUNTER_STATUSES.map((s, i) => [`:fin${i}`, s])),
};

export async function findEncounter(
  store: Store,
  id: string,
): Promise<EncounterRecord | undefined> {
  const item = await store.get(encounterKeys(store).encounter(id), { consistent: true });
  return item ? EncounterRecord.read(item) : undefined;
}

/** The whole encounter partition: the encounter, its readings and its prescriptions. */
export async function encounterPartition(store: Store, id: string) {
  const items = await store.query({
    partition: encounterKeys(store).encounter(id).pk,
    consistent: true,
  });
  const main = items.find((i) => i.entity === EncounterRecord.entity);
  return {
    encounter: main ? EncounterRecord.read(main) : undefined,
    vitals: items.filter((i) => i.entity === VitalsRecord.entity).map((i) => VitalsRecord.read(i)),
    prescriptions: items
      .filter((i) => i.entity === PrescriptionRecord.entity)
      .map((i) => PrescriptionRecord.read(i)),
  };
}

/** Every prescription of an encounter: one Query on the `RX#` range of its partition. */
export async function encounterPrescriptions(
  store: Store,
  encounterId: string,
): Promise<PrescriptionRecord[]> {
  const items = await store.query({
    partition: encounterKeys(store).encounter(encounterId).pk,
    range: { beginsWith: 'RX#' },
    consistent: true,
  });
  return items
    .filter((i) => i.entity === PrescriptionRecord.entity)
    .map((i) => PrescriptionRecord.read(i));
}

export interface PrescriptionStatusChange {
  status: MedicationRequestStatus;
  statusChangedAt: string;
  statusChangedBy: string;
  statusReason?: string;
}

/**
 * The write of one prescription status change, conditional on the status it was decided from,
 * so two changes cannot both win. A change without a reason removes the previous one, so a stored
 * reason always explains the current status. (Pharmacy dispensing will use it too.)
 */
export function prescriptionStatusUpdate(
  store: Store,
  rx: PrescriptionRecord,
  change: PrescriptionStatusChange,
): TxItem {
  return {
    Update: updateItem(
      encounterKeys(store).prescription(rx.encounterId, rx.authoredOn, rx.id),
      {
        set: {
          status: change.status,
          statusChangedAt: change.statusChangedAt,
          statusChangedBy: change.statusChangedBy,
          statusReason: change.statusReason,
        },
        ...(change.statusReason ? {} : { remove: ['statusReason'] }),
      },
      {
        expression: '#status = :from',
        names: { '#status': 'status' },
        values: { ':from': rx.status },
      },
    ),
  };
}

/** One prescription of an encounter, or undefined (one Query on the encounter's `RX#` range). */
export async function findPrescription(
  store: Store,
  encounterId: string,
  prescriptionId: string,
): Promise<PrescriptionRecord | undefined> {
  return (await encounterPrescriptions(store, encounterId)).find((p) => p.id === prescriptionId);
}

export interface PrescriptionDispensing {
  /** Units handed over by this dispense. */
  quantity: number;
  at: string;
  by: string;
}

/**
 * For the pharmacy: records a dispense on the prescription, in the dispense's transaction.
 * Conditional on the prescription still being `active` with exactly the dispensed quantity the
 * pharmacy planned from, so two dispenses of one prescription cannot both count. When the
 * prescription is then fully dispensed it becomes `completed` (MedicationRequest.status); a
 * partial dispense leaves it `active` with the remainder owed.
 */
export function prescriptionDispensed(
  store: Store,
  rx: PrescriptionRecord,
  dispensing: PrescriptionDispensing,
): TxItem {
  return prescriptionDispensedAt(
    encounterKeys(store).prescription(rx.encounterId, rx.authoredOn, rx.id),
    rx,
    dispensing,
  );
}

/**
 * The same write for a prescription stored under another owner's key (an admission's discharge
 * medicines, which are MedicationRequests of the inpatient encounter).
 */
export function prescriptionDispensedAt(
  key: ItemKey,
  rx: PrescriptionRecord,
  dispensing: PrescriptionDispensing,
): TxItem {
  const before = rx.dispensedQuantity ?? 0;
  const after = before + dispensing.quantity;
  if (dispensing.quantity < 1 || after > rx.quantity)
    throw new Error(`prescriptionDispensed: ${after} of ${rx.quantity} would be over-dispensed`);
  const completes = after === rx.quantity;
  return {
    Update: updateItem(
      key,
      {
        set: {
          dispensedQuantity: after,
          lastDispensedAt: dispensing.at,
          ...(completes
            ? {
                status: 'completed',
                statusChangedAt: dispensing.at,
                statusChangedBy: dispensing.by,
              }
            : {}),
        },
        ...(completes ? { remove: ['statusReason'] } : {}),
      },
      {
        expression:
          before === 0
            ? '#status = :active AND (attribute_not_exists(#dq) OR #dq = :zero)'
            : '#status = :active AND #dq = :before',
        names: { '#status': 'status', '#dq': 'dispensedQuantity' },
        values: { ':active': 'active', ...(before === 0 ? { ':zero': 0 } : { ':before': before }) },
      },
    ),
  };
}

/**
 * The prescriptions of the patient's latest encounters (decision support reads the active ones):
 * one Query on the patient's index, then one per encounter.
 */
export async function recentPatientPrescriptions(
  store: Store,
  patientId: string,
  encounters = 5,
): Promise<PrescriptionRecord[]> {
  const page = await store.queryPage(
    { index: 'gsi3', partition: encounterKeys(store).byPatient(patientId), newestFirst: true },
    { limit: encounters },
    (item) => EncounterRecord.read(item).id,
  );
  const lists = await Promise.all(page.items.map((id) => encounterPrescriptions(store, id)));
  return lists.flat();
}
