import '../../shared/kernel/stack-traces';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import {
  a2aOnlyPolicy,
  answersOwnChallenge,
  parseMethodArn,
  stagePolicy,
} from '../../shared/auth/policy';
import { toAuthorizerContext, unauthenticatedContext } from '../../shared/auth/principal';
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
 * The exceptions are both about `POST /a2a`:
 * - an agent's OAuth access token (docs/mcp-authorization.md, "A2A") is accepted only when it was
 *   issued for this API's A2A endpoint (its resource indicator is `<api-url>/a2a`, the URL the
 *   request reached, with the stage), and its policy names `POST /a2a` alone, so the token is
 *   refused (403) at every other route, cached or not;
 * - a request to `POST /a2a` with no credential, or one that does not verify, is let through to
 *   the A2A function alone (its policy names `POST /a2a`), with no principal and flagged
 *   (`unauthenticated`), so that function answers the 401 with the OAuth challenge that API
 *   Gateway cannot give for one path. That method has an authorizer of its own without cache
 *   (lib/api.ts), so this answer is never reused for another request. Anywhere else a refused
 *   credential is API Gateway's 401, as before.
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
    const reason = headers.authorization ? 'refused' : 'missing';
    const { method, path } = parseMethodArn(event.methodArn);
    if (answersOwnChallenge(method, `/${path}`)) {
      log.info('no verified credential: through to the function for its challenge', {
        requestId: event.requestContext?.requestId,
        reason,
      });
      return {
        principalId: 'unauthenticated',
        policyDocument: a2aOnlyPolicy(event.methodArn),
        context: unauthenticatedContext(reason),
      };
    }
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
