import { defineOperation } from '../../kernel/operation';
import { queueFor } from './queue-view';
import {
  Appointment,
  AppointmentIdInput,
  AppointmentPage,
  Availability,
  AvailabilityInput,
  BookAppointmentInput,
  ChangeAppointmentStatusInput,
  ListAppointmentsInput,
  Queue,
  QueueInput,
} from './schemas';
import {
  bookAppointment,
  changeAppointmentStatus,
  availability as freeSlotsOf,
  getAppointment,
  listAppointments,
} from './service';

export const availability = defineOperation({
  name: 'appointments.availability',
  summary:
    "Free slots of a doctor on a date (the hospital's time zone): schedule minus booked slots",
  input: AvailabilityInput,
  output: Availability,
  access: { roles: 'frontDesk', scope: 'appointments:read' },
  kind: 'read',
  idempotent: true,
  handler: freeSlotsOf,
});

export const book = defineOperation({
  name: 'appointments.book',
  summary: 'Book a slot of a doctor for a patient; a slot can be booked once, at most a year ahead',
  input: BookAppointmentInput,
  output: Appointment,
  access: { roles: 'frontDesk', scope: 'appointments:write' },
  kind: 'write',
  idempotent: false,
  handler: bookAppointment,
});

export const list = defineOperation({
  name: 'appointments.list',
  summary: 'List appointments by date (default today), doctor, patient and status',
  input: ListAppointmentsInput,
  output: AppointmentPage,
  access: { roles: 'frontDesk', scope: 'appointments:read' },
  kind: 'read',
  idempotent: true,
  handler: listAppointments,
});

export const queue = defineOperation({
  name: 'appointments.queue',
  summary:
    "The current queue for a day: the hospital's (each doctor's queue by department) or one doctor's: token, patient, status, check-in time and estimated wait",
  input: QueueInput,
  output: Queue,
  access: { roles: 'frontDesk', scope: 'appointments:read' },
  kind: 'read',
  idempotent: true,
  handler: queueFor,
});

export const get = defineOperation({
  name: 'appointments.get',
  summary: 'One appointment with its status history',
  input: AppointmentIdInput,
  output: Appointment,
  access: { roles: 'frontDesk', scope: 'appointments:read' },
  kind: 'read',
  idempotent: true,
  handler: getAppointment,
});

export const setStatus = defineOperation({
  name: 'appointments.setStatus',
  summary: 'Change status (FHIR Appointment.status); checking in assigns the queue token',
  input: ChangeAppointmentStatusInput,
  output: Appointment,
  access: { roles: 'frontDesk', scope: 'appointments:write' },
  kind: 'write',
  idempotent: false,
  handler: changeAppointmentStatus,
});
