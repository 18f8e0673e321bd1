/**
 * The /a2a function: API Gateway (behind the authorizer) → the edge pipeline (the verified
 * principal, the tenant-header rule, the JSON-only rule, one log line) → one JSON-RPC answer.
 * Errors before any JSON-RPC are the edge's HTTP answers with the `{statusCode, message, error}`
 * body (401 without a verified credential, 400 for a session token without x-tenant-id, 403 when
 * x-tenant-id names another tenant, 415 for a body that is not JSON); everything else, including a skill's failure, is a JSON-RPC answer with
 * status 200. The 401 is answered here, not by API Gateway: the authorizer lets a request to
 * /a2a without a verified credential through, flagged, so that this answer can carry the OAuth
 * challenge of /a2a (`WWW-Authenticate: Bearer resource_metadata="<api>/.well-known/
 * oauth-protected-resource/a2a"`, shared/edge/challenge.ts), which a gateway response, one for
 * every path of the API, could not.
 */
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Context as LambdaContext,
} from 'aws-lambda';
import { a2aResourceMetadataUrl } from '../agents/documents';
import { unauthenticatedReason } from '../auth/principal';
import { a2aResource } from '../edge/authenticate';
import { unauthorizedChallenge } from '../edge/challenge';
import { checkAgentTenantHeader } from '../edge/context';
import { noteCredentialUse } from '../edge/credential-use';
import { errorAnswer, jsonAnswer, statusAnswer } from '../edge/http';
import { atEdge } from '../edge/pipeline';
import {
  basePathOf,
  baseUrlOf,
  bodyText,
  isJsonContentType,
  jsonOnlyMessage,
  lowerHeaders,
} from '../edge/request';
import { systemClock } from '../kernel/clock';
import { Stores } from '../kernel/store/store';
import { noteGrantUse } from '../modules/oauth/credentials';
import { handleA2a } from './json-rpc';

export function createA2aHandler() {
  return (event: APIGatewayProxyEvent, context: LambdaContext): Promise<APIGatewayProxyResult> =>
    atEdge(
      {
        function: 'a2a',
        transport: 'a2a',
        requestId: event.requestContext?.requestId ?? context.awsRequestId,
        method: event.httpMethod,
        route: event.resource,
        stores: () => new Stores(),
      },
      async (edge) => {
        const headers = lowerHeaders(event.headers);
        const authorizer = event.requestContext?.authorizer as Record<string, unknown> | null;
        const baseUrl = baseUrlOf(headers, basePathOf(event.requestContext?.path, event.path));
        const principal = edge.fromAuthorizer(authorizer);
        if (!principal) {
          edge.note({
            errorCode: 'unauthenticated',
            credential: unauthenticatedReason(authorizer),
          });
          return unauthorizedChallenge(
            headers.authorization,
            a2aResourceMetadataUrl(a2aResource(baseUrl)),
          );
        }
        // A session token without x-tenant-id: 400 naming the header, not an OAuth challenge.
        checkAgentTenantHeader(principal, headers['x-tenant-id']);
        await noteCredentialUse(edge, principal, noteGrantUse);
        if (!isJsonContentType(headers['content-type']))
          return statusAnswer(415, jsonOnlyMessage(headers['content-type']));
        const body = bodyText(event.body, event.isBase64Encoded);
        edge.note({ rpcMethod: /"method"\s*:\s*"([^"]{1,64})"/.exec(body)?.[1] });
        const answer = await handleA2a(body, {
          principal,
          stores: edge.stores,
          store: edge.stores.forTenant(principal.tenant.id),
          // An agent's OAuth token owns its tasks by its grant: another agent of the same user,
          // or the user's own session, does not see them.
          ownerId:
            principal.actor.kind === 'user' && principal.actor.grant
              ? `grant:${principal.actor.grant.id}`
              : principal.actor.id,
          requestId: edge.requestId,
          // A2A has no client name of its own: the x-agent-name header, else the User-Agent.
          agent: (headers['x-agent-name'] || headers['user-agent'])?.slice(0, 100),
          log: edge.log,
          now: () => systemClock.now(),
          baseUrl,
        });
        return jsonAnswer(200, answer);
      },
      (err, edge) => errorAnswer(err, edge.requestId),
      (answer) => ({ statusCode: answer.statusCode }),
    );
}
