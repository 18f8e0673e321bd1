/**
 * The parts of the service that are not domain modules, declared like modules so that every
 * group, area and scope is derived from the one list (shared/modules/index.ts): the pages'
 * function, the agent platform's discovery documents, the A2A endpoint and the OpenAPI document.
 */

import { includesNote } from '../agents/scope-presets';
import type { ModuleRoute } from '../manifest/derive';
import { defineModule } from '../manifest/module';
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
    admin: 'shared/web/client/admin.ts',
    'api-docs': 'shared/web/client/api-docs.ts',
  },
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
