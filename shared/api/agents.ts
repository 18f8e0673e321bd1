/**
 * The agent platform's public discovery documents, derived from the agent catalogue (no table).
 * MCP itself is not a REST group: it is its own function on a Function URL
 * (shared/mcp/function.ts). The audit log is shared/api/agent-audit.ts.
 */
import { agentCard, aiPlugin, metaSkills, metaTools } from '../agents';
import { defineGroup, fixed } from '../http/route';

/** The MCP function's own URL on AWS (the stack sets it); locally MCP shares the REST port. */
const endpoints = (baseUrl: string) => ({ baseUrl, mcpUrl: process.env.MCP_URL || baseUrl });

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
      name: 'aiPlugin',
      path: '/.well-known/ai-plugin.json',
      tag: 'Agents',
      summary: 'Plugin manifest: the OpenAPI document, the MCP endpoints and the agent card',
      body: ({ baseUrl }) => aiPlugin(endpoints(baseUrl)),
    }),
  ],
});
