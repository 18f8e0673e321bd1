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
      budgetKb: 355,
      reason:
        "the common start of a REST function (about 287 KB) plus the admission, bed and hold records, early warning scores and the two proposals' declarations (handlers and assessments load on demand): about 351 KB, over issue 15's 350 KB goal since every REST function notes an API key's last use.",
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
