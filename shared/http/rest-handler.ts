/**
 * The REST transport: one Lambda handler per group, built from the group's route declarations.
 * Each request runs through the edge pipeline (shared/edge/pipeline.ts: the authorizer's
 * principal, one log line); the handler routes, serves pages, page scripts and fixed answers
 * itself, and hands operation routes to the operation caller the function composed in
 * (rest-operations.ts). Errors become `{statusCode, message, error}` in one place (errors.ts).
 */
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Context as LambdaContext,
} from 'aws-lambda';
import { noteCredentialUse } from '../edge/credential-use';
import { atEdge } from '../edge/pipeline';
import { basePathOf, baseUrlOf, lowerHeaders } from '../edge/request';
import { AppError, Forbidden, InternalError, NotFound } from '../kernel/errors';
import { errorResponse } from './errors';
import { html, json, script } from './respond';
import type { OperationCaller } from './rest-operations';
import type { GroupDef } from './route';

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
  return (event: APIGatewayProxyEvent, context: LambdaContext): Promise<APIGatewayProxyResult> =>
    atEdge(
      {
        function: group.name,
        transport: 'rest',
        requestId: event.requestContext?.requestId ?? context.awsRequestId,
        method: event.httpMethod,
        route: event.resource,
        stores: operations?.stores,
      },
      async (edge) => {
        const principal = edge.fromAuthorizer(
          event.requestContext?.authorizer as Record<string, unknown> | undefined,
        );
        // An agent's OAuth token reaches no REST route: the authorizer's policy names POST /a2a
        // alone; this is the second lock, should a policy ever say more.
        if (principal?.actor.kind === 'user' && principal.actor.grant)
          throw new Forbidden('An OAuth access token is accepted only by /a2a and the MCP server');
        // A group without table access (pages, discovery) serves no caller a key is noted for.
        if (principal && operations) await noteCredentialUse(edge, principal);
        const route = routes.get(`${event.httpMethod} ${event.resource}`);
        if (!route)
          throw new AppError('not_found', `No route for ${event.httpMethod} ${event.path}`);
        const basePath = basePathOf(event.requestContext?.path, event.path);
        switch (route.kind) {
          case 'page':
            return html(200, route.render(basePath));
          case 'asset': {
            const fileName = event.pathParameters?.name ?? '';
            const body = route.serve(fileName);
            if (body === undefined) throw new NotFound(`No such file: ${event.path}`);
            return script(200, body, { cache: route.cache, fileName });
          }
          case 'static':
            return json(
              route.status ?? 200,
              await route.body({ baseUrl: baseUrlOf(lowerHeaders(event.headers), basePath) }),
            );
          case 'rpc':
            throw new InternalError(`${route.path} is served by its group's own handler`);
          case 'operation':
            if (!operations) throw new InternalError(`Group ${group.name} has no operation caller`);
            return operations(route, event, edge);
        }
      },
      (err, edge) => errorResponse(err, edge.requestId),
      (answer) => ({ statusCode: answer.statusCode }),
    );
}
