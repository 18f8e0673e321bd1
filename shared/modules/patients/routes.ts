import { defineGroup, route } from '../../http/route';
import * as patients from './operations';

export const patientsGroup = defineGroup({
  name: 'patients',
  source: import.meta.url,
  description: 'Patient registration (MRN), search and corrections',
  routes: [
    route(patients.register, {
      method: 'POST',
      path: '/patients/register',
      tag: 'Patients',
      status: 201,
    }),
    route(patients.list, { method: 'GET', path: '/patients', tag: 'Patients' }),
    route(patients.get, { method: 'GET', path: '/patients/{id}', tag: 'Patients' }),
    route(patients.update, { method: 'PATCH', path: '/patients/{id}', tag: 'Patients' }),
    route(patients.accessLog, {
      method: 'GET',
      path: '/patients/{id}/access-log',
      tag: 'Patients',
    }),
  ],
});
