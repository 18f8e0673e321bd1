/**
 * The parts of the service that are not domain modules, declared like modules so that every
 * group, area and scope is derived from the one list (shared/modules/index.ts): the pages'
 * function, the agent platform's discovery documents, the A2A endpoint and the OpenAPI document.
 */

import { includesNote } from '../agents/scope-presets';
import type { ModuleRoute } from '../manifest/derive';
import { defineModule } from '../manifest/module';
import * as agentActions from '../modules/agent-actions/operations';
import * as agentAudit from '../modules/agent-audit/operations';
import * as apiKeys from '../modules/api-keys/operations';
import * as appointments from '../modules/appointments/operations';
import * as pharmacy from '../modules/pharmacy/operations';
import * as users from '../modules/users/operations';
import { a2aGroup } from './a2a';
import { agentMetaGroup } from './agents';
import { openapiGroup } from './openapi';
import { webGroup } from './web';

export const webPlatform = defineModule({
  name: 'web',
  kind: 'platform',
  title: 'Pages',
  area: 'identity',
  source: import.meta.url,
  groups: [webGroup],
  pageScripts: {
    // The shell's own script, on every page inside it (shared/web/shell.ts).
    shell: 'shared/web/client/shell.ts',
    'api-docs': 'shared/web/client/api-docs.ts',
  },
  pages: [
    {
      name: 'home',
      path: '/',
      title: 'Hospital management',
      summary: 'Landing page',
      icon: 'dashboard',
      section: 'none',
      audience: 'public',
      layout: 'public',
      body: 'shared/web/home.ts',
    },
    {
      name: 'admin',
      path: '/admin',
      title: 'Workspace',
      summary: 'Administration dashboard',
      icon: 'dashboard',
      section: 'none',
      audience: 'staff',
      layout: 'app',
      body: 'shared/web/admin.ts',
      script: 'shared/web/client/admin.ts',
      // The dashboard's sections (hash routes of its script), each shown to the roles that may
      // use the operations it calls.
      nav: [
        {
          id: 'nav-overview',
          hash: '#/overview',
          title: 'Overview',
          icon: 'dashboard',
          section: 'Home',
          audience: 'staff',
        },
        {
          id: 'nav-opd',
          hash: '#/opd',
          title: 'Appointments & queue',
          icon: 'queue',
          section: 'Front desk',
          audience: [appointments.queue, appointments.list],
        },
        {
          id: 'nav-pharmacy-stock',
          hash: '#/pharmacy/stock',
          title: 'Stock',
          icon: 'boxes',
          section: 'Pharmacy',
          audience: [pharmacy.listItemsOp],
        },
        {
          id: 'nav-pharmacy-expiry',
          hash: '#/pharmacy/expiry',
          title: 'Expiry scan',
          icon: 'hourglass',
          section: 'Pharmacy',
          audience: [pharmacy.expiryScan],
        },
        {
          id: 'nav-pharmacy-dispense',
          hash: '#/pharmacy/dispense',
          title: 'Dispensing',
          icon: 'pill',
          section: 'Pharmacy',
          audience: [pharmacy.dispense],
        },
        {
          id: 'nav-approvals',
          hash: '#/approvals',
          title: 'Approvals',
          icon: 'approval',
          section: 'Agents',
          audience: [agentActions.listPendingActions],
        },
        {
          id: 'nav-agents',
          hash: '#/automation/agents',
          title: 'Agents',
          icon: 'robot',
          section: 'Agents',
          audience: [agentAudit.list],
        },
        {
          id: 'nav-users',
          hash: '#/users',
          title: 'Users',
          icon: 'users',
          section: 'Administration',
          audience: [users.list],
        },
        {
          id: 'nav-api-keys',
          hash: '#/automation/api-keys',
          title: 'API Keys',
          icon: 'key',
          section: 'Administration',
          audience: [apiKeys.list],
        },
      ],
    },
  ],
});

/**
 * The agent platform's discovery documents (from the generated agent catalogue) and the agent
 * scopes, which capabilities of several modules ask for. MCP is its own function beside these
 * (shared/mcp/function.ts).
 */
export const agentMetaPlatform = defineModule({
  name: 'agent-meta',
  kind: 'platform',
  title: 'Agent discovery',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/agents.md',
  scopes: {
    'agents:reception:write': `Agent tools (MCP/A2A) that act at reception: register patients, book, cancel and check in appointments${includesNote('agents:reception:write')}`,
    'agents:clinical:propose': `Agent tools that propose clinical changes (prescriptions, admissions, discharges, lab and radiology orders, surgery bookings) for a qualified person to approve; nothing changes until then${includesNote('agents:clinical:propose')}`,
    'agents:operations:read': `Agent tools (MCP/A2A) that read operations data: the OPD queue, beds, pharmacy stock, billing summary${includesNote('agents:operations:read')}`,
  },
  groups: [agentMetaGroup],
});

/** A2A: JSON-RPC at POST /a2a over the agent catalogue (shared/a2a/). */
export const a2aPlatform = defineModule({
  name: 'a2a',
  kind: 'platform',
  title: 'A2A',
  area: 'agents',
  source: import.meta.url,
  doc: 'docs/a2a.md',
  groups: [a2aGroup],
});

/** The OpenAPI document of every route of the list (so it takes the list's routes). */
export const openapiPlatform = (routes: () => readonly ModuleRoute[]) =>
  defineModule({
    name: 'openapi',
    kind: 'platform',
    title: 'OpenAPI document',
    area: 'agents',
    source: import.meta.url,
    groups: [openapiGroup(routes)],
  });
