/**
 * The MCP function: a Lambda Function URL with response streaming, serving
 * - `POST /mcp`: stateless Streamable HTTP (JSON answers),
 * - `GET /sse` + `POST /messages?sessionId=`: the legacy HTTP+SSE transport. The POST reaches
 *   another invocation than the one holding the stream, so it computes the replies itself and
 *   leaves them in the session's mailbox in the table; the stream holder polls the mailbox and
 *   writes what it finds as SSE `message` events. Streams end cleanly before the function's time
 *   limit (the client reconnects with a new GET /sse), and as soon as their credential stops
 *   verifying.
 *
 * Every request goes through the edge pipeline (shared/edge): the credential is verified here (no
 * API Gateway in front; no credential is a 401 before any MCP traffic), then the tenant-header
 * rule. Bodies are checked message by message (messages.ts) before the server sees them, batches
 * are capped, and every call that counts (tools/call, resources/read, a stream opening) spends
 * the credential's agent budget (shared/agents/budget.ts): a request whose calls do not fit is a
 * 429 that runs none of them. Each tool call leaves one audit record, written before the answer.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Context as LambdaContext } from 'aws-lambda';
import {
  type BudgetSpend,
  CAPABILITIES,
  type CallCount,
  countAgentCalls,
  judgeSpend,
  missingGrantScope,
  overBudget,
  recordCalls,
  refusedCall,
} from '../agents';
import type { Principal } from '../auth/principal';
import { authenticateAtEdge, resolvePrincipal } from '../edge/authenticate';
import { checkAgentTenantHeader } from '../edge/context';
import { noteCredentialUse } from '../edge/credential-use';
import { errorAnswer, type HttpAnswer, jsonAnswer, statusAnswer } from '../edge/http';
import { atEdge, type Edge } from '../edge/pipeline';
import { bodyText, type HeaderMap, isJsonContentType, lowerHeaders } from '../edge/request';
import { systemClock } from '../kernel/clock';
import type { AppError } from '../kernel/errors';
import { Stores } from '../kernel/store/store';
import { noteGrantUse } from '../modules/oauth/credentials';
import { clientNameFromSession, clientNameOf, sessionIdFor } from './client-name';
import { MCP_RPC, rpcErrorMessage } from './errors';
import { type Checked, type ParsedBody, parseBody } from './messages';
import {
  insufficientScopeAnswer,
  isOAuthPath,
  mcpBaseUrl,
  serveOAuth,
  unauthorizedAnswer,
} from './oauth';
import { throughCloudFront } from './origin';
import { answerRequests, type McpRequest } from './server';
import {
  closeSession,
  keepSessionAlive,
  mailboxMaxBytes,
  nameSessionClient,
  openSession,
  postToSession,
  sessionClientName,
  sessionIsOpen,
  takeFromSession,
} from './storage';
import {
  type FunctionUrlEvent,
  type ResponseStream,
  startEventStream,
  streamClosed,
  writeResponse,
} from './streaming';

/** Stop a stream this long before the function's time limit, so it ends cleanly. */
const STREAM_END_MARGIN_MS = 10_000;
const KEEPALIVE_MS = 15_000;
const POLL_MIN_MS = 100;
const POLL_MAX_MS = 1_000;
/** How often a stream holder renews its session (storage.ts: postable for 30 s after). */
const ALIVE_RENEW_MS = 10_000;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Verified credentials are kept as long as API Gateway keeps the authorizer's answer for REST
 * (the stack sets MCP_AUTH_CACHE_SECONDS to its TTL); 0 locally, where a revocation acts at once.
 */
const authCacheSeconds = () => Number(process.env.MCP_AUTH_CACHE_SECONDS ?? 0);

/**
 * How often an open stream verifies its credential again, bypassing the cache: the authorizer's
 * cache time on AWS (a revoked key's stream ends within it, as its REST calls do), 5 s locally.
 */
const streamRecheckMs = () => (authCacheSeconds() > 0 ? authCacheSeconds() : 5) * 1000;

/** A request to the Function URL that did not come through CloudFront. */
const DIRECT_CALL_REFUSED = statusAnswer(
  403,
  'Connect to the MCP server at its CloudFront URL (stack output McpUrl), not at the Function URL',
);

function writeAnswer(stream: ResponseStream, answer: HttpAnswer): void {
  writeResponse(stream, answer.statusCode, answer.headers, answer.body);
}

/** The calls a message makes that spend the agent budget. */
function budgetOf(checked: Checked): { calls: number } {
  if (checked.kind !== 'request') return { calls: 0 };
  const { method } = checked.message;
  return { calls: method === 'resources/read' || method === 'tools/call' ? 1 : 0 };
}

export async function handleMcp(
  received: FunctionUrlEvent,
  stream: ResponseStream,
  context: LambdaContext,
): Promise<void> {
  const method = (received.requestContext?.http?.method ?? 'GET').toUpperCase();
  const path = received.rawPath.replace(/\/+$/, '') || '/';
  // On AWS only what came through CloudFront (its WAF and rate rule) is served (origin.ts).
  const event = throughCloudFront(received);
  await atEdge(
    {
      function: 'mcp',
      transport: 'mcp',
      requestId: received.requestContext?.requestId ?? context.awsRequestId,
      method,
      route: path,
      stores: () => new Stores(),
    },
    (edge) => {
      if (event) return serve(edge, event, method, path, stream, context);
      edge.note({ errorCode: 'forbidden' });
      writeAnswer(stream, DIRECT_CALL_REFUSED);
      return Promise.resolve(DIRECT_CALL_REFUSED.statusCode);
    },
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
  const answer = (a: HttpAnswer) => {
    writeAnswer(stream, a);
    return a.statusCode;
  };
  const route = `${method} ${path}`;
  if (isOAuthPath(path))
    return answer(
      await serveOAuth({
        method,
        path,
        query: event.rawQueryString ?? '',
        headers: lowerHeaders(event.headers),
        body: method === 'POST' ? bodyText(event.body, event.isBase64Encoded) : '',
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
        stores: edge.stores,
        now: edge.now,
      }),
    );
  if (!['GET /sse', 'POST /messages', 'POST /mcp', 'GET /mcp', 'DELETE /mcp'].includes(route))
    return answer(
      statusAnswer(404, `No route for ${method} ${event.rawPath}; MCP is served at /mcp and /sse`),
    );
  const headers = lowerHeaders(event.headers);
  const body = method === 'POST' ? bodyText(event.body, event.isBase64Encoded) : '';
  const parsed = method === 'POST' ? parseBody(body) : undefined;
  // What the request would spend of the agent budget: a stream opening, or its counted calls.
  const calls =
    path === '/sse'
      ? 1
      : parsed?.ok
        ? parsed.messages.map(budgetOf).reduce((n, b) => n + b.calls, 0)
        : 0;
  // Nothing is counted or written for a credential that does not verify: the count starts once
  // the credential is identified (its key's lookup exists, its token's signature holds), alongside
  // the reads that finish its verification, and is judged once it verified.
  let counting: Promise<CallCount> | undefined;
  const principal = await authenticateAtEdge(
    edge,
    headers.authorization,
    authCacheSeconds(),
    (credential) => {
      if (calls === 0) return;
      counting = countAgentCalls(edge.stores, credential, calls, edge.now);
      counting.catch(() => undefined); // awaited below, unless the verification fails
    },
    // OAuth access tokens are accepted here only when issued for this MCP server (RFC 8707).
    [mcpBaseUrl(headers)],
  );
  if (!principal) {
    edge.note({ errorCode: 'unauthenticated' });
    return answer(unauthorizedAnswer(headers, path));
  }
  // A present but incomplete credential is not an OAuth matter: a 400 that names the header, so
  // an OAuth-capable client does not start an authorization flow that cannot help.
  checkAgentTenantHeader(principal, headers['x-tenant-id']);
  await noteCredentialUse(edge, principal, noteGrantUse);
  // A tool the token's user may use but its grant does not cover: 403 insufficient_scope, before
  // anything runs, naming the scope so the client can ask the user for it (RFC 6750 §3.1).
  if (parsed?.ok && principal.actor.kind === 'user' && principal.actor.grant) {
    for (const checked of parsed.messages) {
      if (checked.kind !== 'request' || checked.message.method !== 'tools/call') continue;
      const tool = String(checked.message.params?.name ?? '');
      const cap = CAPABILITIES.find((c) => c.tool && c.name === tool);
      const needed = cap ? missingGrantScope(cap, principal.actor) : null;
      if (needed) {
        edge.note({ errorCode: 'forbidden', insufficientScope: needed });
        return answer(
          insufficientScopeAnswer(
            headers,
            path,
            [...new Set([...principal.actor.grant.scopes, needed])],
            tool,
          ),
        );
      }
    }
  }
  if (path === '/mcp' && method !== 'POST')
    // Stateless: no server-initiated stream and no session to delete.
    return answer(
      statusAnswer(
        405,
        `${method} /mcp is not supported: this server is stateless; POST JSON-RPC messages`,
        { allow: 'POST' },
      ),
    );
  const spend =
    calls === 0
      ? undefined
      : judgeSpend(
          await (counting ??
            // A credential this container had verified already: counted now.
            countAgentCalls(
              edge.stores,
              { kind: principal.actor.kind, id: principal.actor.id, tenantId: principal.tenant.id },
              calls,
              edge.now,
            )),
          principal,
        );
  // The client's own name (clientInfo, kept in the session id it was given), else its User-Agent.
  const initialize = parsed?.ok
    ? parsed.messages.find((c) => c.kind === 'request' && c.message.method === 'initialize')
    : undefined;
  const clientName =
    (initialize?.kind === 'request'
      ? clientNameOf(initialize.message.params?.clientInfo)
      : undefined) ?? clientNameFromSession(headers['mcp-session-id']);
  const request: McpRequest = {
    principal,
    stores: edge.stores,
    requestId: edge.requestId,
    log: edge.log,
    now: edge.now,
    agent: clientName ?? headers['user-agent']?.slice(0, 100),
    clientName,
    calls: [],
    note: (fields) => edge.note(fields),
  };
  if (path === '/sse') {
    if (spend && !spend.allowed) throw overBudget(spend);
    await holdStream(edge, request, headers, stream, context);
    return 200;
  }
  if (!parsed) throw new Error('a POST without its parsed body');
  if (path === '/mcp') return answer(await streamableHttp(headers, parsed, spend, request));
  return answer(await postMessages(event, parsed, spend, request));
}

/**
 * Runs the checked messages of one POST for the caller, once the budget for the calls among them
 * was judged (`spend`: nothing runs when they do not all fit, and each of its tool calls is
 * recorded as refused), writes one audit record per tool call not recorded with its change, and
 * answers the replies in the order of the messages (null for a notification).
 */
async function runMessages(
  checked: readonly Checked[],
  spend: BudgetSpend | undefined,
  request: McpRequest,
): Promise<{ replies: (JSONRPCMessage | null)[] } | { refused: AppError }> {
  // Names only where they read as names: the log carries no caller's free text.
  const name = (v: unknown) => (/^[a-z0-9/_-]{1,64}$/i.test(String(v)) ? String(v) : '[invalid]');
  request.note({
    rpcMethods: checked.map((c) =>
      c.kind === 'request' || c.kind === 'notification'
        ? name((c.message as { method: string }).method)
        : c.kind,
    ),
    tools: checked.flatMap((c) =>
      c.kind === 'request' && c.message.method === 'tools/call'
        ? [name(c.message.params?.name)]
        : [],
    ),
  });
  if (spend && !spend.allowed) {
    const error = overBudget(spend);
    // Every tool call of a refused request is recorded as refused; none of them ran.
    const records = checked.flatMap((c) =>
      c.kind === 'request' && c.message.method === 'tools/call'
        ? [
            refusedCall(
              {
                capability: String(c.message.params?.name ?? ''),
                args: c.message.params?.arguments ?? {},
                transport: 'mcp',
                principal: request.principal,
                agent: request.agent,
                requestId: request.requestId,
                rpcId: String(c.message.id),
                stores: request.stores,
                log: request.log,
                now: request.now,
              },
              error,
            ),
          ]
        : [],
    );
    await recordCalls(request.stores, request.principal, records);
    return { refused: error };
  }
  const accepted = checked.flatMap((c) =>
    c.kind === 'request' || c.kind === 'notification' ? [c.message] : [],
  );
  const replies = await answerRequests(accepted, request);
  await recordCalls(request.stores, request.principal, request.calls);
  let next = 0;
  return {
    replies: checked.map((c) => {
      if (c.kind === 'invalid') return c.reply;
      if (c.kind === 'request') return replies[next++] ?? null;
      return null;
    }),
  };
}

/** A JSON-RPC error body with an HTTP status (the SDK's transports answer these so too). */
const rpcAnswer = (status: number, code: number, message: string) =>
  jsonAnswer(status, rpcErrorMessage(null, code, message));

/**
 * POST /mcp: stateless Streamable HTTP with JSON answers, as the SDK's own transport frames it
 * (Accept both JSON and SSE, JSON bodies, known protocol versions, 202 for notifications only).
 */
async function streamableHttp(
  headers: HeaderMap,
  parsed: ParsedBody,
  spend: BudgetSpend | undefined,
  request: McpRequest,
): Promise<HttpAnswer> {
  const accept = headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return rpcAnswer(
      406,
      -32000,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
  if (!isJsonContentType(headers['content-type']))
    return rpcAnswer(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  if (!parsed.ok) return jsonAnswer(parsed.status, parsed.reply);
  const initializing = parsed.messages.some(
    (c) => c.kind === 'request' && c.message.method === 'initialize',
  );
  if (initializing && parsed.messages.length > 1)
    return rpcAnswer(
      400,
      MCP_RPC.invalidRequest,
      'Invalid Request: Only one initialization request is allowed',
    );
  const version = headers['mcp-protocol-version'];
  if (!initializing && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return rpcAnswer(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version.slice(0, 40)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  const ran = await runMessages(parsed.messages, spend, request);
  if ('refused' in ran) return errorAnswer(ran.refused, request.requestId);
  const replies = ran.replies.filter((r): r is JSONRPCMessage => r !== null);
  if (replies.length === 0) return { statusCode: 202, headers: {}, body: '' };
  const single = !parsed.batch && replies.length === 1;
  // A lone message that is not a request is answered as the request it failed to be.
  const invalidOnly = !parsed.batch && parsed.messages[0]?.kind === 'invalid';
  // The answer to initialize names the client in a session id it sends back (client-name.ts).
  const session =
    initializing && request.clientName && !invalidOnly
      ? { 'mcp-session-id': sessionIdFor(request.clientName) }
      : undefined;
  return jsonAnswer(invalidOnly ? 400 : 200, single ? replies[0] : replies, session);
}

/**
 * POST /messages?sessionId=: the session is checked first (nothing runs for a closed one), then
 * the replies are computed here and left in the session's mailbox, one item each; a reply too
 * large for an item is answered with a JSON-RPC error instead. 202 once they are there.
 */
async function postMessages(
  event: FunctionUrlEvent,
  parsed: ParsedBody,
  spend: BudgetSpend | undefined,
  request: McpRequest,
): Promise<HttpAnswer> {
  const sessionId = new URLSearchParams(event.rawQueryString ?? '').get('sessionId') ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(sessionId))
    return statusAnswer(
      400,
      'Invalid query: sessionId: give the sessionId the SSE endpoint event named',
    );
  if (!parsed.ok) {
    const error = (parsed.reply as unknown as { error: { message: string } }).error;
    return statusAnswer(parsed.status, `Invalid body: ${error.message}`);
  }
  const store = request.stores.forTenant(request.principal.tenant.id);
  const closed = () =>
    statusAnswer(404, `No open SSE session ${sessionId} for this credential; open GET /sse again`);
  if (!(await sessionIsOpen(store, sessionId, request.principal.actor.id, request.now)))
    return closed();
  // The client names itself once, in the initialize it posts here; later posts are audited under
  // the name kept on the session rather than the User-Agent.
  if (request.clientName) await nameSessionClient(store, sessionId, request.clientName);
  else {
    const kept = await sessionClientName(store, sessionId);
    if (kept) {
      request.clientName = kept;
      request.agent = kept;
    }
  }
  const ran = await runMessages(parsed.messages, spend, request);
  if ('refused' in ran) return errorAnswer(ran.refused, request.requestId);
  const max = mailboxMaxBytes();
  const replies = ran.replies
    .filter((r): r is JSONRPCMessage => r !== null)
    .map((reply) => {
      const text = JSON.stringify(reply);
      if (text.length <= max) return text;
      const id = 'id' in reply ? (reply.id as string | number) : null;
      return JSON.stringify(
        rpcErrorMessage(
          id,
          MCP_RPC.internalError,
          `The reply is too large for the SSE transport (${text.length} bytes; at most ${max}): ask for less (a smaller limit), or use Streamable HTTP (POST /mcp)`,
        ),
      );
    });
  if (
    replies.length > 0 &&
    !(await postToSession(store, sessionId, request.principal.actor.id, replies, request.now))
  )
    return closed();
  return { statusCode: 202, headers: { 'content-type': 'text/plain' }, body: 'Accepted' };
}

/**
 * GET /sse: announce the message endpoint, then relay the session's mailbox until the deadline,
 * renewing the session while alive and ending as soon as the credential stops verifying.
 */
async function holdStream(
  edge: Edge,
  request: McpRequest,
  headers: HeaderMap,
  stream: ResponseStream,
  context: LambdaContext,
): Promise<void> {
  const authorization = headers.authorization ?? '';
  const audience = [mcpBaseUrl(headers)];
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
  let lastRenew = Date.now();
  let lastCheck = Date.now();
  let wait = POLL_MIN_MS;
  let ended: 'deadline' | 'client' | 'credential' = 'deadline';
  try {
    while (Date.now() < deadline) {
      if (streamClosed(out)) {
        ended = 'client';
        break;
      }
      const messages = await takeFromSession(store, sessionId);
      for (const m of messages) out.write(`event: message\ndata: ${m}\n\n`);
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
      if (Date.now() - lastCheck >= streamRecheckMs()) {
        lastCheck = Date.now();
        if (!(await stillVerifies(edge, authorization, request.principal, audience))) {
          ended = 'credential';
          break;
        }
      }
      if (Date.now() - lastRenew >= ALIVE_RENEW_MS) {
        lastRenew = Date.now();
        await keepSessionAlive(store, sessionId, systemClock.now());
      }
      await sleep(wait);
    }
  } finally {
    await closeSession(store, sessionId).catch(() => undefined);
    out.end();
    edge.note({ sessionId, streamEnded: ended });
  }
}

/** The stream's credential, verified again without the cache: same principal, still valid. */
async function stillVerifies(
  edge: Edge,
  authorization: string,
  principal: Principal,
  audience: readonly string[],
): Promise<boolean> {
  const again = await resolvePrincipal(
    edge.stores,
    authorization,
    systemClock.now(),
    undefined,
    audience,
  );
  return (
    again !== null &&
    again.actor.kind === principal.actor.kind &&
    again.actor.id === principal.actor.id &&
    again.tenant.id === principal.tenant.id
  );
}
