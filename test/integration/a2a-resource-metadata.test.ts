/**
 * Issue 22: the A2A endpoint's protected resource metadata (RFC 9728), as the MCP server has its
 * own: public, naming `/a2a` as the resource tokens are bound to and the service's authorization
 * server, whose metadata answers there; the agent card's OAuth scheme names its URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { grantableScopes } from '../../shared/modules/oauth/scopes';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(() => rt?.close());

describe('GET /.well-known/oauth-protected-resource/a2a', () => {
  it('names /a2a as the resource and the authorization server, whose metadata answers', async () => {
    const res = await fetch(`${rt.url}/.well-known/oauth-protected-resource/a2a`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toEqual({
      resource: `${rt.url}/a2a`,
      authorization_servers: [rt.url],
      scopes_supported: grantableScopes(),
      bearer_methods_supported: ['header'],
      resource_name: 'Hospital Management Service (A2A)',
    });
    expect(doc.scopes_supported).toContain('patients:read');
    const as = await fetch(
      `${doc.authorization_servers[0]}/.well-known/oauth-authorization-server`,
    );
    expect(as.status).toBe(200);
    expect((await as.json()).issuer).toBe(rt.url);
    // The MCP server's own metadata is another resource.
    const mcp = await (await fetch(`${rt.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(mcp.resource).not.toBe(doc.resource);
  });

  it("is named by the agent card's OAuth scheme", async () => {
    const card = await (await fetch(`${rt.url}/.well-known/agent-card.json`)).json();
    expect(card.securitySchemes.oauth.description).toContain(
      `Protected resource metadata (RFC 9728): ${rt.url}/.well-known/oauth-protected-resource/a2a`,
    );
  });
});
