import {
  availability,
  bookAppointment,
  changeAppointmentStatus,
  getAppointment,
  listAppointments,
} from '../../shared/domain/appointments/appointments';
import { queueFor } from '../../shared/domain/appointments/queue-view';
import { createApiHandler } from '../../shared/http/api-handler';
import { appointmentsGroup } from '../../shared/routes/appointments';

export const handler = createApiHandler(appointmentsGroup, {
  availability: ({ principal, params, query, now }) =>
    availability(principal, params.id, query.date, now),
  book: ({ principal, body, now }) => bookAppointment(principal, body, now),
  list: ({ principal, query, now }) => listAppointments(principal, query, now),
  queue: ({ principal, query, now }) => queueFor(principal, query.doctorId, query.date, now),
  get: ({ tenantId, params }) => getAppointment(tenantId, params.id),
  setStatus: ({ principal, params, body, now }) =>
    changeAppointmentStatus(principal, params.id, body, now),
});
