/**
 * The /a2a function: API Gateway (behind the authorizer) → the verified principal → one JSON-RPC
 * answer. Transport errors are HTTP ones with the service's `{statusCode, message, error}` body
 * (401 without a credential, 403 when x-tenant-id names another tenant, 415 for a body that is
 * not JSON); everything else, including a skill's failure, is a JSON-RPC answer with status 200.
 */
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Context as LambdaContext,
} from 'aws-lambda';
import { fromAuthorizerContext } from '../auth/principal';
import { errorBody } from '../http/errors';
import { errorResponse, json } from '../http/respond';
import { isJsonContentType } from '../http/rest-input';
import { systemClock } from '../kernel/clock';
import { Forbidden, Unauthenticated } from '../kernel/errors';
import { rootLogger } from '../kernel/log';
import { Stores } from '../kernel/store/store';
import { basePathOf } from '../web/base-path';
import { handleA2a } from './json-rpc';

const header = (event: APIGatewayProxyEvent, name: string) =>
  Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1] ?? undefined;

function baseUrlOf(event: APIGatewayProxyEvent): string {
  const host = header(event, 'host') || 'localhost';
  const local = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
  const proto = header(event, 'x-forwarded-proto') || (local ? 'http' : 'https');
  return `${proto}://${host}${basePathOf(event.requestContext?.path, event.path)}`;
}

export function createA2aHandler() {
  return async (
    event: APIGatewayProxyEvent,
    context: LambdaContext,
  ): Promise<APIGatewayProxyResult> => {
    const startedAt = Date.now();
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const principal = fromAuthorizerContext(
      event.requestContext?.authorizer as Record<string, unknown> | undefined,
    );
    const log = rootLogger.child({
      function: 'a2a',
      requestId,
      tenantId: principal?.tenant.id,
      principalType: principal?.actor.kind,
      principalId: principal?.actor.id,
    });
    const stores = new Stores();
    let response: APIGatewayProxyResult;
    let method: string | undefined;
    try {
      if (!principal) throw new Unauthenticated();
      const tenantHeader = header(event, 'x-tenant-id');
      if (principal.actor.kind === 'user' && !tenantHeader)
        throw new Unauthenticated(
          'x-tenant-id header is required when authenticating with a user token',
        );
      if (tenantHeader && tenantHeader !== principal.tenant.id)
        throw new Forbidden('x-tenant-id does not match the tenant of the credential');
      const contentType = header(event, 'content-type');
      if (!isJsonContentType(contentType)) {
        // Worded as REST words it (rest-operations.ts): the same rule, the same answer.
        response = json(
          415,
          errorBody(
            415,
            `Send the body as JSON with Content-Type: application/json (got ${contentType ?? 'none'})`,
          ),
        );
      } else {
        const body = event.isBase64Encoded
          ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
          : (event.body ?? '');
        method = /"method"\s*:\s*"([^"]{1,64})"/.exec(body)?.[1];
        const answer = await handleA2a(body, {
          principal,
          stores,
          store: stores.forTenant(principal.tenant.id),
          ownerId: principal.actor.id,
          requestId,
          agent: header(event, 'x-agent-name')?.slice(0, 100),
          log,
          now: () => systemClock.now(),
          baseUrl: baseUrlOf(event),
        });
        response = json(200, answer);
      }
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    log.info('request', {
      method: event.httpMethod,
      route: event.resource,
      rpcMethod: method,
      statusCode: response.statusCode,
      durationMs: Date.now() - startedAt,
      dbCalls: stores.roundTrips.count,
    });
    return response;
  };
}
