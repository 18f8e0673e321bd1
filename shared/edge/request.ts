/**
 * What every way in over HTTP reads from a request, written once: headers by lower-case name, the
 * body as text, the JSON-only rule, and the base URL the client reached the service under (for
 * links in discovery documents and agent cards).
 */

export type HeaderMap = Record<string, string | undefined>;

/** The headers with lower-case names (API Gateway and Function URLs keep the client's spelling). */
export function lowerHeaders(
  headers: Readonly<Record<string, string | undefined>> | null | undefined,
): HeaderMap {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** The body as text, decoded when the platform sent it base64-encoded. */
export function bodyText(body: string | null | undefined, isBase64Encoded = false): string {
  if (!body) return '';
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A body with another content type is refused (415): see docs/decisions.md, "JSON only". */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_TYPE.test(contentType.trim());
}

/** The message of that refusal, the same on every way in. */
export function jsonOnlyMessage(contentType: string | undefined): string {
  return `Send the body as JSON with Content-Type: application/json (got ${contentType ?? 'none'})`;
}

const SAFE_PREFIX = /^(\/[A-Za-z0-9_-]+)*$/;

/**
 * The mount prefix: API Gateway's `requestContext.path` is the request path with the stage in
 * front (`/prod/login` for the resource `/login`); '' when there is none or it looks odd.
 */
export function basePathOf(requestPath: string | undefined, resourcePath: string): string {
  if (!requestPath?.endsWith(resourcePath)) return '';
  const prefix = requestPath.slice(0, requestPath.length - resourcePath.length).replace(/\/$/, '');
  return SAFE_PREFIX.test(prefix) ? prefix : '';
}

const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/**
 * Where the client reached the service: API Gateway sends X-Forwarded-Proto; the local runtime
 * serves plain HTTP on loopback.
 */
export function baseUrlOf(headers: HeaderMap, basePath = ''): string {
  const host = headers.host || 'localhost';
  const proto = headers['x-forwarded-proto'] || (LOOPBACK.test(host) ? 'http' : 'https');
  return `${proto}://${host}${basePath}`;
}
