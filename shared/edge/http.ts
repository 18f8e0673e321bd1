/**
 * HTTP as every way in over HTTP answers it before (or instead of) its own protocol: the REST
 * routes, the MCP Function URL (401, 403, 404, 405, 413, 429 before any MCP traffic) and the
 * /a2a endpoint (401, 403, 415 before any JSON-RPC). One status table for the transport-neutral
 * error codes and one body, `{statusCode, message, error}`. The MCP and A2A protocol errors have
 * their own mappers (shared/mcp/errors.ts, shared/a2a/errors.ts).
 */
import type { AppError, ErrorCode } from '../kernel/errors';

export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? 'Error';
}

export function errorBody(statusCode: number, message: string, details?: Record<string, unknown>) {
  return { ...details, statusCode, message, error: statusName(statusCode) };
}

/** The message an internal error is answered with: the request id to quote, never the cause. */
export function internalMessage(requestId: string): string {
  return `Internal server error. Quote request id ${requestId} when reporting it.`;
}

/**
 * Status, body and headers for an AppError. An internal error's own message is never shown: the
 * caller gets the request id to quote instead (the message is logged with it).
 */
export function httpError(err: AppError, requestId: string) {
  const statusCode = STATUS_OF[err.code];
  const message = err.code === 'internal' ? internalMessage(requestId) : err.message;
  const details = err.code === 'internal' ? undefined : err.details;
  const headers: Record<string, string> = err.retryAfterSeconds
    ? { 'retry-after': String(err.retryAfterSeconds) }
    : {};
  if (err.code === 'unauthenticated') headers['www-authenticate'] = 'Bearer';
  return { statusCode, body: errorBody(statusCode, message, details), headers };
}

/** A whole HTTP answer, as API Gateway's proxy result and the Function URL's stream both take it. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function jsonAnswer(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpAnswer {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
    body: statusCode === 204 ? '' : JSON.stringify(body),
  };
}

/** The one place an AppError becomes an HTTP answer with the `{statusCode, message, error}` body. */
export function errorAnswer(err: AppError, requestId: string): HttpAnswer {
  const { statusCode, body, headers } = httpError(err, requestId);
  return jsonAnswer(statusCode, body, headers);
}

/** Any other refusal of the HTTP layer (405, 413, 415): a status and a message. */
export function statusAnswer(
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
): HttpAnswer {
  return jsonAnswer(statusCode, errorBody(statusCode, message), headers);
}
