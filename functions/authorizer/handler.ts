import '../../shared/kernel/stack-traces';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { a2aOnlyPolicy, stagePolicy } from '../../shared/auth/policy';
import { toAuthorizerContext } from '../../shared/auth/principal';
import { a2aResource, isOAuthAccessToken, resolvePrincipal } from '../../shared/edge/authenticate';
import { basePathOf, baseUrlOf } from '../../shared/edge/request';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';

const log = rootLogger.child({ function: 'authorizer' });

/**
 * REQUEST authorizer. It only answers "this credential is valid, for this tenant and principal";
 * the per-route role/scope rule runs in the function. That is why the Allow policy may name the
 * whole stage and be cached (keyed by the Authorization header) across methods.
 *
 * The one exception is an agent's OAuth access token (docs/mcp-authorization.md, "A2A"): it is
 * accepted only when it was issued for this API's A2A endpoint (its resource indicator is
 * `<api-url>/a2a`, the URL the request reached, with the stage), and its policy names
 * `POST /a2a` alone, so the token is refused (403) at every other route, cached or not.
 */
export async function handler(
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']),
  );
  const oauth = isOAuthAccessToken(headers.authorization);
  const audience = oauth
    ? [a2aResource(baseUrlOf(headers, basePathOf(event.requestContext?.path, event.path)))]
    : [];
  const principal = await resolvePrincipal(
    new Stores(),
    headers.authorization || undefined,
    systemClock.now(),
    undefined,
    audience,
  );
  if (!principal) {
    log.info('credential refused', { requestId: event.requestContext?.requestId });
    // API Gateway turns this exact message into a 401 (gateway response UNAUTHORIZED).
    throw new Error('Unauthorized');
  }
  return {
    principalId: `${principal.actor.kind}:${principal.actor.id}`,
    policyDocument: oauth ? a2aOnlyPolicy(event.methodArn) : stagePolicy('Allow', event.methodArn),
    context: toAuthorizerContext(principal),
  };
}
