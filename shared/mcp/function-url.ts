/**
 * The MCP function: a Lambda Function URL with response streaming, serving
 * - `POST /mcp`: stateless Streamable HTTP (the SDK's web-standard transport, JSON answers),
 * - `GET /sse` + `POST /messages?sessionId=`: the legacy HTTP+SSE transport. The POST reaches
 *   another invocation than the one holding the stream, so it computes the reply itself and leaves
 *   it in the session's mailbox in the table; the stream holder polls the mailbox and writes what
 *   it finds as SSE `message` events. Streams end cleanly before the function's time limit (the
 *   client reconnects with a new GET /sse).
 * In order, every request is: authenticated (the authorizer's own resolvePrincipal; no credential
 * is a 401 before any MCP traffic), rate limited when it counts (tools/call, resources/read and
 * stream opens; 429 with Retry-After), then handed to the MCP server built from the catalogue.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Context as LambdaContext } from 'aws-lambda';
import { hashApiKeySecret } from '../auth/api-key-secret';
import { checkTenantHeader } from '../edge/context';
import { errorAnswer, type HttpAnswer, statusAnswer } from '../edge/http';
import { atEdge, type Edge } from '../edge/pipeline';
import { bodyText, lowerHeaders } from '../edge/request';
import { Unauthenticated } from '../kernel/errors';
import { answerMessages } from './one-shot';
import { createMcpServer, type McpRequest } from './server';
import {
  closeSession,
  countRequest,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  openSession,
  postToSession,
  takeFromSession,
} from './storage';
import {
  type FunctionUrlEvent,
  type ResponseStream,
  startEventStream,
  streamClosed,
  writeResponse,
} from './streaming';

/** JSON-RPC methods that count towards the rate limit: the ones that read or change data. */
const COUNTED_METHODS = new Set(['tools/call', 'resources/read']);
/** Stop a stream this long before the function's time limit, so it ends cleanly. */
const STREAM_END_MARGIN_MS = 10_000;
const KEEPALIVE_MS = 15_000;
const POLL_MIN_MS = 100;
const POLL_MAX_MS = 1_000;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** The rate-limit key of a credential: a hash of the bearer value, never the value itself. */
function credentialHash(authorization: string): string {
  return hashApiKeySecret(authorization.trim());
}

function writeAnswer(stream: ResponseStream, answer: HttpAnswer): void {
  writeResponse(stream, answer.statusCode, answer.headers, answer.body);
}

/** The JSON-RPC messages of a POST body, or null when it is not JSON (the SDK answers that). */
function parseMessages(body: string): JSONRPCMessage[] | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((m): m is JSONRPCMessage => typeof m === 'object' && m !== null);
  } catch {
    return null;
  }
}

function counts(method: string, path: string, messages: JSONRPCMessage[] | null): boolean {
  if (method === 'GET' && path === '/sse') return true;
  return (messages ?? []).some((m) => 'method' in m && COUNTED_METHODS.has(m.method));
}

export async function handleMcp(
  event: FunctionUrlEvent,
  stream: ResponseStream,
  context: LambdaContext,
): Promise<void> {
  const method = (event.requestContext?.http?.method ?? 'GET').toUpperCase();
  const path = event.rawPath.replace(/\/+$/, '') || '/';
  await atEdge(
    {
      function: 'mcp',
      transport: 'mcp',
      requestId: event.requestContext?.requestId ?? context.awsRequestId,
      method,
      route: path,
    },
    (edge) => serve(edge, event, method, path, stream, context),
    (err, edge) => {
      const answer = errorAnswer(err, edge.requestId);
      // A stream that has started (an SSE stream) can only end.
      if (stream.writableEnded || stream.destroyed) return answer.statusCode;
      writeAnswer(stream, answer);
      return answer.statusCode;
    },
    (statusCode) => ({ statusCode }),
  );
}

async function serve(
  edge: Edge,
  event: FunctionUrlEvent,
  method: string,
  path: string,
  stream: ResponseStream,
  context: LambdaContext,
): Promise<number> {
  const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
    writeAnswer(stream, statusAnswer(status, message, headers));
    return status;
  };
  const route = `${method} ${path}`;
  if (!['GET /sse', 'POST /messages', 'POST /mcp', 'GET /mcp', 'DELETE /mcp'].includes(route)) {
    return fail(404, `No route for ${method} ${event.rawPath}; MCP is served at /mcp and /sse`);
  }
  const headers = lowerHeaders(event.headers);
  const body = bodyText(event.body, event.isBase64Encoded);
  const messages = method === 'POST' ? parseMessages(body) : null;
  const authorization = headers.authorization;
  // The rate-limit count runs alongside the credential's verification (one round trip each,
  // in parallel); only requests that carry a credential and count are counted.
  const counted =
    authorization && counts(method, path, messages)
      ? countRequest(edge.stores.global, credentialHash(authorization), edge.now)
      : null;
  const [verified, count] = await Promise.all([
    edge.authenticate(authorization, Number(process.env.MCP_AUTH_CACHE_SECONDS ?? 0)),
    counted,
  ]);
  if (!verified)
    throw new Unauthenticated(
      'Authentication required: send Authorization: Bearer <API key or JWT>',
    );
  checkTenantHeader(verified, headers['x-tenant-id']);
  const principal = verified;
  if (path === '/mcp' && method !== 'POST') {
    // Stateless: no server-initiated stream and no session to delete.
    return fail(
      405,
      `${method} /mcp is not supported: this server is stateless; POST JSON-RPC messages`,
      { allow: 'POST' },
    );
  }
  const limit = principal.tenant.agentRateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (count && count.count > limit) {
    return fail(
      429,
      `Rate limit exceeded: ${limit} MCP requests per minute per credential; retry in ${count.retryAfterSeconds} s`,
      { 'retry-after': String(count.retryAfterSeconds) },
    );
  }

  const request: McpRequest = {
    principal,
    stores: edge.stores,
    requestId: edge.requestId,
    log: edge.log,
    now: edge.now,
    agent: headers['user-agent']?.slice(0, 100),
  };
  if (path === '/mcp') return streamableHttp(event, body, messages, request, stream);
  if (path === '/messages') return postMessages(event, messages, request, stream);
  await holdStream(event, request, stream, context);
  return 200;
}

/** POST /mcp: the SDK's stateless Streamable HTTP transport, answering JSON. */
async function streamableHttp(
  event: FunctionUrlEvent,
  body: string,
  messages: JSONRPCMessage[] | null,
  request: McpRequest,
  stream: ResponseStream,
): Promise<number> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createMcpServer(request);
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const [k, v] of Object.entries(event.headers ?? {}))
      if (v !== undefined) headers.set(k, v);
    const url = `https://${lowerHeaders(event.headers).host ?? 'localhost'}${event.rawPath}`;
    const response = await transport.handleRequest(
      new Request(url, { method: 'POST', headers, body }),
      messages === null ? {} : { parsedBody: JSON.parse(body) },
    );
    const out: Record<string, string> = {};
    response.headers.forEach((v, k) => {
      out[k] = v;
    });
    writeResponse(stream, response.status, out, await response.text());
    return response.status;
  } finally {
    await server.close();
  }
}

/** POST /messages?sessionId=: compute the replies here, leave them in the session's mailbox. */
async function postMessages(
  event: FunctionUrlEvent,
  messages: JSONRPCMessage[] | null,
  request: McpRequest,
  stream: ResponseStream,
): Promise<number> {
  const sessionId = new URLSearchParams(event.rawQueryString ?? '').get('sessionId') ?? '';
  const reply = (status: number, message: string) => {
    writeAnswer(stream, statusAnswer(status, message));
    return status;
  };
  if (!/^[A-Za-z0-9-]{1,64}$/.test(sessionId))
    return reply(400, 'Invalid query: sessionId: give the sessionId the SSE endpoint event named');
  if (messages === null || messages.length === 0)
    return reply(400, 'Invalid body: send a JSON-RPC message as JSON');
  const store = request.stores.forTenant(request.principal.tenant.id);
  const replies = await answerMessages(createMcpServer(request), messages);
  if (replies.length > 0) {
    const posted = await postToSession(
      store,
      sessionId,
      request.principal.actor.id,
      replies,
      request.now,
    );
    if (!posted)
      return reply(
        404,
        `No open SSE session ${sessionId} for this credential; open GET /sse again`,
      );
  }
  writeResponse(stream, 202, { 'content-type': 'text/plain' }, 'Accepted');
  return 202;
}

/** GET /sse: announce the message endpoint, then relay the session's mailbox until the deadline. */
async function holdStream(
  _event: FunctionUrlEvent,
  request: McpRequest,
  stream: ResponseStream,
  context: LambdaContext,
): Promise<void> {
  const sessionId = crypto.randomUUID();
  const store = request.stores.forTenant(request.principal.tenant.id);
  const maxMs = Number(process.env.MCP_SSE_MAX_SECONDS ?? 0) * 1000;
  const deadline =
    Date.now() +
    Math.min(
      context.getRemainingTimeInMillis() - STREAM_END_MARGIN_MS,
      maxMs > 0 ? maxMs : Infinity,
    );
  await openSession(
    store,
    sessionId,
    request.principal.actor.id,
    request.now,
    Math.ceil((deadline - Date.now()) / 1000),
  );
  const out = startEventStream(stream);
  // Relative, so that it resolves next to this /sse whatever prefix the URL has.
  out.write(`event: endpoint\ndata: messages?sessionId=${sessionId}\n\n`);
  let lastWrite = Date.now();
  let wait = POLL_MIN_MS;
  try {
    while (Date.now() < deadline && !streamClosed(out)) {
      const messages = await takeFromSession(store, sessionId);
      for (const m of messages) out.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`);
      if (messages.length > 0) {
        lastWrite = Date.now();
        wait = POLL_MIN_MS;
      } else {
        wait = Math.min(POLL_MAX_MS, wait * 2);
      }
      if (Date.now() - lastWrite > KEEPALIVE_MS) {
        out.write(': keepalive\n\n');
        lastWrite = Date.now();
      }
      await sleep(wait);
    }
  } finally {
    await closeSession(store, sessionId).catch(() => undefined);
    out.end();
  }
}
