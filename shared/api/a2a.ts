import { defineGroup, rpc } from '../http/route';

/**
 * A2A: JSON-RPC 2.0 at POST /a2a (A2A 0.1 tasks/send, 0.3 and 1.0 methods), behind the authorizer.
 * The function (functions/a2a/handler.ts → shared/a2a/) routes each message to a capability of
 * the agent catalogue and runs it through the audited call path; tasks are stored per tenant and
 * per credential.
 */
export const a2aGroup = defineGroup({
  name: 'a2a',
  entry: 'functions/a2a/handler.ts',
  bundle: {
    budgetKb: 600,
    reason:
      "issue 15's ceiling for the agent functions: the A2A SDK's server parts and the agent catalogue as data (every tool's input schema, which skills are routed by; about 542 KB); the modules whose skills it calls load on demand.",
  },
  description: 'A2A JSON-RPC: tasks routed to the agent catalogue, stored per tenant',
  // Every skill call appends its agent audit record (shared/agents/run.ts).
  permissions: { table: 'readwrite', writesAgentAudit: true },
  routes: [
    rpc({
      name: 'a2a',
      path: '/a2a',
      tag: 'Agents',
      summary: 'A2A JSON-RPC 2.0 endpoint (tasks/send, message/send, SendMessage, GetTask, …)',
    }),
  ],
});
