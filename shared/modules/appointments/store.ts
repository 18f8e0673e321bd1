/**
 * Storage of appointments: the appointment item (listed by date through gsi1, by doctor through
 * gsi2 and by patient through gsi3, each sorted by slot start), the slot lock whose existence is
 * the booking (a conditional put makes double-booking impossible), and the per-doctor, per-day
 * token counter of the queue. Encounters change an appointment only through the transaction
 * builders at the end of this file.
 */
import { defineRecord } from '../../kernel/records';
import { datedListIndexes } from '../../kernel/store/dated-lists';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { localDayKeyRange } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';
import { Appointment } from './schemas';

export const AppointmentRecord = defineRecord(
  'Appointment',
  z.extend(Appointment, { createdBy: z.string(), consultationStartedAt: z.optional(z.string()) }),
);
export type AppointmentRecord = z.output<typeof AppointmentRecord.schema>;

const SlotLock = defineRecord('SlotLock', z.strictObject({ appointmentId: z.string() }));

export const appointmentKeys = (store: Store) => ({
  appointment: (id: string) => store.keys.entity('APPT', id),
  slot: (doctorId: string, startIso: string) =>
    store.keys.entity('SLOT', `${doctorId}#${startIso}`),
  byDate: (date: string) => store.keys.collection('APPTS', 'DATE', date),
  byDoctor: (doctorId: string) => store.keys.collection('APPTS', 'DOCTOR', doctorId),
  byPatient: (patientId: string) => store.keys.collection('APPTS', 'PATIENT', patientId),
  tokenCounter: (doctorId: string, date: string) => store.keys.counter(`TOKEN#${doctorId}#${date}`),
});

export function appointmentItem(store: Store, a: AppointmentRecord): Item {
  const keys = appointmentKeys(store);
  return AppointmentRecord.item(a, { ...keys.appointment(a.id), ...datedListIndexes(keys, a) });
}

/** The slot lock (0) and the appointment (1); position 0 fails when the slot is taken. */
export function newAppointmentWrites(store: Store, a: AppointmentRecord): TxItem[] {
  return [
    {
      Put: {
        Item: SlotLock.item(
          { appointmentId: a.id },
          appointmentKeys(store).slot(a.doctorId, a.start),
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { Item: appointmentItem(store, a), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Frees the slot of an appointment that no longer holds it (unless another appointment owns it). */
export function releaseSlot(
  store: Store,
  a: Pick<AppointmentRecord, 'id' | 'doctorId' | 'start'>,
): TxItem {
  return {
    Delete: {
      Key: appointmentKeys(store).slot(a.doctorId, a.start),
      ConditionExpression: 'attribute_not_exists(pk) OR appointmentId = :id',
      ExpressionAttributeValues: { ':id': a.id },
    },
  };
}

/**
 * The booked appointments of one local date (gsi1, the date's list, in start order): the
 * reminders of the day before read them (shared/modules/notifications/triggers-run.ts).
 */
export async function bookedAppointmentsOn(
  store: Store,
  date: string,
): Promise<AppointmentRecord[]> {
  const items = await store.query({
    index: 'gsi1',
    partition: appointmentKeys(store).byDate(date),
    filter: {
      expression: '#status = :booked',
      names: { '#status': 'status' },
      values: { ':booked': 'booked' },
    },
  });
  return items.map((i) => AppointmentRecord.read(i));
}

export async function findAppointment(
  store: Store,
  id: string,
): Promise<AppointmentRecord | undefined> {
  const item = await store.get(appointmentKeys(store).appointment(id), { consistent: true });
  return item ? AppointmentRecord.read(item) : undefined;
}

/** Every appointment of a doctor whose slot starts within the local date (one Query, all pages). */
export async function doctorDay(
  store: Store,
  doctorId: string,
  date: string,
  timeZone: string,
): Promise<AppointmentRecord[]> {
  const { from, to } = localDayKeyRange(date, timeZone);
  const items = await store.query({
    index: 'gsi2',
    partition: appointmentKeys(store).byDoctor(doctorId),
    range: { between: [from, to] },
  });
  return items.map((i) => AppointmentRecord.read(i));
}

/** Every appointment of the hospital on a local date (the date list, gsi1; one Query, all pages). */
export async function hospitalDay(store: Store, date: string): Promise<AppointmentRecord[]> {
  const items = await store.query({
    index: 'gsi1',
    partition: appointmentKeys(store).byDate(date),
  });
  return items.map((i) => AppointmentRecord.read(i));
}

// ----- What an encounter does to its appointment (the encounters module calls these) -----

const IN_CONSULTATION = {
  expression: '#status = :checkedIn AND encounterId = :enc',
  names: { '#status': 'status' },
};

/** A consultation starts from a checked-in appointment not yet in one; position fails otherwise. */
export function startConsultation(
  store: Store,
  appointmentId: string,
  encounterId: string,
  at: string,
): TxItem {
  return {
    Update: updateItem(
      appointmentKeys(store).appointment(appointmentId),
      {
        set: {
          queueStatus: 'in-consultation',
          encounterId,
          consultationStartedAt: at,
          updatedAt: at,
        },
      },
      {
        expression: '#status = :checkedIn AND attribute_not_exists(encounterId)',
        names: { '#status': 'status' },
        values: { ':checkedIn': 'checked-in' },
      },
    ),
  };
}

/**
 * What ending the encounter does to its appointment and queue entry, in the encounter's
 * transaction:
 * - completed: the appointment is fulfilled and the queue entry done;
 * - discontinued (the consultation began but could not be finished): the appointment still took
 *   place, so it is fulfilled, with the reason in its history, and the patient has left the queue;
 * - entered in error, or cancelled before it began: the encounter should not exist, so the
 *   appointment goes back to waiting in the queue, ready for a new encounter.
 */
export function finishConsultation(
  store: Store,
  input: {
    appointmentId: string;
    encounterId: string;
    ending: 'completed' | 'discontinued' | 'voided';
    reason?: string | undefined;
    by: string;
    at: string;
  },
): TxItem {
  const key = appointmentKeys(store).appointment(input.appointmentId);
  const condition = {
    ...IN_CONSULTATION,
    values: { ':checkedIn': 'checked-in', ':enc': input.encounterId },
  };
  if (input.ending === 'voided') {
    return {
      Update: updateItem(
        key,
        {
          set: { queueStatus: 'waiting', updatedAt: input.at },
          remove: ['encounterId', 'consultationStartedAt'],
        },
        condition,
      ),
    };
  }
  const note =
    input.ending === 'completed'
      ? `encounter ${input.encounterId} completed`
      : `encounter ${input.encounterId} discontinued: ${input.reason}`;
  return {
    Update: updateItem(
      key,
      {
        set: {
          status: 'fulfilled',
          queueStatus: input.ending === 'completed' ? 'done' : 'left',
          updatedAt: input.at,
        },
        append: { history: [{ status: 'fulfilled', at: input.at, by: input.by, reason: note }] },
      },
      condition,
    ),
  };
}
