import { defineGroup, route } from '../../http/route';
import * as departments from '../departments/operations';
import * as doctors from './operations';

/** Departments and doctor profiles share a function: both are small and read together by the desk. */
export const doctorsGroup = defineGroup({
  name: 'doctors',
  source: import.meta.url,
  description: 'Departments, doctor profiles and weekly OPD schedules',
  routes: [
    route(departments.create, {
      method: 'POST',
      path: '/departments',
      tag: 'Doctors',
      status: 201,
    }),
    route(departments.list, { method: 'GET', path: '/departments', tag: 'Doctors' }),
    route(doctors.create, { method: 'POST', path: '/doctors', tag: 'Doctors', status: 201 }),
    route(doctors.list, { method: 'GET', path: '/doctors', tag: 'Doctors' }),
    route(doctors.get, { method: 'GET', path: '/doctors/{id}', tag: 'Doctors' }),
    route(doctors.setSchedule, {
      method: 'PUT',
      path: '/doctors/{id}/schedule',
      tag: 'Doctors',
      body: { field: 'schedule' },
    }),
  ],
});
