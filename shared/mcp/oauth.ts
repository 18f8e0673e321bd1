/**
 * The MCP server's side of MCP authorization (spec revision 2025-11-25), served by the MCP function
 * on its own origin, which is both the protected resource and its authorization server:
 * - RFC 9728 protected resource metadata at `/.well-known/oauth-protected-resource` and its
 *   path-specific forms for `/mcp` and `/sse`; the 401 and 403 challenges that point to it;
 * - RFC 8414 authorization server metadata and its endpoints: `/oauth/authorize` (checks the
 *   request, then sends the browser to the consent page of the web app, where the user signs in
 *   and chooses), `/oauth/token`, `/oauth/register` (RFC 7591), `/oauth/revoke` (RFC 7009).
 * The flows themselves (codes, grants, rotation, replay detection) are the oauth module's.
 * Why the MCP origin is the issuer: a Function URL has no path prefix, so RFC 8414's well-known
 * URL is where every client looks first, and no API Gateway route has to carry form posts.
 */
import { a2aResource } from '../edge/authenticate';
import { bearerChallenge, unauthorizedChallenge } from '../edge/challenge';
import { type HttpAnswer, jsonAnswer } from '../edge/http';
import { baseUrlOf, type HeaderMap } from '../edge/request';
import type { Stores } from '../kernel/store/store';
import {
  GRANT_TYPES,
  grantableScopes,
  OAuthError,
  registerClient,
  revokeToken,
  type ServerIdentity,
  spendRate,
  startAuthorization,
  tokenRequest,
} from '../modules/oauth';

export { isOAuthPath } from './function';

/**
 * Where this server is reached: `MCP_PUBLIC_URL` when set (behind a custom domain), otherwise the
 * request's own origin (the Function URL). One origin is the MCP resource and its issuer.
 */
export function mcpBaseUrl(headers: HeaderMap): string {
  return (process.env.MCP_PUBLIC_URL || baseUrlOf(headers)).replace(/\/+$/, '');
}

/** The API's URL: the web app's (`HMS_WEB_URL` on AWS), else this origin (locally one origin). */
const apiBaseUrl = (headers: HeaderMap) =>
  (process.env.HMS_WEB_URL || mcpBaseUrl(headers)).replace(/\/+$/, '');

/**
 * The resource indicators tokens may be issued for: this MCP server (the default, when a client
 * names none) and the API's A2A endpoint (`<api-url>/a2a`). A token is bound to one of them: the
 * MCP function accepts only the first, the API's authorizer only the second.
 */
export function serverIdentity(headers: HeaderMap): ServerIdentity {
  const base = mcpBaseUrl(headers);
  return { issuer: base, resources: [base, a2aResource(apiBaseUrl(headers))] };
}

/** The path-specific metadata URL of an MCP endpoint (RFC 9728 §3.1). */
export function resourceMetadataUrl(headers: HeaderMap, mcpPath: string): string {
  const suffix = mcpPath === '/sse' || mcpPath === '/messages' ? '/sse' : '/mcp';
  return `${mcpBaseUrl(headers)}/.well-known/oauth-protected-resource${suffix}`;
}

/**
 * The 401 of the MCP endpoints: the challenge always points to the resource metadata (so an
 * OAuth-capable client can authorize), and when a credential was sent the message and
 * `error="invalid_token"` say what was wrong with it (shared/edge/challenge.ts, shared with /a2a).
 */
export function unauthorizedAnswer(headers: HeaderMap, mcpPath: string): HttpAnswer {
  return unauthorizedChallenge(headers.authorization, resourceMetadataUrl(headers, mcpPath));
}

/** RFC 6750 §3.1: the token is fine but lacks a scope; `scope` names what to ask for. */
export function insufficientScopeAnswer(
  headers: HeaderMap,
  mcpPath: string,
  needed: readonly string[],
  tool: string,
): HttpAnswer {
  const description = `The access token lacks the scope ${needed.join(' ')} that ${tool} requires`;
  return jsonAnswer(
    403,
    { statusCode: 403, error: 'Forbidden', message: description },
    {
      'www-authenticate': bearerChallenge({
        error: 'insufficient_scope',
        scope: needed.join(' '),
        resource_metadata: resourceMetadataUrl(headers, mcpPath),
        error_description: description,
      }),
    },
  );
}

// Browser-based clients (MCP Inspector) read the metadata and call the token endpoint from
// another origin; these answers carry no cookies and no secrets of the browser's user.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': 'www-authenticate',
};

const oauthError = (err: OAuthError): HttpAnswer =>
  jsonAnswer(err.status, err.body(), {
    ...CORS,
    ...(err.status === 429 ? { 'retry-after': '60' } : {}),
  });

function protectedResourceMetadata(headers: HeaderMap) {
  const base = mcpBaseUrl(headers);
  return {
    resource: base,
    authorization_servers: [base],
    scopes_supported: grantableScopes(),
    bearer_methods_supported: ['header'],
    resource_name: 'Hospital Management Service (MCP)',
  };
}

function authorizationServerMetadata(headers: HeaderMap) {
  const base = mcpBaseUrl(headers);
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: grantableScopes(),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: GRANT_TYPES,
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
  };
}

/** A page for a refusal that must not go back to the client (unknown client, foreign redirect). */
function refusalPage(status: number, message: string): HttpAnswer {
  const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization refused</title></head><body><main><h1>This authorization request cannot be completed</h1><p>${html(message)}</p></main></body></html>`,
  };
}

const redirect = (location: string): HttpAnswer => ({
  statusCode: 302,
  headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  body: '',
});

function formOf(headers: HeaderMap, body: string): URLSearchParams {
  if (!/^application\/x-www-form-urlencoded\b/i.test(headers['content-type'] ?? ''))
    throw new OAuthError(
      'invalid_request',
      'Send the parameters as application/x-www-form-urlencoded',
    );
  return new URLSearchParams(body);
}

/** Where the consent page is: the web app (`HMS_WEB_URL` on AWS), else this origin (locally). */
const consentPage = (headers: HeaderMap, requestId: string) =>
  `${apiBaseUrl(headers)}/oauth/consent?request=${encodeURIComponent(requestId)}`;

export interface OAuthRequest {
  method: string;
  path: string;
  query: string;
  headers: HeaderMap;
  body: string;
  sourceIp: string;
  stores: Stores;
  now: Date;
}

/** Answers one request to an OAuth path (OAUTH_PATHS). */
export async function serveOAuth(req: OAuthRequest): Promise<HttpAnswer> {
  const { method, path, headers, stores, now } = req;
  if (method === 'OPTIONS') return { statusCode: 204, headers: CORS, body: '' };
  try {
    if (path.startsWith('/.well-known/')) {
      if (method !== 'GET') return methodNotAllowed('GET');
      const doc = path.startsWith('/.well-known/oauth-protected-resource')
        ? protectedResourceMetadata(headers)
        : authorizationServerMetadata(headers);
      return jsonAnswer(200, doc, { ...CORS, 'cache-control': 'public, max-age=300' });
    }
    if (path === '/oauth/authorize') {
      if (method !== 'GET') return methodNotAllowed('GET');
      const outcome = await startAuthorization(
        stores,
        new URLSearchParams(req.query),
        serverIdentity(headers),
        now,
      );
      return redirect(
        outcome.kind === 'consent' ? consentPage(headers, outcome.requestId) : outcome.location,
      );
    }
    if (method !== 'POST') return methodNotAllowed('POST');
    if (path === '/oauth/register') {
      await spendRate(stores, 'register-ip', req.sourceIp, now);
      let body: unknown;
      try {
        body = JSON.parse(req.body);
      } catch {
        throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
      }
      return jsonAnswer(201, await registerClient(stores, body, now), CORS);
    }
    const form = formOf(headers, req.body);
    await spendRate(stores, 'token-ip', req.sourceIp, now);
    const clientId = form.get('client_id');
    if (clientId) await spendRate(stores, 'token-client', clientId, now);
    if (path === '/oauth/token')
      return jsonAnswer(200, await tokenRequest(stores, form, now), {
        ...CORS,
        pragma: 'no-cache',
      });
    await revokeToken(stores, form, now);
    return { statusCode: 200, headers: { ...CORS, 'cache-control': 'no-store' }, body: '' };
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    if (path === '/oauth/authorize') return refusalPage(400, err.description);
    return oauthError(err);
  }
}

function methodNotAllowed(allow: string): HttpAnswer {
  return jsonAnswer(
    405,
    { error: 'invalid_request', error_description: `Use ${allow}` },
    { allow, ...CORS },
  );
}
