import { defineGroup, route } from '../../http/route';
import * as appointments from './operations';

export const appointmentsGroup = defineGroup({
  name: 'appointments',
  source: import.meta.url,
  description: 'Appointments, their status, the OPD queue and doctor availability',
  routes: [
    route(appointments.availability, {
      method: 'GET',
      path: '/doctors/{id}/availability',
      tag: 'Appointments',
    }),
    route(appointments.book, {
      method: 'POST',
      path: '/appointments',
      tag: 'Appointments',
      status: 201,
    }),
    route(appointments.list, { method: 'GET', path: '/appointments', tag: 'Appointments' }),
    route(appointments.queue, { method: 'GET', path: '/appointments/queue', tag: 'Appointments' }),
    route(appointments.get, { method: 'GET', path: '/appointments/{id}', tag: 'Appointments' }),
    route(appointments.setStatus, {
      method: 'PATCH',
      path: '/appointments/{id}/status',
      tag: 'Appointments',
    }),
  ],
});
