/**
 * The REST transport: one Lambda handler per group, built from the group's route declarations.
 * It routes, logs one line per request, serves pages, page scripts and fixed answers itself, and
 * hands operation routes to the operation caller the function composed in (rest-operations.ts).
 * Errors become `{statusCode, message, error}` in one place (errors.ts).
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Context as LambdaContext,
} from 'aws-lambda';
import { fromAuthorizerContext, type Principal } from '../auth/principal';
import { AppError, InternalError, NotFound, toAppError } from '../kernel/errors';
import { type Logger, rootLogger } from '../kernel/log';
import { basePathOf } from '../web/base-path';
import { errorResponse, html, json, script } from './respond';
import type { OperationCaller } from './rest-operations';
import type { GroupDef, Route } from './route';

/** What the request-log middleware sets up per invocation, on the Lambda context (middy's way). */
interface RequestState {
  /** The authorizer's verified principal, read once per request (null on public routes). */
  principal: Principal | null;
  log: Logger;
  startedAt: number;
  dbCalls?: number;
  route?: Route;
}
type HandlerContext = LambdaContext & { request?: RequestState };

/**
 * Where the client reached the service: API Gateway sends X-Forwarded-Proto; the local runtime
 * serves plain HTTP on loopback.
 */
function baseUrlOf(event: APIGatewayProxyEvent): string {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']),
  );
  const host = headers.host || 'localhost';
  const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
  const proto = headers['x-forwarded-proto'] || (local ? 'http' : 'https');
  return `${proto}://${host}${basePathOf(event.requestContext?.path, event.path)}`;
}

const requestIdOf = (event: APIGatewayProxyEvent, context: LambdaContext) =>
  event.requestContext?.requestId ?? context.awsRequestId;

function requestLog(
  group: string,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HandlerContext> {
  const done = (request: {
    event: APIGatewayProxyEvent;
    response: APIGatewayProxyResult | null;
    context: HandlerContext;
  }) => {
    const state = request.context.request;
    state?.log.info('request', {
      method: request.event.httpMethod,
      route: request.event.resource,
      operation: state.route?.kind === 'operation' ? state.route.op.name : undefined,
      statusCode: request.response?.statusCode,
      durationMs: Date.now() - state.startedAt,
      dbCalls: state.dbCalls,
    });
  };
  return {
    name: 'requestLog',
    before: (request) => {
      const principal = fromAuthorizerContext(
        request.event.requestContext?.authorizer as Record<string, unknown> | undefined,
      );
      request.context.request = {
        principal,
        startedAt: Date.now(),
        log: rootLogger.child({
          function: group,
          requestId: requestIdOf(request.event, request.context),
          tenantId: principal?.tenant.id,
          principalType: principal?.actor.kind,
          principalId: principal?.actor.id,
        }),
      };
    },
    after: done,
    onError: done,
  };
}

function errorHandler(): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  HandlerContext
> {
  return {
    name: 'errorHandler',
    onError: (request) => {
      const err = toAppError(request.error);
      if (err.code === 'internal') {
        const cause = (err.cause ?? err) as Error;
        request.context.request?.log.error('unhandled error', {
          errorName: cause?.name,
          error: err.message,
          stack: cause?.stack,
        });
      }
      request.response = errorResponse(err, requestIdOf(request.event, request.context));
    },
  };
}

/**
 * A group's Lambda handler. A group with operation routes needs `operations` (the caller from
 * rest-operations.ts); a group of pages only (the web function) goes without, and its bundle
 * then holds neither the table client nor the schemas.
 */
export function createRestHandler(group: GroupDef, operations?: OperationCaller) {
  if (!operations && group.routes.some((r) => r.kind === 'operation')) {
    throw new Error(
      `Group ${group.name} serves operations: pass restOperations() to createRestHandler`,
    );
  }
  const routes = new Map(group.routes.map((r) => [`${r.method} ${r.path}`, r]));
  const base = async (
    event: APIGatewayProxyEvent,
    context: HandlerContext,
  ): Promise<APIGatewayProxyResult> => {
    const route = routes.get(`${event.httpMethod} ${event.resource}`);
    if (!route) throw new AppError('not_found', `No route for ${event.httpMethod} ${event.path}`);
    const state = context.request as RequestState;
    state.route = route;
    switch (route.kind) {
      case 'page':
        return html(200, route.render(basePathOf(event.requestContext?.path, event.path)));
      case 'asset': {
        const fileName = event.pathParameters?.name ?? '';
        const body = route.serve(fileName);
        if (body === undefined) throw new NotFound(`No such file: ${event.path}`);
        return script(200, body, { cache: route.cache, fileName });
      }
      case 'static':
        return json(200, await route.body({ baseUrl: baseUrlOf(event) }));
      case 'rpc':
        throw new InternalError(`${route.path} is served by its group's own handler`);
      case 'operation':
        if (!operations) throw new InternalError(`Group ${group.name} has no operation caller`);
        return operations(route, event, {
          principal: state.principal,
          requestId: requestIdOf(event, context),
          log: state.log,
          roundTrips: (count) => {
            state.dbCalls = count;
          },
        });
    }
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HandlerContext>()
    .use(requestLog(group.name))
    .use(errorHandler())
    .handler(base);
}
