/**
 * The operation half of the REST transport: turns an API Gateway event into an operation call.
 * It checks the content type, turns the authorizer's verified principal into the context (actor,
 * tenant, a store bound to that tenant), checks `x-tenant-id`, forms the input from path, query
 * and body, and calls invokeOperation, which validates, checks access and runs the operation.
 * Functions that serve operations compose it into their handler (functions/<group>/handler.ts);
 * the web function, which serves only pages, does not, and so bundles neither the store nor zod.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Principal } from '../auth/principal';
import { systemClock } from '../kernel/clock';
import { strictChecks } from '../kernel/config';
import type { Context, PublicContext } from '../kernel/context';
import { Forbidden, toAppError, Unauthenticated } from '../kernel/errors';
import { invokeOperation } from '../kernel/invoke';
import type { Logger } from '../kernel/log';
import type { AnyOperation } from '../kernel/operation';
import { Stores } from '../kernel/store/store';
import { errorBody } from './errors';
import { json } from './respond';
import { formInput, isJsonContentType, parseJsonBody, restInvalid } from './rest-input';
import type { OperationRoute } from './route';

/** Names the operation whose output schema checked the answer (strict checks only: tests, local runs). */
export const OUTPUT_CHECKED_HEADER = 'x-hms-output-checked';

/** Calls a route's operation for one request; reports the DynamoDB round trips it made. */
export type OperationCaller = (
  route: OperationRoute,
  event: APIGatewayProxyEvent,
  request: {
    principal: Principal | null;
    requestId: string;
    log: Logger;
    roundTrips: (count: number) => void;
  },
) => Promise<APIGatewayProxyResult>;

function lowerHeaders(
  headers: APIGatewayProxyEvent['headers'] | null,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

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

/** The caller every operation-serving function composes into its REST handler. */
export function restOperations(): OperationCaller {
  return async (route, event, request) => {
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
    const { principal } = request;
    const stores = new Stores();
    try {
      const ctx = operationContext(route.op, principal, headers, {
        now: systemClock.now(),
        requestId: request.requestId,
        log: request.log,
        stores,
      });
      // Already phrased for REST (where the request itself is malformed): thrown as they are.
      const input = formInput(route, {
        params: (event.pathParameters as Record<string, string> | null) ?? {},
        query: (event.queryStringParameters as Record<string, string> | null) ?? {},
        body: route.body === null ? undefined : parseJsonBody(event.body, event.isBase64Encoded),
        headers,
      });
      const result = await invokeOperation(route.op, ctx, input).catch((err: unknown) => {
        const appError = toAppError(err);
        throw appError.code === 'invalid' ? restInvalid(route, appError) : appError;
      });
      // Under strict checks the answer was parsed against the operation's output schema; saying so
      // lets the test client require it of every answer the integration suite receives.
      return json(
        route.status,
        result,
        strictChecks() ? { [OUTPUT_CHECKED_HEADER]: route.op.name } : {},
      );
    } finally {
      request.roundTrips(stores.roundTrips.count);
    }
  };
}
