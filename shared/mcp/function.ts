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

export function isMcpPath(path: string): boolean {
  return (MCP_FUNCTION.paths as readonly string[]).includes(path.replace(/\/+$/, ''));
}
