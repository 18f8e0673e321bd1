/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the registration
 * the MCP authorization specification 2025-11-25 prefers): a client whose `client_id` is an https
 * URL is not registered here; its JSON document at that URL says its name and redirect URIs. The
 * service fetches it from inside its own network, so every fetch goes through the server-side
 * request forgery guard the webhooks use (kernel/public-address.ts) (a public address only, checked at connection time, no
 * redirects followed), within a size and a time limit, and a valid document is cached.
 *
 * Policy (docs/mcp-authorization.md, "Client ID Metadata Documents"):
 * - the URL is `https`, has a path, no fragment, no credentials, no `.`/`..` segments, at most
 *   500 characters, and is compared with the document's `client_id` as a plain string;
 * - its host resolves to public addresses only; a deployment may allow only some hosts
 *   (`OAUTH_CLIENT_METADATA_HOSTS`: exact names or `*.suffix`, comma-separated; unset: any);
 * - `npm start` and the tests may name an `http` loopback URL (`HMS_OAUTH_ALLOW_LOOPBACK_HTTP=1`,
 *   ignored inside AWS Lambda, as the webhooks' opt-in is), so a document can be served locally;
 * - the document is at most 5 KB, answered `200` within 5 s; it is a public client (no secret,
 *   `token_endpoint_auth_method` absent or `none`); its redirect URIs follow the registration rules;
 * - cached for its `Cache-Control: max-age`, clamped to 5 min – 24 h (1 h without one).
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  bareHost,
  checkedLookup,
  nonPublicReason,
  type Resolver,
} from '../../kernel/public-address';
import * as z from '../../kernel/zod';
import { OAuthError } from './errors';
import { redirectUriProblem } from './redirects';

export const CLIENT_METADATA_LIMITS = {
  urlLength: 500,
  bytes: 5 * 1024,
  timeoutMs: 5000,
  minCacheSeconds: 300,
  maxCacheSeconds: 86_400,
  defaultCacheSeconds: 3600,
  redirectUris: 10,
} as const;

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** Whether a client_id names a metadata document (an absolute http(s) URL) rather than a registration. */
export const isClientIdUrl = (clientId: string) => /^https?:\/\//i.test(clientId);

/** Plain http to loopback, allowed only when the local runtime opted in (never on Lambda). */
function localLoopbackAllowed(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    LOOPBACK_HOSTS.includes(url.hostname) &&
    process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP === '1' &&
    !process.env.AWS_LAMBDA_FUNCTION_NAME
  );
}

/** Whether a deployment's host allow-list (OAUTH_CLIENT_METADATA_HOSTS) admits this host. */
function hostAllowed(host: string): boolean {
  const list = (process.env.OAUTH_CLIENT_METADATA_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!list.length) return true;
  return list.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
  );
}

/** What is wrong with a client_id URL as written (no DNS), or undefined when it may be fetched. */
export function clientIdUrlProblem(raw: string): string | undefined {
  if (raw.length > CLIENT_METADATA_LIMITS.urlLength)
    return `is longer than ${CLIENT_METADATA_LIMITS.urlLength} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (raw.includes('#')) return 'must not have a fragment';
  const path = raw.replace(/^[a-z]+:\/\/[^/?#]*/i, '').split('?')[0] ?? '';
  if (path.split('/').some((s) => s === '.' || s === '..'))
    return 'must not have . or .. path segments';
  if (url.pathname === '/' || !path) return 'must have a path (not just /)';
  if (localLoopbackAllowed(url)) return undefined;
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = bareHost(url.hostname);
  if (isIP(host)) {
    const reason = nonPublicReason(host);
    if (reason) return `must be on a public address, and ${host} is not (${reason})`;
  }
  if (!hostAllowed(url.hostname.toLowerCase()))
    return `names the host ${url.hostname}, which this deployment does not accept clients from`;
  return undefined;
}

/** `Cache-Control: max-age`, clamped to the limits (the default without one). */
export function cacheSecondsOf(cacheControl: string | undefined): number {
  const { minCacheSeconds, maxCacheSeconds, defaultCacheSeconds } = CLIENT_METADATA_LIMITS;
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl ?? '');
  if (!match) return defaultCacheSeconds;
  return Math.min(maxCacheSeconds, Math.max(minCacheSeconds, Number(match[1])));
}

/**
 * GETs the document: one connection to a checked public address (no second resolution), no
 * redirect followed, at most `bytes` read, answered within `timeoutMs`. Throws an OAuthError
 * (`invalid_client`) that names what went wrong.
 */
export function fetchDocument(
  raw: string,
  resolve?: Resolver,
  timeoutMs: number = CLIENT_METADATA_LIMITS.timeoutMs,
): Promise<{ body: string; cacheSeconds: number }> {
  const url = new URL(raw);
  const local = localLoopbackAllowed(url);
  const { bytes } = CLIENT_METADATA_LIMITS;
  const refuse = (why: string) =>
    new OAuthError('invalid_client', `The client metadata document at ${raw} ${why}`);
  // Checked here as well as by the caller: an IP literal never goes through `lookup`.
  const problem = clientIdUrlProblem(raw);
  if (problem) return Promise.reject(refuse(`cannot be fetched: its URL ${problem}`));
  const get = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = get(
      url,
      {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        ...(local ? {} : { lookup: checkedLookup(resolve), autoSelectFamily: false }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          return fail(
            refuse(
              status >= 300 && status < 400
                ? `answered ${status} (redirects are not followed)`
                : `answered ${status}`,
            ),
          );
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > bytes) {
            req.destroy();
            fail(refuse(`is larger than ${bytes} bytes`));
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          done({
            body: Buffer.concat(chunks).toString('utf8'),
            cacheSeconds: cacheSecondsOf(res.headers['cache-control']),
          }),
        );
        res.on('error', () => fail(refuse('could not be read')));
      },
    );
    req.on('error', (err: Error) => {
      if (err.name === 'AbortError' || err.name === 'TimeoutError')
        fail(refuse(`did not answer within ${timeoutMs / 1000} s`));
      else if (err.name === 'NonPublicAddress')
        fail(refuse(`is not on a public address: ${err.message}`));
      else fail(refuse(`could not be fetched: ${err.message}`));
    });
    req.end();
  });
}

const Document = z.object({
  client_id: z.string(),
  client_name: z.optional(z.string().check(z.maxLength(200))),
  client_uri: z.optional(z.string().check(z.maxLength(2000))),
  redirect_uris: z
    .array(z.string().check(z.maxLength(2000)))
    .check(z.minLength(1), z.maxLength(CLIENT_METADATA_LIMITS.redirectUris)),
  grant_types: z.optional(z.array(z.string())),
  response_types: z.optional(z.array(z.string())),
  token_endpoint_auth_method: z.optional(z.string()),
  scope: z.optional(z.string().check(z.maxLength(2000))),
});

/** The client a fetched document describes, once every rule of the draft holds. */
export function parseDocument(raw: string, body: string) {
  const refuse = (why: string) =>
    new OAuthError('invalid_client', `The client metadata document at ${raw} ${why}`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw refuse('is not JSON');
  }
  if (
    json &&
    typeof json === 'object' &&
    ('client_secret' in json || 'client_secret_expires_at' in json)
  )
    throw refuse('holds a client secret: a metadata document describes a public client');
  const parsed = Document.safeParse(json);
  if (!parsed.success) throw refuse(`is invalid: ${z.prettifyError(parsed.error).slice(0, 300)}`);
  const doc = parsed.data;
  if (doc.client_id !== raw) throw refuse('names another client_id than its own URL');
  if (doc.token_endpoint_auth_method && doc.token_endpoint_auth_method !== 'none')
    throw refuse('asks for a token endpoint auth method other than none (public clients only)');
  if (doc.grant_types?.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    throw refuse('asks for grant types other than authorization_code and refresh_token');
  if (doc.response_types?.some((r) => r !== 'code'))
    throw refuse('asks for a response type other than code');
  for (const uri of doc.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw refuse(`lists a redirect URI that cannot be used: ${problem}`);
  }
  return {
    clientId: raw,
    clientName: (doc.client_name ?? '').trim() || new URL(raw).host,
    redirectUris: doc.redirect_uris,
    ...(doc.client_uri ? { clientUri: doc.client_uri } : {}),
    ...(doc.scope ? { scope: doc.scope } : {}),
  };
}
