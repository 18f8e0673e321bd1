import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { stagePolicy } from '../../shared/auth/policy';
import { toAuthorizerContext } from '../../shared/auth/principal';
import { resolvePrincipal } from '../../shared/edge/authenticate';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';

const log = rootLogger.child({ function: 'authorizer' });

/**
 * REQUEST authorizer. It only answers "this credential is valid, for this tenant and principal";
 * the per-route role/scope rule runs in the function. That is why the Allow policy may name the
 * whole stage and be cached (keyed by the Authorization header) across methods.
 */
export async function handler(
  event: APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const principal = await resolvePrincipal(
    new Stores(),
    headers.authorization ?? undefined,
    systemClock.now(),
  );
  if (!principal) {
    log.info('credential refused', { requestId: event.requestContext?.requestId });
    // API Gateway turns this exact message into a 401 (gateway response UNAUTHORIZED).
    throw new Error('Unauthorized');
  }
  return {
    principalId: `${principal.actor.kind}:${principal.actor.id}`,
    policyDocument: stagePolicy('Allow', event.methodArn),
    context: toAuthorizerContext(principal),
  };
}
