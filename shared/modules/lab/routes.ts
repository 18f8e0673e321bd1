import { defineGroup, route } from '../../http/route';
import { withProposals } from '../../manifest/hitl';
import { labOrderAction } from './actions';
import * as lab from './operations';

const tag = 'Laboratory';

export const labGroup = withProposals(
  defineGroup({
    name: 'lab',
    source: import.meta.url,
    description:
      'Lab catalogue, orders, specimens, results, verification, critical alerts and worklists',
    routes: [
      route(lab.catalogue, { method: 'GET', path: '/lab/catalogue', tag }),
      route(lab.putLabTest, { method: 'PUT', path: '/lab/catalogue/tests/{code}', tag }),
      route(lab.putLabPanel, { method: 'PUT', path: '/lab/catalogue/panels/{code}', tag }),
      route(lab.installStarter, { method: 'POST', path: '/lab/catalogue/starter', tag }),
      route(lab.order, { method: 'POST', path: '/lab/orders', tag, status: 201 }),
      route(lab.get, { method: 'GET', path: '/lab/orders/{id}', tag }),
      route(lab.setStatus, { method: 'PATCH', path: '/lab/orders/{id}/status', tag }),
      route(lab.collect, { method: 'POST', path: '/lab/orders/{id}/specimens', tag, status: 201 }),
      route(lab.reject, {
        method: 'POST',
        path: '/lab/orders/{id}/specimens/{accession}/reject',
        tag,
      }),
      route(lab.enter, { method: 'POST', path: '/lab/orders/{id}/results', tag }),
      route(lab.amend, { method: 'PATCH', path: '/lab/orders/{id}/results/{code}', tag }),
      route(lab.verify, { method: 'POST', path: '/lab/orders/{id}/verify', tag }),
      route(lab.acknowledge, {
        method: 'POST',
        path: '/lab/orders/{id}/alerts/{alertId}/acknowledge',
        tag,
      }),
      route(lab.worklistOp, { method: 'GET', path: '/lab/worklists/{list}', tag }),
      route(lab.criticals, { method: 'GET', path: '/lab/criticals', tag }),
      route(lab.forPatient, { method: 'GET', path: '/lab/patients/{patientId}/orders', tag }),
      route(lab.cumulative, { method: 'GET', path: '/lab/patients/{patientId}/cumulative', tag }),
    ],
  }),
  // Agents' proposals of this module's action types (shared/manifest/hitl.ts).
  [labOrderAction],
);
