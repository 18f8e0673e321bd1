/**
 * The MCP server, built from the agent catalogue with the SDK's low-level Server: tools/list shows
 * the tools the credential may use (the scope filter), tools/call runs a capability through
 * runCapability (one audited path, shared with A2A), and two resources describe the catalogue.
 * One server per HTTP request: the function is stateless (see function-url.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  AGENT_PLATFORM_VERSION,
  agentsResource,
  CAPABILITIES,
  capabilitiesResource,
  runCapability,
  toolDescriptors,
  usableBy,
} from '../agents';
import type { Principal } from '../auth/principal';
import { toAppError } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import type { Stores } from '../kernel/store/store';
import { toolError } from './errors';

/** What one HTTP request to the MCP function knows: the verified caller and its request. */
export interface McpRequest {
  principal: Principal;
  stores: Stores;
  requestId: string;
  log: Logger;
  now: Date;
  /** The client's name, when known (User-Agent, or clientInfo of an initialize). */
  agent?: string | undefined;
}

const RESOURCES = [
  {
    uri: 'svc://capabilities',
    name: 'capabilities',
    title: 'Capabilities',
    description: 'Tool and skill counts, the scopes tools need, versions and the rate limit',
    mimeType: 'application/json',
  },
  {
    uri: 'svc://agents',
    name: 'agents',
    title: 'Agents',
    description: 'Every capability with its MCP tool name and A2A skill name',
    mimeType: 'application/json',
  },
] as const;

export function createMcpServer(request: McpRequest): Server {
  const server = new Server(
    {
      name: 'hospital-management',
      title: 'Hospital Management Service',
      version: AGENT_PLATFORM_VERSION,
    },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions:
        "Tools act on one hospital: the credential's. Ids come from search and list tools; times are ISO 8601 with a zone; dates are the hospital's local dates.",
    },
  );
  const visible = () => usableBy(CAPABILITIES, request.principal.actor);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: toolDescriptors(visible()),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
    try {
      const output = await runCapability({
        capability: call.params.name,
        args: call.params.arguments ?? {},
        transport: 'mcp',
        principal: request.principal,
        agent: server.getClientVersion()?.name ?? request.agent,
        requestId: request.requestId,
        rpcId: String(extra.requestId),
        stores: request.stores,
        log: request.log,
        now: request.now,
      });
      return {
        content: [{ type: 'text', text: JSON.stringify(output) }],
        structuredContent: output as Record<string, unknown>,
      };
    } catch (err) {
      return toolError(toAppError(err), request.requestId);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [...RESOURCES],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    let body: unknown;
    if (params.uri === 'svc://capabilities') body = capabilitiesResource(visible());
    else if (params.uri === 'svc://agents') body = agentsResource();
    else
      throw new McpError(ErrorCode.InvalidParams, `No resource ${params.uri}; see resources/list`);
    return {
      contents: [{ uri: params.uri, mimeType: 'application/json', text: JSON.stringify(body) }],
    };
  });
  return server;
}
