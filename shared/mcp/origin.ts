/**
 * The MCP function behind CloudFront (lib/mcp-edge.ts, docs/decisions.md "MCP behind CloudFront").
 * CloudFront adds a secret header to every request it forwards (`ORIGIN_SECRET_HEADER`, the value
 * of the stack's origin secret, which the function gets as `MCP_ORIGIN_SECRET`); a request to the
 * Function URL without it went around CloudFront, its WAF and its rate rule, and is refused
 * before anything else. Its viewer-request function also names the host the client used and the
 * client's address (`VIEWER_HOST_HEADER`, `VIEWER_IP_HEADER`): the Function URL sees CloudFront's
 * host and address instead, and the OAuth metadata, token audiences and per-IP limits need the
 * client's. Those headers are believed only on a request that carried the secret. Without
 * `MCP_ORIGIN_SECRET` (locally, in tests) requests are taken as they come.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { lowerHeaders } from '../edge/request';
import { ORIGIN_SECRET_HEADER, VIEWER_HOST_HEADER, VIEWER_IP_HEADER } from './function';
import type { FunctionUrlEvent } from './streaming';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The event as the client sent it to CloudFront (its host and address, the CloudFront headers
 * removed), or null when the function expects CloudFront and the request did not come through it.
 */
export function throughCloudFront(
  event: FunctionUrlEvent,
  secret: string | undefined = process.env.MCP_ORIGIN_SECRET,
): FunctionUrlEvent | null {
  if (!secret) return event;
  const {
    [ORIGIN_SECRET_HEADER]: presented,
    [VIEWER_HOST_HEADER]: viewerHost,
    [VIEWER_IP_HEADER]: viewerIp,
    ...headers
  } = lowerHeaders(event.headers);
  // Digests of equal length, so the comparison takes the same time whatever was presented.
  if (presented === undefined || !timingSafeEqual(digest(presented), digest(secret))) return null;
  const http = event.requestContext?.http ?? {};
  return {
    ...event,
    headers: { ...headers, ...(viewerHost ? { host: viewerHost } : {}) },
    requestContext: {
      ...event.requestContext,
      http: { ...http, ...(viewerIp ? { sourceIp: viewerIp } : {}) },
    },
  };
}
