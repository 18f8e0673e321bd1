/**
 * The REST mapping of the transport-neutral errors, in one place: `{statusCode, message, error}`
 * bodies (with the error's details merged in), and the statuses API Gateway and the local runtime
 * also use for their own answers.
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

/**
 * Status, body and headers for an AppError. An internal error's own message is never shown: the
 * caller gets the request id to quote instead (the message is logged with it).
 */
export function httpError(err: AppError, requestId: string) {
  const statusCode = STATUS_OF[err.code];
  const message =
    err.code === 'internal'
      ? `Internal server error. Quote request id ${requestId} when reporting it.`
      : err.message;
  const details = err.code === 'internal' ? undefined : err.details;
  const headers: Record<string, string> = err.retryAfterSeconds
    ? { 'retry-after': String(err.retryAfterSeconds) }
    : {};
  return { statusCode, body: errorBody(statusCode, message, details), headers };
}
