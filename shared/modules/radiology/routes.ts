import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { radiologyOrderAction } from './actions';
import * as rad from './operations';

const tag = 'Radiology';

export const radiologyGroup = withProposals(
  defineGroup({
    name: 'radiology',
    source: import.meta.url,
    description:
      'Radiology procedures and rooms, orders with safety screening, scheduling, performing and reports',
    routes: [
      route(rad.catalogue, { method: 'GET', path: '/radiology/catalogue', tag }),
      route(rad.putProcedureOp, { method: 'PUT', path: '/radiology/procedures/{code}', tag }),
      route(rad.putRoomOp, { method: 'PUT', path: '/radiology/rooms/{code}', tag }),
      route(rad.order, { method: 'POST', path: '/radiology/orders', tag, status: 201 }),
      route(rad.get, { method: 'GET', path: '/radiology/orders/{id}', tag }),
      route(rad.setStatus, { method: 'PATCH', path: '/radiology/orders/{id}/status', tag }),
      route(rad.screen, { method: 'PATCH', path: '/radiology/orders/{id}/safety', tag }),
      route(rad.override, { method: 'POST', path: '/radiology/orders/{id}/safety-override', tag }),
      route(rad.schedule, { method: 'POST', path: '/radiology/orders/{id}/schedule', tag }),
      route(rad.start, { method: 'POST', path: '/radiology/orders/{id}/start', tag }),
      route(rad.complete, { method: 'POST', path: '/radiology/orders/{id}/complete', tag }),
      route(rad.report, { method: 'PUT', path: '/radiology/orders/{id}/report', tag }),
      route(rad.addendum, {
        method: 'POST',
        path: '/radiology/orders/{id}/addenda',
        tag,
        status: 201,
      }),
      route(rad.worklist, { method: 'GET', path: '/radiology/worklists/{list}', tag }),
    ],
  }),
  // Agents' proposals of this module's action types (shared/manifest/hitl.ts).
  [radiologyOrderAction],
);
