/**
 * Storage of admissions. The admission item (`ADM#<id>`) holds the current bed, the bed history,
 * the latest NEWS2, open discharge holds and, at the end, the discharge summary. Its observation
 * sets (`OBS#…`), notes (`NOTE#…`) and discharge prescriptions (`RX#…`) live in its partition, so
 * one Query reads the whole stay. Lists: by current ward (gsi1), doctor (gsi2), patient (gsi3)
 * and all admissions (gsi4), each sorted by admission instant. A patient's active admission is a
 * lock item (`ACTIVEADM#<patientId>`) put with the admission and deleted at its end, so a second
 * admission of the same patient fails in its transaction.
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { Prescription, type PrescriptionDispensing, prescriptionDispensedAt } from '../encounters';
import { Admission, Note, Observation } from './schemas';
import { ACTIVE_ADMISSION_STATUS } from './status';

const Hold = z.strictObject({ kind: z.string(), description: z.string(), placedAt: z.string() });

export const AdmissionRecord = defineRecord(
  'Admission',
  z.extend(Admission, { holds: z.record(z.string(), Hold) }),
);
export type AdmissionRecord = z.output<typeof AdmissionRecord.schema>;
export const ObservationRecord = defineRecord('Observation', Observation);
export type ObservationRecord = z.output<typeof ObservationRecord.schema>;
export const NoteRecord = defineRecord('AdmissionNote', Note);
export type NoteRecord = z.output<typeof NoteRecord.schema>;
export const DischargeRxRecord = defineRecord('DischargePrescription', Prescription);
export type DischargeRxRecord = z.output<typeof DischargeRxRecord.schema>;
const ActiveAdmission = defineRecord(
  'ActiveAdmission',
  z.strictObject({ admissionId: z.string() }),
);

export const admissionKeys = (store: Store) => ({
  admission: (id: string) => store.keys.entity('ADM', id),
  observation: (id: string, at: string, obsId: string) =>
    store.keys.child('ADM', id, 'OBS', at, obsId),
  note: (id: string, at: string, noteId: string) => store.keys.child('ADM', id, 'NOTE', at, noteId),
  prescription: (id: string, at: string, rxId: string) =>
    store.keys.child('ADM', id, 'RX', at, rxId),
  active: (patientId: string) => store.keys.entity('ACTIVEADM', patientId),
  byWard: (wardId: string) => store.keys.collection('ADMS', 'WARD', wardId),
  byDoctor: (doctorId: string) => store.keys.collection('ADMS', 'DOCTOR', doctorId),
  byPatient: (patientId: string) => store.keys.collection('ADMS', 'PATIENT', patientId),
  all: () => store.keys.collection('ADMS'),
});

export function admissionItem(store: Store, a: AdmissionRecord): Item {
  const keys = admissionKeys(store);
  const sk = sortKey(a.admittedAt, a.id);
  return AdmissionRecord.item(a, {
    ...keys.admission(a.id),
    gsi1pk: keys.byWard(a.wardId),
    gsi1sk: sk,
    gsi2pk: keys.byDoctor(a.doctorId),
    gsi2sk: sk,
    gsi3pk: keys.byPatient(a.patientId),
    gsi3sk: sk,
    gsi4pk: keys.all(),
    gsi4sk: sk,
  });
}

/** The patient's active-admission lock (0: fails while another admission is active). */
export function activeAdmissionPut(store: Store, patientId: string, admissionId: string): TxItem {
  return {
    Put: {
      Item: ActiveAdmission.item({ admissionId }, admissionKeys(store).active(patientId)),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function activeAdmissionDelete(
  store: Store,
  patientId: string,
  admissionId: string,
): TxItem {
  return {
    Delete: {
      Key: admissionKeys(store).active(patientId),
      ConditionExpression: 'admissionId = :adm',
      ExpressionAttributeValues: { ':adm': admissionId },
    },
  };
}

export async function activeAdmissionOf(
  store: Store,
  patientId: string,
): Promise<string | undefined> {
  const item = await store.get(admissionKeys(store).active(patientId), { consistent: true });
  return item ? ActiveAdmission.read(item).admissionId : undefined;
}

/** Condition of every write to an active admission, in the bed the caller read it in. */
export function activeIn(bedId: string) {
  return {
    expression: '#status = :active AND #bed = :bed',
    names: { '#status': 'status', '#bed': 'bedId' },
    values: { ':active': ACTIVE_ADMISSION_STATUS, ':bed': bedId },
  };
}

export async function findAdmission(
  store: Store,
  id: string,
): Promise<AdmissionRecord | undefined> {
  const item = await store.get(admissionKeys(store).admission(id), { consistent: true });
  return item ? AdmissionRecord.read(item) : undefined;
}

/** The whole stay: the admission, its observations, notes and prescriptions (one Query). */
export async function admissionPartition(store: Store, id: string) {
  const items = await store.query({
    partition: admissionKeys(store).admission(id).pk,
    consistent: true,
  });
  const of = <T>(def: { entity: string; read(i: Item): T }) =>
    items.filter((i) => i.entity === def.entity).map((i) => def.read(i));
  return {
    admission: of(AdmissionRecord)[0],
    observations: of(ObservationRecord),
    notes: of(NoteRecord),
    prescriptions: of(DischargeRxRecord),
  };
}

/**
 * Places a hold that blocks discharge until released (for other modules: a pending lab order,
 * medicines still to dispense). Only on an active admission; the id is the holder's own.
 */
export function placeDischargeHold(
  store: Store,
  admissionId: string,
  holdId: string,
  hold: { kind: string; description: string; placedAt: string },
): TxItem {
  return {
    Update: {
      Key: admissionKeys(store).admission(admissionId),
      UpdateExpression: 'SET #holds.#id = :hold',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#holds': 'holds', '#id': holdId, '#status': 'status' },
      ExpressionAttributeValues: { ':hold': hold, ':active': ACTIVE_ADMISSION_STATUS },
    },
  };
}

/** Releases a hold (whatever the admission's status: a result may arrive after discharge). */
export function releaseDischargeHold(store: Store, admissionId: string, holdId: string): TxItem {
  return {
    Update: {
      Key: admissionKeys(store).admission(admissionId),
      UpdateExpression: 'REMOVE #holds.#id',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#holds': 'holds', '#id': holdId },
    },
  };
}

/** One discharge prescription's status change, conditional on the status it was decided from. */
export function dischargeRxStatusUpdate(
  store: Store,
  rx: DischargeRxRecord,
  change: {
    status: string;
    statusChangedAt: string;
    statusChangedBy: string;
    statusReason?: string;
  },
): TxItem {
  return {
    Update: updateItem(
      admissionKeys(store).prescription(rx.encounterId, rx.authoredOn, rx.id),
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

/** The discharge prescriptions of an admission: one Query on the `RX#` range of its partition. */
export async function dischargePrescriptions(
  store: Store,
  admissionId: string,
): Promise<DischargeRxRecord[]> {
  const items = await store.query({
    partition: admissionKeys(store).admission(admissionId).pk,
    range: { beginsWith: 'RX#' },
    consistent: true,
  });
  return items.map((i) => DischargeRxRecord.read(i));
}

/** One discharge prescription of an admission, or undefined (one Query on its `RX#` range). */
export async function findDischargePrescription(
  store: Store,
  admissionId: string,
  prescriptionId: string,
): Promise<DischargeRxRecord | undefined> {
  return (await dischargePrescriptions(store, admissionId)).find((p) => p.id === prescriptionId);
}

/** The hold a discharge medicine prescribed during the stay places until it is dispensed. */
export const medicineHoldId = (rxId: string) => `rx-${rxId}`;

/**
 * For the pharmacy: records a dispense on a discharge prescription, in the dispense's transaction
 * (as encounters' prescriptionDispensed does for an outpatient one), and, when it completes the
 * prescription, releases the discharge hold it placed.
 */
export function dischargeRxDispensed(
  store: Store,
  rx: DischargeRxRecord,
  dispensing: PrescriptionDispensing,
): TxItem[] {
  const completes = (rx.dispensedQuantity ?? 0) + dispensing.quantity === rx.quantity;
  return [
    prescriptionDispensedAt(
      admissionKeys(store).prescription(rx.encounterId, rx.authoredOn, rx.id),
      rx,
      dispensing,
    ),
    ...(completes ? [releaseDischargeHold(store, rx.encounterId, medicineHoldId(rx.id))] : []),
  ];
}

/** The hospital's discharged admissions (all stays, gsi4, filtered): the billing health check. */
export async function dischargedAdmissions(
  store: Store,
): Promise<{ id: string; patientId: string }[]> {
  const items = await store.query({
    index: 'gsi4',
    partition: admissionKeys(store).all(),
    filter: { expression: '#st = :d', names: { '#st': 'status' }, values: { ':d': 'discharged' } },
  });
  return items.map((i) => ({ id: String(i.id), patientId: String(i.patientId) }));
}
