import {
  getPatient,
  listPatients,
  registerPatient,
  updatePatient,
} from '../../shared/domain/patients/patients';
import { createApiHandler } from '../../shared/http/api-handler';
import { patientsGroup } from '../../shared/routes/patients';

export const handler = createApiHandler(patientsGroup, {
  register: ({ tenantId, principal, body, now }) =>
    registerPatient(tenantId, body, { now, timeZone: principal.timezone }),
  list: ({ tenantId, query }) => listPatients(tenantId, query),
  get: ({ tenantId, params }) => getPatient(tenantId, params.id),
  update: ({ tenantId, principal, params, body, now }) =>
    updatePatient(tenantId, params.id, body, { now, timeZone: principal.timezone }),
});
