import { addPrescription, recordVitals } from '../../shared/domain/encounters/clinical-entries';
import {
  createEncounter,
  getEncounter,
  listEncounters,
  updateEncounter,
} from '../../shared/domain/encounters/encounters';
import { changePrescriptionStatus } from '../../shared/domain/encounters/prescription-status';
import { createApiHandler } from '../../shared/http/api-handler';
import { encountersGroup } from '../../shared/routes/encounters';

export const handler = createApiHandler(encountersGroup, {
  create: ({ principal, body, now }) => createEncounter(principal, body, now),
  list: ({ principal, query, now }) => listEncounters(principal, query, now),
  get: ({ tenantId, params }) => getEncounter(tenantId, params.id),
  update: ({ principal, params, body, now }) => updateEncounter(principal, params.id, body, now),
  recordVitals: ({ principal, params, body, now }) => recordVitals(principal, params.id, body, now),
  prescribe: ({ principal, params, body, now }) => addPrescription(principal, params.id, body, now),
  changePrescriptionStatus: ({ principal, params, body, now }) =>
    changePrescriptionStatus(principal, params.id, params.prescriptionId, body, now),
});
