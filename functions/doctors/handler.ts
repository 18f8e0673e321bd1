import { createDepartment, listDepartments } from '../../shared/domain/doctors/departments';
import {
  createDoctor,
  getDoctor,
  listDoctors,
  setDoctorSchedule,
} from '../../shared/domain/doctors/doctors';
import { createApiHandler } from '../../shared/http/api-handler';
import { doctorsGroup } from '../../shared/routes/doctors';

export const handler = createApiHandler(doctorsGroup, {
  createDepartment: ({ tenantId, body, now }) => createDepartment(tenantId, body, now),
  listDepartments: ({ tenantId, query }) => listDepartments(tenantId, query),
  createDoctor: ({ tenantId, body, now }) => createDoctor(tenantId, body, now),
  listDoctors: ({ tenantId, query }) => listDoctors(tenantId, query),
  getDoctor: ({ tenantId, params }) => getDoctor(tenantId, params.id),
  setSchedule: ({ tenantId, principal, params, body, now }) =>
    setDoctorSchedule(tenantId, principal, params.id, body, now),
});
