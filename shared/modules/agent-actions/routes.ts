import { defineGroup, route } from '../../http/route';
import * as actions from './operations';

export const agentActionsGroup = defineGroup({
  name: 'agent-actions',
  source: import.meta.url,
  description:
    'Agent actions (HITL): the pending list, approval and rejection, settings (each type’s proposals are served by its module’s group)',
  // Approval publishes AgentActionApproved on the bus.
  permissions: { table: 'readwrite', events: true },
  routes: [
    route(actions.listPendingActions, {
      method: 'GET',
      path: '/agent-actions/pending',
      tag: 'Agent actions',
    }),
    route(actions.list, { method: 'GET', path: '/agent-actions', tag: 'Agent actions' }),
    route(actions.settings, {
      method: 'GET',
      path: '/agent-actions/settings',
      tag: 'Agent actions',
    }),
    route(actions.updateSettings, {
      method: 'PUT',
      path: '/agent-actions/settings',
      tag: 'Agent actions',
    }),
    route(actions.get, { method: 'GET', path: '/agent-actions/{id}', tag: 'Agent actions' }),
    route(actions.approve, {
      method: 'POST',
      path: '/agent-actions/{id}/approve',
      tag: 'Agent actions',
    }),
    route(actions.reject, {
      method: 'POST',
      path: '/agent-actions/{id}/reject',
      tag: 'Agent actions',
    }),
  ],
});
