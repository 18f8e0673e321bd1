/**
 * The audit record names the MCP client by its own clientInfo (not its HTTP library's
 * User-Agent) and the key by its name: the stateless server hands the name back to the client
 * in the Mcp-Session-Id of its initialize answer, and the SDK's client sends it with every call;
 * over the legacy SSE transport the name is kept on the SSE session.
 */
import { describe, expect, it } from 'vitest';
import type { Context } from '../../shared/kernel/context';
import { Stores } from '../../shared/kernel/store/store';
import { listAudit } from '../../shared/modules/agent-audit/service';
import { mcpClient, rawToolCall } from '../support/agents';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

async function newest(tenantId: string) {
  const ctx = { store: new Stores().forTenant(tenantId) } as unknown as Context;
  return (await listAudit(ctx, { limit: 1 } as never)).items[0];
}

describe('MCP client name in the audit', () => {
  it('records clientInfo name/version and the key name for the SDK client over Streamable HTTP', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read'], 'Directory agent');
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    try {
      const result = await mcp.callTool({ name: 'list-doctors', arguments: {} });
      expect(result.isError).not.toBe(true);
      expect(await newest(h.tenantId)).toMatchObject({
        capability: 'list-doctors',
        agent: 'hms-test-client/1.0.0',
        keyName: 'Directory agent',
      });
    } finally {
      await mcp.close();
    }
  });

  it('records clientInfo name/version for the SDK client over the legacy SSE transport too', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read'], 'SSE agent');
    const mcp = await mcpClient(rt.url, 'sse', { token: key.secret });
    try {
      const result = await mcp.callTool({ name: 'list-doctors', arguments: {} });
      expect(result.isError).not.toBe(true);
      // The call came in a later post than initialize: the name was kept on the SSE session.
      expect(await newest(h.tenantId)).toMatchObject({
        capability: 'list-doctors',
        agent: 'hms-test-client/1.0.0',
        keyName: 'SSE agent',
      });
    } finally {
      await mcp.close();
    }
  });

  it('answers initialize with a session id naming the client; without one a call keeps its User-Agent', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read'], 'Raw agent');
    const init = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key.secret}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'Ward <bot>', version: '2.1' },
        },
      }),
    });
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id');
    expect(session).toMatch(/^hmsc1\.[A-Za-z0-9_-]+\.[0-9a-f]{32}$/);

    const call = (headers: Record<string, string>) =>
      fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${key.secret}`,
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'list-departments', arguments: {} },
        }),
      });
    expect((await call({ 'mcp-session-id': session! })).status).toBe(200);
    // Characters outside names and versions are replaced.
    expect((await newest(h.tenantId))?.agent).toBe('Ward _bot_/2.1');
    expect(
      (await call({ 'mcp-session-id': 'someone-elses-id', 'user-agent': 'curl/8.5' })).status,
    ).toBe(200);
    expect((await newest(h.tenantId))?.agent).toBe('curl/8.5');
    expect((await rawToolCall(rt.url, key.secret, 'list-departments', {})).status).toBe(200);
    expect((await newest(h.tenantId))?.keyName).toBe('Raw agent');
  });
});
