/**
 * MCP on the REST API's URL (issue 21 item 7): a client pointed at `<ApiUrl>/mcp` (or /sse,
 * /messages) gets a JSON 404 naming the MCP server's URL instead of API Gateway's bare 403; the
 * local runtime, like AWS, serves MCP at its own root and never under the REST stage prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { mcpClient } from '../support/agents';
import { newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let staged: LocalRuntime;
beforeAll(async () => {
  staged = await startTestRuntime({ stage: 'prod' });
}, 60_000);
afterAll(async () => {
  await staged?.close();
});

describe('MCP pointers on the REST API', () => {
  it.each([
    ['POST', '/mcp'],
    ['GET', '/mcp'],
    ['GET', '/sse'],
    ['POST', '/messages'],
  ])(
    '%s <ApiUrl>%s answers 404 with the MCP URL, with or without a credential',
    async (method, path) => {
      const origin = new URL(staged.url).origin;
      expect(staged.url).toBe(`${origin}/prod`);
      for (const headers of [{}, { authorization: 'Bearer svc_sk_whatever' }] as Record<
        string,
        string
      >[]) {
        const res = await fetch(`${staged.url}${path}`, {
          method,
          headers: {
            ...headers,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { body: '{"jsonrpc":"2.0","id":1,"method":"initialize"}' } : {}),
        });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `MCP is not served by the REST API. Connect your MCP client to ${origin}/mcp (Streamable HTTP) or ${origin}/sse (legacy SSE): the stack output McpUrl followed by mcp or sse.`,
          mcp: { streamableHttp: `${origin}/mcp`, sse: `${origin}/sse` },
        });
      }
    },
  );

  it('serves MCP itself at the root of a staged runtime, where the pointer sends clients', async () => {
    const t = await newTenant(staged.url);
    const key = await t.admin.post('/api-keys', { name: 'doctors', scopes: ['doctors:read'] });
    expect(key.status).toBe(201);
    const mcp = await mcpClient(new URL(staged.url).origin, 'http', { token: key.body.secret });
    try {
      expect((await mcp.listTools()).tools.map((t) => t.name)).toContain('list-doctors');
    } finally {
      await mcp.close();
    }
  });
});
