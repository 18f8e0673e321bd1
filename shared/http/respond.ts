import type { APIGatewayProxyResult } from 'aws-lambda';
import { contentSecurityPolicy } from '../web/csp';
import { HttpError } from './errors';

const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...BASE_HEADERS, ...headers },
    body: statusCode === 204 ? '' : JSON.stringify(body),
  };
}

/** Pages carry a strict CSP that allows exactly their own inline blocks (by hash) and nothing external. */
export function html(statusCode: number, body: string): APIGatewayProxyResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...BASE_HEADERS,
      'content-security-policy': contentSecurityPolicy(body),
      'x-frame-options': 'DENY',
    },
    body,
  };
}

/**
 * A page script. Only for content-hashed file names (`/assets/admin.3f9a0c1b2d4e.js`): what a name
 * serves never changes, so browsers may keep it for a year without asking again.
 */
export function script(statusCode: number, body: string): APIGatewayProxyResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}

const STATUS_NAMES: Record<number, string> = {
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
};

export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? 'Error';
}

export function errorBody(statusCode: number, message: string, details?: Record<string, unknown>) {
  return { ...details, statusCode, message, error: statusName(statusCode) };
}

/** AWS capacity errors that survived the SDK's own retries: the caller should retry, not report a bug. */
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/** The one place that turns errors into `{statusCode, message, error}`. */
export function errorResponse(err: unknown, requestId: string): APIGatewayProxyResult {
  if (err instanceof HttpError) {
    return json(err.statusCode, {
      ...err.details,
      statusCode: err.statusCode,
      message: err.message,
      error: err.error,
    });
  }
  if (THROTTLING.has((err as { name?: string })?.name ?? '')) {
    return json(429, errorBody(429, 'The service is busy right now; retry in a few seconds'), {
      'retry-after': '2',
    });
  }
  return json(
    500,
    errorBody(500, `Internal server error. Quote request id ${requestId} when reporting it.`),
  );
}
