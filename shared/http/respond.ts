import type { APIGatewayProxyResult } from 'aws-lambda';
import { jsonAnswer } from '../edge/http';
import { contentSecurityPolicy } from '../web/csp';

const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** A JSON answer (the edge's, as API Gateway's proxy result). */
export const json: (
  statusCode: number,
  body: unknown,
  headers?: Record<string, string>,
) => APIGatewayProxyResult = jsonAnswer;

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
 * A page script, or a vendored stylesheet (`.css`). Content-hashed file names
 * (`/assets/admin.3f9a0c1b2d4e.js`) never change what they serve, so browsers may keep them for a
 * year without asking again; files with fixed names (Swagger UI's) give a shorter `cache` instead.
 */
export function script(
  statusCode: number,
  body: string,
  opts: { cache?: 'immutable' | number; fileName?: string } = {},
): APIGatewayProxyResult {
  const cache = opts.cache ?? 'immutable';
  return {
    statusCode,
    headers: {
      'content-type': opts.fileName?.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : 'text/javascript; charset=utf-8',
      'cache-control':
        cache === 'immutable' ? 'public, max-age=31536000, immutable' : `public, max-age=${cache}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}
