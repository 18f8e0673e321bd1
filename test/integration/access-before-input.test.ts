/**
 * Access before input (issue 15, item 4), through the local runtime: a caller who may not call an
 * operation gets 403 (or 401) whatever it sent, never a field-level 400 that reveals the input's
 * schema. The role matrices probe every refusal the same way (test/support/role-matrix.ts); these
 * are the cases the issue names, and the MCP and A2A ways in.
 */
import { describe, expect, it } from 'vitest';
import { mcpClient, toolAnswer } from '../support/agents';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

describe('access is decided before input', () => {
  it('a nurse or an API key creating an API key with an empty scope list is refused, not told about scopes', async () => {
    const h = await opdHospital(rt.url);
    const key = await h.key(['patients:read']);
    for (const [who, api] of [
      ['nurse', h.nurse.api],
      ['API key', key.api],
    ] as const) {
      for (const body of [{ name: 'x', scopes: [] }, {}, ['not an object'], { unknown: 1 }]) {
        const res = await api.post('/api-keys', body);
        expectError(res, 403);
        expect(res.body.issues, `${who} ${JSON.stringify(body)}`).toBeUndefined();
      }
    }
    // An administrator gets the field-level answer.
    const admin = await h.admin.post('/api-keys', { name: 'x', scopes: [] });
    expectError(admin, 400, /scopes/);
  });

  it('a request without a credential is 401 whatever its body', async () => {
    const h = await opdHospital(rt.url);
    expectError(await h.anon.post('/patients/register', { name: 1 }), 401);
  });

  it('over MCP, a tool the key may not use is refused before its arguments are checked', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    const answer = toolAnswer(
      await mcp.callTool({ name: 'register-patient', arguments: { name: 42 } }),
    );
    await mcp.close();
    expect(answer.isError).toBe(true);
    expect(answer.body).toMatchObject({ statusCode: 403 });
    expect(answer.body.issues).toBeUndefined();
  });
});
