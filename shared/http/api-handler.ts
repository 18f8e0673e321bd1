import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { checkAccess } from '../auth/access';
import { fromAuthorizerContext, type Principal } from '../auth/principal';
import { systemClock } from '../clock';
import { type Logger, rootLogger } from '../log';
import { basePathOf } from '../web/base-path';
import { NotFound, Unauthorized } from './errors';
import { errorResponse, html, json, script } from './respond';
import type { GroupDef, HttpMethod, Infer, RouteDef } from './route';
import { parseJsonBody, parseOrThrow } from './validation';

export interface RouteRequest<R extends RouteDef> {
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  params: Infer<R['params']>;
  /** The verified caller. Throws 401 when read on a public route without credentials. */
  principal: Principal;
  /** Tenant of the verified credential: the only source of tenancy. */
  tenantId: string;
  requestId: string;
  now: Date;
  log: Logger;
  headers: Record<string, string | undefined>;
  /** Path prefix the API was reached under ('' locally or on a custom domain, '/prod' on the default URL). */
  basePath: string;
}

export type RouteImpl<R extends RouteDef> = (req: RouteRequest<R>) => Promise<unknown>;

export type GroupImpl<G extends GroupDef> = { [K in keyof G['routes']]: RouteImpl<G['routes'][K]> };

type Internal = { log: Logger; startedAt: number };

function lowerHeaders(
  headers: APIGatewayProxyEvent['headers'] | null,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}

function requestLog(
  group: string,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal> {
  const done = (request: {
    event: APIGatewayProxyEvent;
    response: APIGatewayProxyResult | null;
    internal: Internal;
  }) => {
    request.internal.log?.info('request', {
      method: request.event.httpMethod,
      route: request.event.resource,
      statusCode: request.response?.statusCode,
      durationMs: Date.now() - request.internal.startedAt,
    });
  };
  return {
    name: 'requestLog',
    before: (request) => {
      const ctx = fromAuthorizerContext(
        request.event.requestContext?.authorizer as Record<string, unknown> | undefined,
      );
      request.internal.startedAt = Date.now();
      request.internal.log = rootLogger.child({
        function: group,
        requestId: request.event.requestContext?.requestId ?? request.context.awsRequestId,
        tenantId: ctx?.tenantId,
        principalType: ctx?.type,
        principalId: ctx?.id,
      });
    },
    after: done,
    onError: done,
  };
}

function errorHandler(): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context,
  Internal
> {
  return {
    name: 'errorHandler',
    onError: (request) => {
      const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
      const response = errorResponse(request.error, requestId);
      if (response.statusCode >= 500) {
        const err = request.error;
        request.internal.log?.error('unhandled error', {
          errorName: err?.name,
          error: err?.message,
          stack: err?.stack,
        });
      }
      request.response = response;
    },
  };
}

/**
 * Builds a resource group's Lambda handler from its route declarations and implementations.
 * Routing, validation (400), access rules (401/403) and error bodies all come from the manifest
 * entry, so an implementation only holds the call into its service.
 */
export function createApiHandler<G extends GroupDef>(group: G, impls: GroupImpl<G>) {
  const table = new Map<string, { def: RouteDef; impl: RouteImpl<RouteDef> }>();
  for (const [name, def] of Object.entries(group.routes) as [string, RouteDef][]) {
    table.set(`${def.method} ${def.path}`, {
      def,
      impl: (impls as Record<string, RouteImpl<RouteDef>>)[name]!,
    });
  }

  const base = async (
    event: APIGatewayProxyEvent,
    context: Context,
  ): Promise<APIGatewayProxyResult> => {
    const entry = table.get(`${event.httpMethod} ${event.resource}`);
    if (!entry) throw new NotFound(`No route for ${event.httpMethod} ${event.path}`);
    const { def, impl } = entry;
    const now = systemClock.now();
    const headers = lowerHeaders(event.headers);
    const principal = fromAuthorizerContext(
      event.requestContext?.authorizer as Record<string, unknown> | undefined,
    );
    checkAccess({
      access: def.access,
      method: def.method as HttpMethod,
      principal,
      tenantHeader: headers['x-tenant-id'],
      now,
    });

    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const rawBody = def.body ? parseJsonBody(event.body, event.isBase64Encoded) : undefined;
    const req = {
      body: def.body ? parseOrThrow(def.body, rawBody ?? {}, 'body') : undefined,
      query: def.query
        ? parseOrThrow(def.query, event.queryStringParameters ?? {}, 'query')
        : undefined,
      params: def.params ? parseOrThrow(def.params, event.pathParameters ?? {}, 'path') : undefined,
      get principal(): Principal {
        if (!principal) throw new Unauthorized();
        return principal;
      },
      get tenantId(): string {
        if (!principal) throw new Unauthorized();
        return principal.tenantId;
      },
      requestId,
      now,
      log: rootLogger.child({ function: group.name, requestId, tenantId: principal?.tenantId }),
      headers,
      basePath: basePathOf(event.requestContext?.path, event.path),
    } as RouteRequest<RouteDef>;

    const result = await impl(req);
    const status = def.status ?? 200;
    if (def.produces === 'html') return html(status, String(result));
    if (def.produces === 'script') return script(status, String(result));
    return json(status, result);
  };

  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context, Internal>()
    .use(requestLog(group.name))
    .use(errorHandler())
    .handler(base);
}
