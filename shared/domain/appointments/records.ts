import { collection, entityKey } from '../../table/keys';
import type { AppointmentStatus } from '../opd/appointment-status';
import type { QueuePriority, QueueStatus } from '../opd/queue';

export interface StatusChange {
  status: AppointmentStatus;
  at: string;
  by: string;
  reason?: string;
}

/** Stored appointment (keys omitted). Queue fields appear at check-in. */
export interface AppointmentRecord {
  id: string;
  patientId: string;
  patientName: string;
  mrn: string;
  doctorId: string;
  doctorName: string;
  departmentId?: string;
  /** UTC instants of the slot. */
  start: string;
  end: string;
  /** The slot's date in the hospital's time zone. */
  date: string;
  status: AppointmentStatus;
  priority: QueuePriority;
  reason: string;
  history: StatusChange[];
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  cancelReason?: string;
  token?: number;
  checkedInAt?: string;
  queueStatus?: QueueStatus;
  encounterId?: string;
  consultationStartedAt?: string;
}

/** Key layout of appointments, in one place. */
export const apptKeys = {
  item: (t: string, id: string) => entityKey(t, 'APPT', id),
  /** Slot lock: its existence is the booking; a conditional put makes double-booking impossible. */
  slot: (t: string, doctorId: string, startIso: string) =>
    entityKey(t, 'SLOT', `${doctorId}#${startIso}`),
  byDate: (t: string, date: string) => collection(t, 'APPTS', 'DATE', date),
  byDoctor: (t: string, doctorId: string) => collection(t, 'APPTS', 'DOCTOR', doctorId),
  byPatient: (t: string, patientId: string) => collection(t, 'APPTS', 'PATIENT', patientId),
  tokenCounter: (doctorId: string, date: string) => `TOKEN#${doctorId}#${date}`,
};

export function appointmentItem(t: string, a: AppointmentRecord) {
  const sk = `${a.start}#${a.id}`;
  return {
    ...apptKeys.item(t, a.id),
    entity: 'Appointment',
    gsi1pk: apptKeys.byDate(t, a.date),
    gsi1sk: sk,
    gsi2pk: apptKeys.byDoctor(t, a.doctorId),
    gsi2sk: sk,
    gsi3pk: apptKeys.byPatient(t, a.patientId),
    gsi3sk: sk,
    ...a,
  };
}

export function publicAppointment(a: AppointmentRecord) {
  return {
    id: a.id,
    patientId: a.patientId,
    patientName: a.patientName,
    mrn: a.mrn,
    doctorId: a.doctorId,
    doctorName: a.doctorName,
    departmentId: a.departmentId,
    start: a.start,
    end: a.end,
    date: a.date,
    status: a.status,
    priority: a.priority,
    reason: a.reason,
    cancelReason: a.cancelReason,
    token: a.token,
    checkedInAt: a.checkedInAt,
    queueStatus: a.queueStatus,
    encounterId: a.encounterId,
    history: a.history,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}
