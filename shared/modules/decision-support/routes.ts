import { defineGroup, route } from '../../http/route';
import * as cds from './operations';

const tag = 'Decision support';

export const decisionSupportGroup = defineGroup({
  name: 'decision-support',
  source: import.meta.url,
  description:
    'Clinical decision support: rules with their sources, patient alerts, overrides, and the CDS Hooks 2.0 service',
  routes: [
    route(cds.discover, { method: 'GET', path: '/cds-services', tag }),
    route(cds.callService, { method: 'POST', path: '/cds-services/{id}', tag }),
    route(cds.feedback, { method: 'POST', path: '/cds-services/{id}/feedback', tag }),
    route(cds.listFeedback, { method: 'GET', path: '/cds-services/{id}/feedback', tag }),
    route(cds.alerts, { method: 'GET', path: '/decision-support/patients/{patient}/alerts', tag }),
    route(cds.override, { method: 'POST', path: '/decision-support/overrides', tag, status: 201 }),
    route(cds.overrides, {
      method: 'GET',
      path: '/decision-support/patients/{patientId}/overrides',
      tag,
    }),
    route(cds.rules, { method: 'GET', path: '/decision-support/rules', tag }),
    route(cds.setRule, { method: 'PUT', path: '/decision-support/rules/{id}', tag }),
  ],
});
