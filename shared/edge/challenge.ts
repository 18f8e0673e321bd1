/**
 * The 401 of the agent endpoints that are OAuth protected resources (MCP's `/mcp` and `/sse`, and
 * `/a2a`): `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728 §5.1), so an OAuth-capable
 * client finds where to authorize, and, when a credential was sent, `error="invalid_token"` with
 * a message naming what was wrong with it (RFC 6750 §3.1), so a developer with a bad key is not
 * sent hunting for an OAuth problem. Both functions answer it themselves: the MCP Function URL has
 * no authorizer, and the authorizer lets a request to `/a2a` that it refuses through to the A2A
 * function for this answer (functions/authorizer/handler.ts).
 */
import { bearerToken } from './authenticate';
import { type HttpAnswer, jsonAnswer } from './http';

/** A `WWW-Authenticate` value: auth-params quoted, quotes and backslashes escaped (RFC 7235). */
export function bearerChallenge(params: Record<string, string | undefined>): string {
  const pairs = Object.entries(params).flatMap(([k, v]) =>
    v === undefined ? [] : [`${k}="${v.replace(/["\\]/g, '\\$&')}"`],
  );
  return pairs.length ? `Bearer ${pairs.join(', ')}` : 'Bearer';
}

/** What is wrong with a sent credential that did not verify (none sent: undefined). */
export function credentialProblem(authorization: string | undefined): string | undefined {
  const token = bearerToken(authorization);
  if (!token) return undefined;
  if (token.startsWith('svc_sk_')) return 'The API key is unknown or revoked';
  if (token.startsWith('hms_at_'))
    return 'The access token is expired or revoked, or was issued for another resource';
  return 'The token is invalid or expired';
}

export const AUTHENTICATION_REQUIRED =
  'Authentication required: send Authorization: Bearer <API key, JWT or OAuth access token>; OAuth clients find the authorization server in resource_metadata';

/** The 401 for a request whose credential is missing or did not verify at this resource. */
export function unauthorizedChallenge(
  authorization: string | undefined,
  resourceMetadataUrl: string,
  headers: Record<string, string> = {},
): HttpAnswer {
  const problem = credentialProblem(authorization);
  return jsonAnswer(
    401,
    { statusCode: 401, error: 'Unauthorized', message: problem ?? AUTHENTICATION_REQUIRED },
    {
      ...headers,
      'www-authenticate': bearerChallenge({
        resource_metadata: resourceMetadataUrl,
        ...(problem ? { error: 'invalid_token', error_description: problem } : {}),
      }),
    },
  );
}
