/**
 * The MCP server, built once per container from the agent catalogue with the SDK's low-level
 * Server: tools/list shows the tools the credential may use (the scope filter), tools/call runs a
 * capability through the agent call path (executeCapability: one audit record per call, which the
 * function writes once it knows the request's fate), and two resources describe the catalogue.
 *
 * The function is stateless: every HTTP request brings its own caller. The one Server of the
 * container is connected to a router transport that takes each request's messages with that
 * request's context (handed to the handlers as `extra.authInfo.extra`) under ids of its own, so
 * that concurrent requests never mix their ids, and gives each reply back under its original id.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  type JSONRPCMessage,
  type JSONRPCRequest,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import {
  AGENT_PLATFORM_VERSION,
  type AnyCapability,
  agentsResource,
  CAPABILITIES,
  type CallOutcome,
  capabilitiesResource,
  executeCapability,
  mayUse,
  outputSchemas,
  type ToolDescriptor,
  toolDescriptor,
  usableBy,
} from '../agents';
import { promptDescriptor, promptsFor, renderPrompt } from '../agents/prompts';
import type { Principal } from '../auth/principal';
import { toAppError } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import type { Stores } from '../kernel/store/store';
import { MCP_RPC, rpcErrorMessage, toolError } from './errors';

/** What one HTTP request to the MCP function knows: the verified caller and its request. */
export interface McpRequest {
  principal: Principal;
  stores: Stores;
  requestId: string;
  log: Logger;
  now: Date;
  /** The client's name for the audit: its clientInfo when known (client-name.ts), else User-Agent. */
  agent?: string | undefined;
  /** The client's clientInfo name, from initialize or the session id it was given. */
  clientName?: string | undefined;
  /** The tool calls this request ran, with their audit records still to write. */
  calls: CallOutcome[];
  /** Adds fields to the request's one log line (the edge's). */
  note: (fields: Record<string, unknown>) => void;
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

/**
 * The tool table: each capability's descriptor (JSON Schemas included), built once per container,
 * on the first tools/list (the output schemas load then: a tools/call never needs them).
 */
let toolTable: Promise<ReadonlyMap<string, ToolDescriptor>> | undefined;
function descriptorsOf(caps: readonly AnyCapability[]): Promise<ToolDescriptor[]> {
  toolTable ??= outputSchemas().then(
    (outputs) =>
      new Map(CAPABILITIES.filter((c) => c.tool).map((c) => [c.name, toolDescriptor(c, outputs)])),
  );
  return toolTable.then((table) => caps.map((c) => table.get(c.name)!));
}

/**
 * The tools an API key does not see, grouped by the scope that would open them, so an agent
 * developer learns which scope to add instead of meeting "tool not found". Proposals that only a
 * person may make (none) and tools refused for a user's role are not listed: a role is not widened
 * by asking. Empty for a signed-in user.
 */
function hiddenTools(
  actor: McpRequest['principal']['actor'],
  shown: readonly AnyCapability[],
): { scope: string; tools: string[] }[] {
  if (actor.kind !== 'apiKey') return [];
  const seen = new Set(shown.map((c) => c.name));
  const byScope = new Map<string, string[]>();
  for (const cap of CAPABILITIES) {
    if (!cap.tool || seen.has(cap.name)) continue;
    // Only what the scope would really open (never a tool that no key may use).
    if (!mayUse(cap, { ...actor, scopes: [...actor.scopes, cap.scope] })) continue;
    byScope.set(cap.scope, [...(byScope.get(cap.scope) ?? []), cap.name]);
  }
  return [...byScope].map(([scope, tools]) => ({ scope, tools }));
}

/** A reply that never came would hold the invocation: after this, the message is answered. */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * The Server's one transport: requests go in under ids of its own with their request's context,
 * replies come back under the ids the client used.
 */
class RequestRouter implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private seq = 0;
  private readonly waiting = new Map<
    string,
    { id: string | number; resolve: (reply: JSONRPCMessage) => void }
  >();

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    const key = 'id' in message ? message.id : undefined;
    if (typeof key !== 'string') return; // notifications: none are sent statelessly
    const waiter = this.waiting.get(key);
    if (!waiter) return;
    this.waiting.delete(key);
    waiter.resolve({ ...message, id: waiter.id } as JSONRPCMessage);
  }

  /** The id the client gave a request the server is handling (the server sees the router's). */
  clientIdOf(key: string | number): string | number | undefined {
    return this.waiting.get(String(key))?.id;
  }

  private extra(request: McpRequest) {
    return {
      authInfo: {
        token: '',
        clientId: request.principal.actor.id,
        scopes: [],
        extra: { request },
      },
    };
  }

  /** The server's reply to one request of an HTTP request. */
  answer(message: JSONRPCRequest, request: McpRequest): Promise<JSONRPCMessage> {
    this.seq += 1;
    const key = `${this.seq}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(rpcErrorMessage(message.id, MCP_RPC.internalError, 'The server did not answer'));
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(key, {
        id: message.id,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      });
      this.onmessage?.({ ...message, id: key }, this.extra(request));
    });
  }

  notify(message: JSONRPCMessage, request: McpRequest): void {
    this.onmessage?.(message, this.extra(request));
  }
}

function requestOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): McpRequest {
  const request = extra.authInfo?.extra?.request as McpRequest | undefined;
  if (!request) throw new McpError(ErrorCode.InternalError, 'A message without its request');
  return request;
}

/**
 * A JSON-RPC invalid-params error whose message is the sentence itself (the SDK's McpError puts
 * "MCP error -32602:" before it, which the client's own error then repeats).
 */
const invalidParams = (message: string) =>
  Object.assign(new Error(message), { code: ErrorCode.InvalidParams });

function createServer(router: RequestRouter): Server {
  const server = new Server(
    {
      name: 'hospital-management',
      title: 'Hospital Management Service',
      version: AGENT_PLATFORM_VERSION,
    },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
      },
      instructions:
        "Tools act on one hospital: the credential's. Ids come from search and list tools; times are ISO 8601 with a zone; dates are the hospital's local dates. tools/list shows only the tools this credential may use; for an API key its _meta['hms/hidden-tools'] names the scope that would open each further tool.",
    },
  );
  const visible = (request: McpRequest) => usableBy(CAPABILITIES, request.principal.actor);

  server.setRequestHandler(ListToolsRequestSchema, async (_list, extra) => {
    const request = requestOf(extra);
    const tools = visible(request).filter((c) => c.tool);
    return {
      tools: (await descriptorsOf(tools)) as unknown as {
        name: string;
        inputSchema: { type: 'object' };
        annotations?: ToolAnnotations;
      }[],
      _meta: { 'hms/hidden-tools': hiddenTools(request.principal.actor, tools) },
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
    const request = requestOf(extra);
    const outcome = await executeCapability({
      capability: call.params.name,
      args: call.params.arguments ?? {},
      transport: 'mcp',
      principal: request.principal,
      agent: request.agent,
      requestId: request.requestId,
      rpcId: String(router.clientIdOf(extra.requestId) ?? extra.requestId),
      stores: request.stores,
      log: request.log,
      now: request.now,
    });
    request.calls.push(outcome);
    if (outcome.error) return toolError(outcome.error, request.requestId);
    return {
      content: [{ type: 'text', text: JSON.stringify(outcome.output) }],
      structuredContent: outcome.output as Record<string, unknown>,
    };
  });

  // Prompts: offered only when the credential may use every tool the prompt names (prompts.ts).
  server.setRequestHandler(ListPromptsRequestSchema, async (_list, extra) => ({
    prompts: promptsFor(CAPABILITIES, requestOf(extra).principal.actor).map(promptDescriptor),
  }));

  server.setRequestHandler(GetPromptRequestSchema, async ({ params }, extra) => {
    let rendered: ReturnType<typeof renderPrompt>;
    try {
      rendered = renderPrompt(
        params.name,
        params.arguments ?? {},
        CAPABILITIES,
        requestOf(extra).principal.actor,
      );
    } catch (err) {
      // MCP answers a prompt that cannot be given, and a bad argument, as invalid params.
      throw invalidParams(toAppError(err).message);
    }
    if (!rendered)
      throw invalidParams(`No prompt named ${params.name.slice(0, 64)}; see prompts/list`);
    return {
      description: rendered.prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: rendered.text } }],
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [...RESOURCES],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }, extra) => {
    let body: unknown;
    if (params.uri === 'svc://capabilities') body = capabilitiesResource(visible(requestOf(extra)));
    else if (params.uri === 'svc://agents') body = agentsResource();
    else
      throw new McpError(ErrorCode.InvalidParams, `No resource ${params.uri}; see resources/list`);
    return {
      contents: [{ uri: params.uri, mimeType: 'application/json', text: JSON.stringify(body) }],
    };
  });
  return server;
}

let instance: Promise<RequestRouter> | undefined;

/** The container's MCP server (built and connected on first use). */
export function mcpServer(): Promise<RequestRouter> {
  instance ??= (async () => {
    const router = new RequestRouter();
    await createServer(router).connect(router);
    return router;
  })();
  return instance;
}

/**
 * The server's replies to the requests among `messages` (in order), for one HTTP request;
 * notifications are delivered and answered by nothing.
 */
export async function answerRequests(
  messages: readonly JSONRPCMessage[],
  request: McpRequest,
): Promise<JSONRPCMessage[]> {
  const router = await mcpServer();
  const replies: Promise<JSONRPCMessage>[] = [];
  for (const message of messages) {
    if ('method' in message && 'id' in message)
      replies.push(router.answer(message as JSONRPCRequest, request));
    else router.notify(message, request);
  }
  return Promise.all(replies);
}
