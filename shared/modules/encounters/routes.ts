import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { prescriptionAction } from './actions';
import * as encounters from './operations';

export const encountersGroup = withProposals(
  defineGroup({
    name: 'encounters',
    source: import.meta.url,
    bundle: {
      budgetKb: 400,
      reason:
        "the clinical screens a prescription passes (text normalisation, drug catalogue and classes, allergy cross-sensitivity) and the NEWS2 rules with pregnancy status came with issue 16; issue 15's goal is 350 KB: load the prescription screen on demand to get back under it. After the issue 17-24 merges every function also carries the tenant-session store (issue 23) and the modules' cross-module riders (report counters, events): about 20 KB more; a diet is open work. The third round of merges (the per-hospital fair-share limiter on every REST request, issue 23 item 9; prescribing cards, issue 19) added about 10 KB more.",
    },
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
