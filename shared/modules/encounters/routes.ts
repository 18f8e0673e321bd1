import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { prescriptionAction } from './actions';
import * as encounters from './operations';

export const encountersGroup = withProposals(
  defineGroup({
    name: 'encounters',
    source: import.meta.url,
    description: 'OPD encounters with vitals (NEWS2) and prescriptions',
    routes: [
      route(encounters.create, {
        method: 'POST',
        path: '/encounters',
        tag: 'Encounters',
        status: 201,
      }),
      route(encounters.list, { method: 'GET', path: '/encounters', tag: 'Encounters' }),
      route(encounters.get, { method: 'GET', path: '/encounters/{id}', tag: 'Encounters' }),
      route(encounters.update, { method: 'PATCH', path: '/encounters/{id}', tag: 'Encounters' }),
      route(encounters.recordVitals, {
        method: 'PATCH',
        path: '/encounters/{id}/vitals',
        tag: 'Encounters',
      }),
      route(encounters.prescribe, {
        method: 'POST',
        path: '/encounters/{id}/prescriptions',
        tag: 'Encounters',
        status: 201,
      }),
      route(encounters.changePrescriptionStatus, {
        method: 'PATCH',
        path: '/encounters/{id}/prescriptions/{prescriptionId}',
        tag: 'Encounters',
      }),
    ],
  }),
  // Agents' proposals of this module's action types (shared/manifest/hitl.ts).
  [prescriptionAction],
);
