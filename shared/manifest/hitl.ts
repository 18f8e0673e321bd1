/**
 * What an agent action type derives in the binding layer (shared/modules/agent-actions/
 * action-types.ts has the declaration): its proposal route, served by the group of the module
 * that declares it, and its MCP tool. `withProposals` is how a module's REST group serves its
 * types' proposals; the catalogue adds the tools (derive.ts), and checkModules makes sure every
 * type a manifest lists is served exactly once.
 */
import { type DeclaredCapability, operationCapability } from '../agents/capability';
import { type GroupDef, type OperationRoute, route } from '../http/route';
import { type ActionTypeDef, proposalOperation } from '../modules/agent-actions/index';

export const PROPOSALS_PATH = '/agent-actions/proposals';

/** `POST /agent-actions/proposals/<type>`: integrations propose over REST as agents do over MCP. */
export function proposalRoute(def: ActionTypeDef): OperationRoute {
  return route(proposalOperation(def), {
    method: 'POST',
    path: `${PROPOSALS_PATH}/${def.type}`,
    tag: 'Agent actions',
    status: 201,
  });
}

/**
 * The group with the proposal routes of these types. Proposing may approve at once (the
 * hospital's auto-approval), which publishes AgentActionApproved: the group may use the bus.
 */
export function withProposals(group: GroupDef, types: readonly ActionTypeDef[]): GroupDef {
  return {
    ...group,
    permissions: { ...group.permissions, events: true },
    routes: [...group.routes, ...types.map(proposalRoute)],
  };
}

/** The MCP tool (and A2A skill member) `propose-<type>`, bound to the type's proposal operation. */
export function proposalCapability(def: ActionTypeDef): DeclaredCapability {
  return operationCapability(proposalOperation(def), {
    name: `propose-${def.type}`,
    tool: true,
    scope: 'agents:clinical:propose',
    ...def.tool,
  });
}
