import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { admissionAction, dischargeAction } from './actions';
import * as admissions from './operations';

const tag = 'Admissions';

export const admissionsGroup = withProposals(
  defineGroup({
    name: 'admissions',
    source: import.meta.url,
    bundle: {
      budgetKb: 418,
      reason:
        "discharge medicines (TTO prescriptions with the prescription screen), discharge holds and NEWS2 escalation from complete sets came with issue 16; issue 15's goal is 350 KB: load the discharge and prescription paths on demand to get back under it. After the issue 17-24 merges every function also carries the tenant-session store (issue 23) and the modules' cross-module riders (report counters, events): about 20 KB more; a diet is open work. The third round of merges (the per-hospital fair-share limiter on every REST request, issue 23 item 9; prescribing cards, issue 19) added about 10 KB more. The observation sets carry the early warning scores that replace NEWS2 for children and in pregnancy (the Bedside PEWS and MEOWS tables, issue 19): about 5 KB more.",
    },
    description:
      'Inpatient admissions: admit, transfer, observations (NEWS2), nursing and round notes, discharge',
    routes: [
      route(admissions.admit, { method: 'POST', path: '/admissions', tag, status: 201 }),
      route(admissions.list, { method: 'GET', path: '/admissions', tag }),
      route(admissions.get, { method: 'GET', path: '/admissions/{id}', tag }),
      route(admissions.transfer, { method: 'POST', path: '/admissions/{id}/transfer', tag }),
      route(admissions.recordObservation, {
        method: 'POST',
        path: '/admissions/{id}/observations',
        tag,
        status: 201,
      }),
      route(admissions.recordPregnancyStatus, {
        method: 'PATCH',
        path: '/admissions/{id}/pregnancy',
        tag,
      }),
      route(admissions.addNursingNote, {
        method: 'POST',
        path: '/admissions/{id}/nursing-notes',
        tag,
        status: 201,
      }),
      route(admissions.addRoundNote, {
        method: 'POST',
        path: '/admissions/{id}/round-notes',
        tag,
        status: 201,
      }),
      route(admissions.discharge, { method: 'POST', path: '/admissions/{id}/discharge', tag }),
      route(admissions.prescribe, {
        method: 'POST',
        path: '/admissions/{id}/prescriptions',
        tag,
        status: 201,
      }),
      route(admissions.markEnteredInError, {
        method: 'POST',
        path: '/admissions/{id}/entered-in-error',
        tag,
      }),
      route(admissions.changePrescriptionStatus, {
        method: 'PATCH',
        path: '/admissions/{id}/prescriptions/{prescriptionId}',
        tag,
      }),
    ],
  }),
  // Agents' proposals of this module's action types (shared/manifest/hitl.ts).
  [admissionAction, dischargeAction],
);
