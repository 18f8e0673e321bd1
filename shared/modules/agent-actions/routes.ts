import { defineGroup, route } from '../../http/route';
import * as actions from './operations';

export const agentActionsGroup = defineGroup({
  name: 'agent-actions',
  source: import.meta.url,
  description:
    'Agent actions (HITL): proposals, the pending list, approval and rejection, settings',
  // Approval (and auto-approval at proposal) publishes AgentActionApproved on the bus.
  permissions: { table: 'readwrite', events: true },
  bundle: {
    budgetKb: 600,
    reason:
      'a proposal validates its target operation’s input and the approver’s role against it: it holds the five target operations (prescription, admission, discharge, lab and radiology orders)',
  },
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
    // Integrations propose over REST as agents do over MCP and A2A (the same operation).
    ...(
      [
        ['prescription', actions.proposePrescription],
        ['admission', actions.proposeAdmission],
        ['discharge', actions.proposeDischarge],
        ['lab-order', actions.proposeLabOrder],
        ['radiology-order', actions.proposeRadiologyOrder],
      ] as const
    ).map(([type, op]) =>
      route(op, {
        method: 'POST',
        path: `/agent-actions/proposals/${type}`,
        tag: 'Agent actions',
        status: 201,
      }),
    ),
  ],
});
