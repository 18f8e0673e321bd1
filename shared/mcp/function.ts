/**
 * The MCP function's declaration: what the CDK stack deploys behind a Function URL and what the
 * local runtime serves on the REST port. Not a REST group: API Gateway never sees these paths.
 */
export const MCP_FUNCTION = {
  name: 'mcp',
  entry: 'functions/mcp/handler.ts',
  description: 'MCP server (Streamable HTTP and legacy SSE) on a streaming Function URL',
  memoryMb: 512,
  /** An SSE stream lives until 10 s before this; the client then reconnects. */
  timeoutSeconds: 300,
  paths: ['/sse', '/messages', '/mcp'],
} as const;

/**
 * The MCP server's authorization paths (shared/mcp/oauth.ts), served by the same function on the
 * same origin: its protected resource metadata, and the authorization server it is its own.
 */
export const OAUTH_PATHS = [
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource/sse',
  '/.well-known/oauth-authorization-server',
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/register',
  '/oauth/revoke',
] as const;

export const isOAuthPath = (path: string) => (OAUTH_PATHS as readonly string[]).includes(path);

export function isMcpPath(path: string): boolean {
  const p = path.replace(/\/+$/, '');
  return (MCP_FUNCTION.paths as readonly string[]).includes(p) || isOAuthPath(p);
}

/**
 * Behind CloudFront (lib/mcp-edge.ts, shared/mcp/origin.ts): the header carrying the origin
 * secret CloudFront adds, and the headers its viewer-request function sets to the host and the
 * address the client used.
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';
export const VIEWER_HOST_HEADER = 'x-forwarded-host';
export const VIEWER_IP_HEADER = 'x-hms-viewer-ip';

/**
 * The viewer-request CloudFront Function (cloudfront-js-2.0) that names the client's host and
 * address for the origin, always overwriting what the client may have sent under those names.
 */
export const VIEWER_REQUEST_FUNCTION = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_HOST_HEADER}'] = { value: request.headers.host ? request.headers.host.value : '' };
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
