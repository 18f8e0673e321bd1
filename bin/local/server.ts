import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyResult, Context, Handler } from 'aws-lambda';
import { allRoutes, GROUPS } from '../../shared/api/index';
import { resetSigningKey } from '../../shared/auth/jwt';
import { AUTHORIZER_CACHE_TTL_SECONDS, answersOwnChallenge } from '../../shared/auth/policy';
import { newKeySet } from '../../shared/auth/signing-keys';
import { type GatewayResponseType, gatewayResponse } from '../../shared/http/gateway-responses';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';
import { isPublicRoute } from '../../shared/http/route';
import { resetDocumentClient } from '../../shared/kernel/store/client';
import { isMcpPath, MCP_FUNCTION } from '../../shared/mcp/function';
import {
  type FunctionUrlEvent,
  installLocalStreaming,
  type ResponseStream,
  type StreamingHandler,
} from '../../shared/mcp/streaming';
import {
  authorizerEvent,
  compileRoutes,
  type IncomingRequest,
  lambdaContext,
  matchRoute,
  proxyEvent,
} from './api-gateway';
import { AuthorizerPolicyCache } from './authorizer-cache';
import { localControl } from './control';
import { ensureTable, LocalSetupError } from './dynamo-local';
import { type LocalEvents, startLocalEvents } from './event-bus';
import { preparePageScripts } from './page-scripts';
import { evaluatePolicy } from './policy';

const ROOT = resolve(import.meta.dirname, '../..');
const MAX_BODY_BYTES = 1024 * 1024;

export interface LocalRuntimeOptions {
  port: number;
  host?: string;
  /** A server already listening (from `listen`), so that `npm start` can claim its port first. */
  server?: Server;
  dynamoEndpoint: string;
  tableName?: string;
  /** The access-token signing key set as JSON (shared/auth/signing-keys.ts); new per run unless given. */
  signingKeys?: string;
  /** Serve under `/<stage>/…` like API Gateway's default execute-api URL (tests of the pages use it). */
  stage?: string;
  /** Run the agent actions job every five minutes (default); tests turn it off and trigger it. */
  schedule?: boolean;
  /** Progress lines (table upgrades); silent unless given. */
  log?: (line: string) => void;
  /** Serve the development controls under /_local/ (bin/local/control.ts); only `npm start` does. */
  localControl?: boolean;
}

export interface LocalRuntime {
  url: string;
  server: Server;
  /** The in-process EventBridge bus, its rules and executors, and the agent actions schedule. */
  events: LocalEvents;
  close(): Promise<void>;
}

type ApiHandler = (event: unknown, context: Context) => Promise<APIGatewayProxyResult>;

async function loadHandler(entry: string): Promise<ApiHandler> {
  const mod = (await import(pathToFileURL(resolve(ROOT, entry)).href)) as { handler: Handler };
  return mod.handler as unknown as ApiHandler;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        ok(null);
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => ok(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function send(res: ServerResponse, result: APIGatewayProxyResult, requestId: string) {
  res.statusCode = result.statusCode;
  for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, String(v));
  res.setHeader('x-amzn-requestid', requestId);
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

function sendGateway(
  res: ServerResponse,
  type: GatewayResponseType,
  requestId: string,
  message?: string,
) {
  const g = gatewayResponse(type);
  send(
    res,
    {
      statusCode: g.statusCode,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message ? { ...g.body, message } : g.body),
    },
    requestId,
  );
}

/**
 * The Function URL's response stream: `setMeta` (HttpResponseStream.from) sets the status and
 * headers, and the stream is destroyed when the client disconnects, so a stream holder stops
 * relaying. An event stream is written to the client as it comes; any other answer is whole, so
 * it is sent once with its length (as a client sees it from Lambda, without chunked framing).
 */
function responseStream(res: ServerResponse): ResponseStream {
  let streaming = false;
  const held: Buffer[] = [];
  const stream: ResponseStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!streaming) {
        held.push(Buffer.from(chunk));
        done();
        return;
      }
      res.write(chunk, () => done());
    },
    final(done) {
      if (streaming) {
        res.end(() => done());
        return;
      }
      const body = Buffer.concat(held);
      if (!res.headersSent) res.setHeader('content-length', body.length);
      res.end(body, () => done());
    },
  });
  stream.setMeta = (meta) => {
    streaming = /^text\/event-stream/i.test(meta.headers['content-type'] ?? '');
    res.statusCode = meta.statusCode;
    for (const [name, value] of Object.entries(meta.headers)) res.setHeader(name, value);
    if (streaming) res.flushHeaders();
  };
  res.on('close', () => {
    if (!stream.writableEnded) stream.destroy();
  });
  return stream;
}

/**
 * Binds the HTTP port, answering 503 until the runtime takes the server over. `npm start` calls it
 * before starting DynamoDB Local, so a taken port is reported in a second, not after Java starts.
 */
export async function listen(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end(
      JSON.stringify({
        statusCode: 503,
        message: 'Starting up; try again in a moment',
        error: 'Service Unavailable',
      }),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE')
        fail(
          new LocalSetupError(
            `Port ${port} is already in use: stop the other process or start with PORT=<another port>`,
          ),
        );
      else if (err.code === 'EACCES')
        fail(
          new LocalSetupError(
            `Port ${port} needs privileges this user does not have: start with PORT=<a port above 1023>`,
          ),
        );
      else if (err.code === 'EADDRNOTAVAIL')
        fail(
          new LocalSetupError(
            `Cannot listen on ${host}:${port}: ${host} is not an address of this machine (HOST)`,
          ),
        );
      else fail(err);
    });
    server.listen(port, host, () => ok());
  });
  return server;
}

/**
 * Serves every route of the manifest with API Gateway semantics: route match, authorizer first
 * (its refusal is a 401, its context reaches the function), then the group's own handler.
 */
export async function startLocalRuntime(opts: LocalRuntimeOptions): Promise<LocalRuntime> {
  const tableName = opts.tableName ?? 'hospital-local';
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = opts.dynamoEndpoint;
  process.env.SIGNING_KEYS =
    opts.signingKeys ?? process.env.SIGNING_KEYS ?? JSON.stringify(newKeySet(new Date()));
  // Seals list cursors (shared/kernel/store/cursor.ts); new per run unless given.
  process.env.CURSOR_SECRET ??= randomBytes(32).toString('base64url');
  // Client ID metadata documents may be served on plain http loopback here (never on Lambda).
  process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP ??= '1';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // Answers and stored records are checked against their schemas here (off on Lambda; see kernel/config.ts).
  process.env.HMS_STRICT_CHECKS ??= '1';
  resetDocumentClient();
  resetSigningKey();
  await ensureTable(opts.dynamoEndpoint, tableName, opts.log);

  const compiled = compileRoutes(allRoutes());
  const groupByName = new Map(GROUPS.map((g) => [g.name, g]));
  // Page scripts: built here before the web function loads (on AWS, at bundling time).
  await preparePageScripts();
  const handlers = new Map<string, ApiHandler>();
  // Groups with a handler of their own load it; the others get what the generic REST entry
  // (functions/rest/handler.ts) builds for them on Lambda, from the group itself.
  for (const g of GROUPS)
    handlers.set(
      g.name,
      g.entry
        ? await loadHandler(g.entry)
        : (createRestHandler(g, restOperations()) as unknown as ApiHandler),
    );
  const authorizer = await loadHandler('functions/authorizer/handler.ts');
  // The MCP function, as on its Function URL: streaming, its own auth, no API Gateway in front.
  installLocalStreaming();
  const mcp = (await loadHandler(MCP_FUNCTION.entry)) as unknown as StreamingHandler;
  const events = await startLocalEvents({ schedule: opts.schedule !== false });
  const policyCache = new AuthorizerPolicyCache(AUTHORIZER_CACHE_TTL_SECONDS * 1000);
  const control = opts.localControl ? localControl(events) : undefined;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID();
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const method = (req.method ?? 'GET').toUpperCase();
      // With a stage, as on API Gateway's default URL, paths arrive as /<stage>/<resource path>.
      const prefix = opts.stage ? `/${opts.stage}` : '';
      // MCP is its own origin on AWS (a Function URL), so it is served at the root here, never
      // under the REST stage prefix: there the REST API answers /mcp with a pointer to it.
      const mcpPath = isMcpPath(url.pathname) ? url.pathname : undefined;
      if (!mcpPath && prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
        return sendGateway(
          res,
          'MISSING_AUTHENTICATION_TOKEN',
          requestId,
          `No route for ${method} ${url.pathname}; this runtime serves under ${prefix}/`,
        );
      }
      const path = mcpPath ?? (url.pathname.slice(prefix.length) || '/');
      if (control && (await control(req, res, path))) return;
      if (mcpPath) {
        const body = await readBody(req);
        if (body === null) return sendGateway(res, 'REQUEST_TOO_LARGE', requestId);
        const event: FunctionUrlEvent = {
          rawPath: path,
          rawQueryString: url.search.slice(1),
          headers: Object.fromEntries(
            Object.entries(req.headers).flatMap(([k, v]) =>
              typeof v === 'string' ? [[k.toLowerCase(), v]] : [],
            ),
          ),
          body,
          isBase64Encoded: false,
          requestContext: {
            requestId,
            http: { method, sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
          },
        };
        await mcp(
          event,
          responseStream(res),
          lambdaContext(MCP_FUNCTION.name, MCP_FUNCTION.timeoutSeconds),
        );
        return;
      }
      const { route, params, malformed } = matchRoute(
        compiled,
        method === 'HEAD' ? 'GET' : method,
        path,
      );
      if (malformed)
        return sendGateway(
          res,
          'BAD_REQUEST_PARAMETERS',
          requestId,
          'Malformed percent-encoding in the path',
        );
      if (!route)
        return sendGateway(
          res,
          'MISSING_AUTHENTICATION_TOKEN',
          requestId,
          `No route for ${method} ${url.pathname}; see docs/routes.md for the routes`,
        );
      const body = await readBody(req);
      if (body === null) return sendGateway(res, 'REQUEST_TOO_LARGE', requestId);
      const headers: Record<string, string> = Object.fromEntries(
        Object.entries(req.headers).flatMap(([k, v]) =>
          typeof v === 'string' ? [[k.toLowerCase(), v]] : [],
        ),
      );
      const incoming: IncomingRequest = {
        method,
        path,
        stagePath: url.pathname,
        query: url.searchParams,
        headers,
        body,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      };

      let authorizerContext: Record<string, unknown> | null = null;
      if (!isPublicRoute(route)) {
        // POST /a2a has an authorizer of its own on AWS, without identity source or cache
        // (lib/api.ts): it is called without a credential, and its answers are never reused.
        const ownChallenge = answersOwnChallenge(route.method, route.path);
        // As on API Gateway: no identity source means 401 without calling the authorizer.
        if (!headers.authorization && !ownChallenge)
          return sendGateway(res, 'UNAUTHORIZED', requestId);
        try {
          const event = authorizerEvent(incoming, route, requestId, opts.stage);
          const policy = (await authorizer(event, lambdaContext('authorizer', 10))) as unknown as {
            policyDocument: Parameters<typeof evaluatePolicy>[0];
            context?: Record<string, unknown>;
          };
          // As API Gateway does: the policy's Resource must cover this request's method ARN, and so
          // must the answer API Gateway would have cached for this Authorization value.
          const allowed =
            evaluatePolicy(policy.policyDocument, event.methodArn) === 'Allow' &&
            (ownChallenge ||
              policyCache.allows(headers.authorization!, policy.policyDocument, event.methodArn));
          if (!allowed) return sendGateway(res, 'ACCESS_DENIED', requestId);
          authorizerContext = policy.context ?? {};
        } catch (err) {
          if ((err as Error).message === 'Unauthorized')
            return sendGateway(res, 'UNAUTHORIZED', requestId);
          throw err;
        }
      }

      const group = groupByName.get(route.group)!;
      const result = await handlers.get(route.group)!(
        proxyEvent(incoming, route, params, requestId, authorizerContext),
        lambdaContext(group.name, group.timeoutSeconds),
      );
      if (method === 'HEAD') result.body = '';
      send(res, result, requestId);
    } catch (err) {
      process.stderr.write(
        `${JSON.stringify({
          level: 'error',
          msg: 'local runtime error',
          requestId,
          error: (err as Error).stack,
        })}\n`,
      );
      if (!res.headersSent) sendGateway(res, 'DEFAULT_5XX', requestId);
      else res.end();
    }
  };

  const server = opts.server ?? (await listen(opts.port, opts.host));
  // Take over from listen()'s "starting up" answer.
  server.removeAllListeners('request');
  server.on('request', handle);
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}${opts.stage ? `/${opts.stage}` : ''}`,
    server,
    events,
    close: () =>
      new Promise<void>((ok) => {
        events.stop();
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
