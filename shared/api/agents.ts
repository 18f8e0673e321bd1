/**
 * The agent platform's public discovery documents, derived from the agent catalogue (no table).
 * MCP itself is not a REST group: it is its own function on a Function URL
 * (shared/mcp/function.ts). The audit log is shared/api/agent-audit.ts.
 */
import { agentCard, aiPlugin, metaSkills, metaTools } from '../agents';
import { a2aResourceMetadata } from '../agents/documents';
import { defineGroup, fixed } from '../http/route';

/** The MCP function's own URL on AWS (the stack sets it); locally MCP shares the REST port. */
const endpoints = (baseUrl: string) => ({ baseUrl, mcpUrl: process.env.MCP_URL || baseUrl });

/**
 * What a client that sent MCP to the REST API gets: a 404 that says where MCP is. On AWS the MCP
 * server is its own Function URL (MCP_URL, the stack output McpUrl); locally, where the REST API
 * answers these paths only under a stage prefix, MCP is at the origin's root.
 */
function mcpPointer({ baseUrl }: { baseUrl: string }) {
  const mcp = (process.env.MCP_URL || new URL(baseUrl).origin).replace(/\/+$/, '');
  return {
    statusCode: 404,
    error: 'Not Found',
    message: `MCP is not served by the REST API. Connect your MCP client to ${mcp}/mcp (Streamable HTTP) or ${mcp}/sse (legacy SSE): the stack output McpUrl followed by mcp or sse.`,
    mcp: { streamableHttp: `${mcp}/mcp`, sse: `${mcp}/sse` },
  };
}

const MCP_POINTERS = (
  [
    ['GET', '/mcp'],
    ['POST', '/mcp'],
    ['GET', '/sse'],
    ['POST', '/messages'],
  ] as const
).map(([method, path]) =>
  fixed({
    name: `mcpPointer${method === 'GET' ? 'Get' : 'Post'}${path.slice(1, 2).toUpperCase()}${path.slice(2)}`,
    method,
    path,
    status: 404,
    tag: 'Agents',
    summary: `Not MCP: a 404 naming the MCP server's URL (MCP is its own Function URL, stack output McpUrl)`,
    body: mcpPointer,
  }),
);

export const agentMetaGroup = defineGroup({
  name: 'agent-meta',
  entry: 'functions/agent-meta/handler.ts',
  description: 'Agent discovery: MCP tools, A2A skills, the agent card and the plugin manifest',
  memoryMb: 256,
  timeoutSeconds: 5,
  permissions: { table: 'none' },
  routes: [
    fixed({
      name: 'agentTools',
      path: '/agenty/meta/tools',
      tag: 'Agents',
      summary: 'Every MCP tool: name, description, input and output schema, annotations, scope',
      body: () => metaTools(),
    }),
    fixed({
      name: 'agentSkills',
      path: '/agenty/meta/skills',
      tag: 'Agents',
      summary:
        'Every A2A skill: id, description, tags, examples, the tools it runs and their scopes',
      body: () => metaSkills(),
    }),
    fixed({
      name: 'agentCard',
      path: '/.well-known/agent.json',
      tag: 'Agents',
      summary: 'The A2A agent card (A2A 0.3 and 1.0 fields), pointing at POST /a2a',
      body: ({ baseUrl }) => agentCard(endpoints(baseUrl)),
    }),
    fixed({
      name: 'agentCardV03',
      path: '/.well-known/agent-card.json',
      tag: 'Agents',
      summary: 'The A2A agent card under the name A2A 0.3+ clients fetch',
      body: ({ baseUrl }) => agentCard(endpoints(baseUrl)),
    }),
    fixed({
      name: 'a2aResourceMetadata',
      path: '/.well-known/oauth-protected-resource/a2a',
      tag: 'Agents',
      summary:
        'Protected resource metadata (RFC 9728) of POST /a2a: the resource OAuth tokens are bound to and its authorization server',
      body: ({ baseUrl }) => a2aResourceMetadata(endpoints(baseUrl)),
    }),
    fixed({
      name: 'aiPlugin',
      path: '/.well-known/ai-plugin.json',
      tag: 'Agents',
      summary: 'Plugin manifest: the OpenAPI document, the MCP endpoints and the agent card',
      body: ({ baseUrl }) => aiPlugin(endpoints(baseUrl)),
    }),
    ...MCP_POINTERS,
  ],
});
