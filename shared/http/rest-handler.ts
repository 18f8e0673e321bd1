/**
 * The REST transport: one Lambda handler per group, built from the group's route declarations.
 * For an operation route it checks the content type, turns the authorizer's verified principal
 * into the context (actor, tenant, a store bound to that tenant), checks `x-tenant-id`, forms the
 * input from path, query and body, and calls invokeOperation, which validates, checks access and
 * runs the operation. Errors become `{statusCode, message, error}` in one place (errors.ts).
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Context as LambdaContext,
} from 'aws-lambda';
import { fromAuthorizerContext, type Principal } from '../auth/principal';
import { systemClock } from '../kernel/clock';
import type { Context, PublicContext } from '../kernel/context';
import { AppError, Forbidden, NotFound, toAppError, Unauthenticated } from '../kernel/errors';
import { invokeOperation } from '../kernel/invoke';
import { type Logger, rootLogger } from '../kernel/log';
import type { AnyOperation } from '../kernel/operation';
import { Stores } from '../kernel/store/store';
import { basePathOf } from '../web/base-path';
import { errorBody } from './errors';
import { errorResponse, html, json, script } from './respond';
import { formInput, isJsonContentType, parseJsonBody, restInvalid } from './rest-input';
import type { GroupDef, OperationRoute, Route } from './route';

/** What the request-log middleware sets up per invocation, on the Lambda context (middy's way). */
interface RequestState {
  log: Logger;
  startedAt: number;
  stores: Stores;
  route?: Route;
}
type HandlerContext = LambdaContext & { request?: RequestState };

function lowerHeaders(
  headers: APIGatewayProxyEvent['headers'] | null,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

const requestIdOf = (event: APIGatewayProxyEvent, context: LambdaContext) =>
  event.requestContext?.requestId ?? context.awsRequestId;

/**
 * The context of an operation call from a verified principal. With a user token, `x-tenant-id`
 * is required and must name the token's tenant; with a key it may be left out. It never selects
 * data: the store is bound to the credential's tenant.
 */
function operationContext(
  op: AnyOperation,
  principal: Principal | null,
  headers: Record<string, string | undefined>,
  base: { now: Date; requestId: string; log: Logger; stores: Stores },
): Context | PublicContext {
  const common = {
    now: base.now,
    requestId: base.requestId,
    log: base.log,
    transport: 'rest' as const,
  };
  if (op.access.public)
    return { ...common, actor: principal?.actor ?? { kind: 'anonymous' }, stores: base.stores };
  if (!principal) throw new Unauthenticated();
  const tenantHeader = headers['x-tenant-id'];
  if (principal.actor.kind === 'user' && !tenantHeader) {
    throw new Unauthenticated(
      'x-tenant-id header is required when authenticating with a user token',
    );
  }
  if (tenantHeader && tenantHeader !== principal.tenant.id) {
    throw new Forbidden('x-tenant-id does not match the tenant of the credential');
  }
  return {
    ...common,
    actor: principal.actor,
    tenant: principal.tenant,
    tenantId: principal.tenant.id,
    store: base.stores.forTenant(principal.tenant.id),
  };
}

async function callOperation(
  route: OperationRoute,
  event: APIGatewayProxyEvent,
  state: RequestState,
  requestId: string,
) {
  const headers = lowerHeaders(event.headers);
  const hasBody = event.body !== null && event.body !== undefined && event.body !== '';
  // JSON only: a cross-site form or text/plain post cannot reach an operation (docs/decisions.md).
  if (hasBody && !isJsonContentType(headers['content-type'])) {
    return json(
      415,
      errorBody(
        415,
        `Send the body as JSON with Content-Type: application/json (got ${headers['content-type'] ?? 'none'})`,
      ),
    );
  }
  const principal = fromAuthorizerContext(
    event.requestContext?.authorizer as Record<string, unknown> | undefined,
  );
  const ctx = operationContext(route.op, principal, headers, {
    now: systemClock.now(),
    requestId,
    log: state.log,
    stores: state.stores,
  });
  try {
    const input = formInput(route, {
      params: (event.pathParameters as Record<string, string> | null) ?? {},
      query: (event.queryStringParameters as Record<string, string> | null) ?? {},
      body: route.body === null ? undefined : parseJsonBody(event.body, event.isBase64Encoded),
    });
    const result = await invokeOperation(route.op, ctx, input);
    return json(route.status, result);
  } catch (err) {
    const appError = toAppError(err);
    throw appError.code === 'invalid' ? restInvalid(route, appError) : appError;
  }
}

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
      dbCalls: state.stores.roundTrips.count,
    });
  };
  return {
    name: 'requestLog',
    before: (request) => {
      const principal = fromAuthorizerContext(
        request.event.requestContext?.authorizer as Record<string, unknown> | undefined,
      );
      request.context.request = {
        startedAt: Date.now(),
        stores: new Stores(),
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

/** A group's Lambda handler: routing, the operation call, request logging and error answers. */
export function createRestHandler(group: GroupDef) {
  const routes = new Map(group.routes.map((r) => [`${r.method} ${r.path}`, r]));
  const base = async (
    event: APIGatewayProxyEvent,
    context: HandlerContext,
  ): Promise<APIGatewayProxyResult> => {
    const route = routes.get(`${event.httpMethod} ${event.resource}`);
    if (!route) throw new AppError('not_found', `No route for ${event.httpMethod} ${event.path}`);
    const state = context.request as RequestState;
    state.route = route;
    if (route.kind === 'page')
      return html(200, route.render(basePathOf(event.requestContext?.path, event.path)));
    if (route.kind === 'asset') {
      const body = route.serve(event.pathParameters?.name ?? '');
      if (body === undefined) throw new NotFound(`No such file: ${event.path}`);
      return script(200, body);
    }
    return callOperation(route, event, state, requestIdOf(event, context));
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HandlerContext>()
    .use(requestLog(group.name))
    .use(errorHandler())
    .handler(base);
}
