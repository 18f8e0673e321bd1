import type { PolicyDocument } from 'aws-lambda';

/**
 * How long API Gateway keeps an authorizer answer for one Authorization header value and reuses it
 * for every method and path of the stage (lib/api.ts configures it; the local runtime emulates it).
 */
export const AUTHORIZER_CACHE_TTL_SECONDS = 60;

/** The path of the A2A endpoint on the API; its URL is the resource indicator of A2A tokens. */
export const A2A_PATH = '/a2a';

/**
 * Whether a method answers a missing or refused credential itself: `POST /a2a` alone, an OAuth
 * protected resource whose 401 must carry `WWW-Authenticate: Bearer resource_metadata="…"` (RFC
 * 9728), which API Gateway's own 401 (a static gateway response, one per API) cannot say for one
 * path only. On AWS the method has an authorizer of its own without identity source or cache
 * (lib/api.ts), so API Gateway calls it even when no Authorization header is sent, and the
 * authorizer lets such a request through to this method only, with no principal and flagged
 * (shared/auth/principal.ts `unauthenticatedContext`); the A2A function answers the challenge.
 * `path` is the resource path with its leading slash (`/a2a`).
 */
export function answersOwnChallenge(method: string, path: string): boolean {
  return method === 'POST' && path === A2A_PATH;
}

/**
 * The part of a method ARN that names the stage, and the rest.
 *
 * API Gateway hands the authorizer `arn:aws:execute-api:<region>:<account>:<apiId>/<stage>/<METHOD>/<path…>`.
 * The colons separate the ARN fields; the slashes only start inside the last one (the resource),
 * and the path may itself hold slashes (and, in principle, colons), so the ARN is cut at the fifth
 * colon and the resource at its first two slashes.
 */
export function parseMethodArn(methodArn: string): {
  prefix: string;
  apiId: string;
  stage: string;
  method: string;
  path: string;
} {
  const fields = methodArn.split(':');
  if (fields.length < 6 || fields[0] !== 'arn' || fields[2] !== 'execute-api')
    throw new Error(`Not an execute-api method ARN: ${methodArn}`);
  const prefix = fields.slice(0, 5).join(':');
  const [apiId, stage, method, ...path] = fields.slice(5).join(':').split('/');
  if (!apiId || !stage || !method)
    throw new Error(`Method ARN without api id, stage and method: ${methodArn}`);
  return { prefix, apiId, stage, method, path: path.join('/') };
}

/** Every method and path of the stage the request arrived on: `<prefix>:<apiId>/<stage>/*`. */
export function stageWildcard(methodArn: string): string {
  const { prefix, apiId, stage } = parseMethodArn(methodArn);
  return `${prefix}:${apiId}/${stage}/*`;
}

/**
 * The authorizer's policy. It names the whole stage, not the method ARN of this request, because
 * API Gateway caches the answer per Authorization header and reuses it for every method and path
 * of the stage: a policy naming only `GET /users` would make a `POST /users` with the same token
 * answer 403 until the cache entry expires. Roles and scopes are checked in each function.
 */
export function stagePolicy(effect: 'Allow' | 'Deny', methodArn: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      { Action: 'execute-api:Invoke', Effect: effect, Resource: stageWildcard(methodArn) },
    ],
  };
}

/**
 * The policy for an agent's OAuth access token: `POST /a2a` of this stage and nothing else. API
 * Gateway caches the answer per Authorization header like any other, so the same token sent to
 * any other route is refused by the cached policy too (403): a token issued for A2A is useless at
 * the REST API (issue 22), whatever route it is tried on first.
 */
export function a2aOnlyPolicy(methodArn: string): PolicyDocument {
  const { prefix, apiId, stage } = parseMethodArn(methodArn);
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Action: 'execute-api:Invoke',
        Effect: 'Allow',
        Resource: `${prefix}:${apiId}/${stage}/POST${A2A_PATH}`,
      },
    ],
  };
}
