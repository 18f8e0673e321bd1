import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type McpTransportName = 'sse' | 'http';

/** An MCP SDK client connected to the local runtime with a bearer credential. */
export async function mcpClient(
  baseUrl: string,
  transport: McpTransportName,
  auth: { token: string; tenantId?: string },
): Promise<Client> {
  const headers: Record<string, string> = { Authorization: `Bearer ${auth.token}` };
  if (auth.tenantId) headers['x-tenant-id'] = auth.tenantId;
  const client = new Client({ name: 'hms-test-client', version: '1.0.0' });
  const t =
    transport === 'sse'
      ? new SSEClientTransport(new URL(`${baseUrl}/sse`), {
          requestInit: { headers },
          eventSourceInit: {
            fetch: (url, init) =>
              fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
          },
        })
      : new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
  await client.connect(t);
  return client;
}

/** The JSON a tool answered (its text content), and whether it was an error. */
export function toolAnswer(result: unknown): { isError: boolean; body: any } {
  const r = result as { isError?: boolean; content?: { type: string; text?: string }[] };
  const text = r.content?.find((c) => c.type === 'text')?.text ?? 'null';
  return { isError: r.isError === true, body: JSON.parse(text) };
}

/** A raw Streamable HTTP tools/call, as any HTTP client would send it. */
export function rawToolCall(
  baseUrl: string,
  token: string | undefined,
  name: string,
  args: Record<string, unknown>,
  id: number | string = 1,
): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
}
