import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { surgeryBookingAction } from './actions';
import * as ot from './operations';

const tag = 'Theatre';

export const theatreGroup = withProposals(
  defineGroup({
    name: 'theatre',
    source: import.meta.url,
    // A specimen's event goes out with the record's commit (specimens.ts).
    permissions: { table: 'readwrite', events: true },
    description:
      'Operating theatres and sessions, surgical cases booked without overlaps, the WHO Surgical Safety Checklist, lists and utilisation',
    routes: [
      route(ot.theatres, { method: 'GET', path: '/theatre/theatres', tag }),
      route(ot.putTheatreOp, { method: 'PUT', path: '/theatre/theatres/{code}', tag }),
      route(ot.theatreChecklist, {
        method: 'GET',
        path: '/theatre/theatres/{theatre}/checklist',
        tag,
      }),
      route(ot.settings, { method: 'GET', path: '/theatre/settings', tag }),
      route(ot.putSettingsOp, { method: 'PUT', path: '/theatre/settings', tag }),
      route(ot.createSessionOp, { method: 'POST', path: '/theatre/sessions', tag, status: 201 }),
      route(ot.requestCaseOp, { method: 'POST', path: '/theatre/cases', tag, status: 201 }),
      route(ot.getCaseOp, { method: 'GET', path: '/theatre/cases/{id}', tag }),
      route(ot.preOp, { method: 'PATCH', path: '/theatre/cases/{id}/pre-op', tag }),
      route(ot.schedule, { method: 'POST', path: '/theatre/cases/{id}/schedule', tag }),
      route(ot.cancel, { method: 'POST', path: '/theatre/cases/{id}/cancel', tag }),
      route(ot.checklist, { method: 'GET', path: '/theatre/cases/{id}/checklist', tag }),
      route(ot.confirm, {
        method: 'POST',
        path: '/theatre/cases/{id}/checklist/confirmations',
        tag,
      }),
      route(ot.timeline, { method: 'POST', path: '/theatre/cases/{id}/timeline', tag }),
      route(ot.record, { method: 'PATCH', path: '/theatre/cases/{id}/record', tag }),
      route(ot.handover, { method: 'POST', path: '/theatre/cases/{id}/handover', tag }),
      route(ot.admissionCases, { method: 'GET', path: '/theatre/admissions/{id}/cases', tag }),
      route(ot.lists, { method: 'GET', path: '/theatre/lists', tag }),
      route(ot.waitingListOp, { method: 'GET', path: '/theatre/waiting-list', tag }),
      route(ot.utilisation, { method: 'GET', path: '/theatre/utilisation', tag }),
    ],
  }),
  // Agents' proposals of this module's action type (shared/manifest/hitl.ts).
  [surgeryBookingAction],
);
