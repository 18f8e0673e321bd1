/**
 * How a REST request forms an operation's input, and how an `invalid` error about that input is
 * phrased back in REST terms ("Invalid body: name: is required", "Invalid query: limit: …",
 * "Invalid path: id: …"), so the caller learns where the bad field was.
 */
import { type AppError, Invalid } from '../kernel/errors';
import { describeIssues, type Issue } from '../kernel/validation';
import { type OperationRoute, pathParams } from './route';

export type Source = 'body' | 'query' | 'path' | 'header';

/** A request malformed as REST sees it (not JSON, not an object, a field twice): already phrased. */
export class MalformedRequest extends Invalid {}

/** A JSON body that does not parse is a 400, not a 500. Empty means none. */
export function parseJsonBody(raw: string | null | undefined, isBase64Encoded = false): unknown {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const text = isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedRequest('Request body is not valid JSON');
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The operation's input: path parameters, plus the query (GET, DELETE) or the body as the route
 * binds it. A body field that a path parameter already sets is refused, rather than one silently
 * winning. Built with Object.fromEntries, which makes own properties only, so `__proto__` or
 * `constructor` in a request are plain (unknown) fields, never a prototype.
 */
export function formInput(
  route: OperationRoute,
  parts: {
    params: Record<string, string>;
    query: Record<string, string>;
    body: unknown;
    /** Lower-case header names. */
    headers?: Record<string, string | undefined>;
  },
): Record<string, unknown> {
  // Headers the route binds count as path-like inputs: set by the request, never by the body.
  const fromHeaders = Object.entries(route.headers).flatMap(([name, field]) => {
    const value = parts.headers?.[name];
    return value === undefined ? [] : [[field, value] as const];
  });
  const params = Object.fromEntries([...fromHeaders, ...Object.entries(parts.params)]);
  if (route.body === null)
    return Object.fromEntries([...Object.entries(parts.query), ...Object.entries(params)]);
  if (route.body === 'fields') {
    // No body is an empty object; a JSON `null` is a body, and not an object.
    const body = parts.body === undefined ? {} : parts.body;
    if (!isPlainObject(body)) {
      throw new MalformedRequest('Invalid body: body: must be a JSON object', {
        issues: [{ field: 'body', message: 'must be a JSON object' }],
      });
    }
    const clash = Object.keys(body).find(
      (k) => Object.hasOwn(params, k) || Object.values(route.headers).includes(k),
    );
    if (clash) {
      const header = Object.entries(route.headers).find(([, f]) => f === clash)?.[0];
      const message = header
        ? `is set by the ${header} header; leave it out of the body`
        : `is set by the path (${route.path}); leave it out of the body`;
      throw new MalformedRequest(`Invalid body: ${clash}: ${message}`, {
        issues: [{ field: clash, message }],
      });
    }
    return Object.fromEntries([...Object.entries(body), ...Object.entries(params)]);
  }
  return Object.fromEntries([[route.body.field, parts.body], ...Object.entries(params)]);
}

/** Where a top-level input field came from, and its name there. */
function locate(route: OperationRoute, field: string): { source: Source; field: string } {
  const [top = '', ...rest] = field === '' ? [] : field.split('.');
  if (top && pathParams(route.path).includes(top)) return { source: 'path', field };
  const header = Object.entries(route.headers).find(([, f]) => f === top)?.[0];
  if (header) return { source: 'header', field: header };
  if (route.body === null) return { source: 'query', field };
  if (route.body === 'fields') return { source: 'body', field };
  // The whole body sits under one input field: its issues are the body's.
  if (top === route.body.field) return { source: 'body', field: rest.join('.') };
  return { source: 'body', field };
}

const ORDER: readonly Source[] = ['body', 'query', 'header', 'path'];

/**
 * An `invalid` error with field issues, rephrased for REST: the issues of the first bad part of
 * the request (body, then query, then path, as a client fixes them), each named as the client
 * sent it. Errors without issues pass through unchanged.
 */
export function restInvalid(route: OperationRoute, err: AppError): AppError {
  const issues = err.details?.issues as Issue[] | undefined;
  if (err.code !== 'invalid' || !Array.isArray(issues) || issues.length === 0) return err;
  const located = issues.map((i) => ({ ...locate(route, i.field), message: i.message }));
  const source = ORDER.find((s) => located.some((i) => i.source === s)) ?? 'body';
  const mine = located
    .filter((i) => i.source === source)
    .map((i) => ({ field: i.field || source, message: i.message }));
  return new Invalid(
    `Invalid ${source}: ${describeIssues(mine, source)}`,
    { ...err.details, issues: mine },
    { cause: err },
  );
}
