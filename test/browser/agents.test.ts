import { describe, expect, it } from 'vitest';
import { mcpClient } from '../support/agents';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';

const rt = useBrowserRuntime();

describe.skipIf(!chromiumAvailable)('Agents view in a real browser', () => {
  it('shows snippets, tools and scopes, and the audit log of real MCP calls with filters', async () => {
    const t = await newTenant(rt.url);
    const { key } = await t.key(['doctors:read'], 'desktop agent');
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    await mcp.callTool({ name: 'list-departments', arguments: {} });
    await mcp.callTool({ name: 'search-patients', arguments: { q: 'Asha' } }); // refused: no scope
    await mcp.close();

    const page = await rt.signedIn(t.registration.credentials);

    // The API-key form names the MCP tools behind each scope.
    await page.goto(`${rt.url}/admin#/automation/api-keys`);
    await expect
      .poll(() =>
        page
          .locator('input[value="agents:reception:write"] ~ .checkbox__text .scope-tools')
          .textContent(),
      )
      .toBe('MCP tools: register-patient, book-appointment, cancel-appointment, check-in-patient');

    await page.click('#nav-agents');
    await page.waitForSelector('#agents-section:not([hidden])');
    await expect.poll(() => page.textContent('#agents-url-mcp')).toBe(`${rt.url}/mcp`);
    await eventually(() => page.textContent('#agents-url-sse')).toBe(`${rt.url}/sse`);
    await eventually(() => page.textContent('#agents-url-card')).toBe(
      `${rt.url}/.well-known/agent-card.json`,
    );
    const claude = JSON.parse((await page.textContent('#agents-snippet-claude')) ?? '');
    expect(claude.mcpServers.hospital.args).toEqual([
      '-y',
      'mcp-remote',
      `${rt.url}/mcp`,
      '--header',
      'Authorization: Bearer svc_sk_YOUR_KEY',
    ]);
    await page.fill('#agents-key', key.secret);
    const cursor = JSON.parse((await page.textContent('#agents-snippet-cursor')) ?? '');
    expect(cursor.mcpServers.hospital).toEqual({
      url: `${rt.url}/mcp`,
      headers: { Authorization: `Bearer ${key.secret}` },
    });
    await eventually(() => page.textContent('#agents-snippet-inspector-sse')).toBe(
      `npx @modelcontextprotocol/inspector --cli ${rt.url}/sse --method tools/list --header "Authorization: Bearer ${key.secret}"`,
    );

    await expect.poll(() => page.locator('#agents-tools-body tr').count()).toBeGreaterThan(5);
    await eventually(() => page.textContent('#agents-tools-body')).toContain(
      'agents:reception:write',
    );

    // The audit log: both calls, newest first; then only the refused one.
    await expect.poll(() => page.locator('#audit-body tr[data-outcome]').count()).toBe(2);
    expect(
      await page
        .locator('#audit-body tr[data-outcome]')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.outcome)),
    ).toEqual(['refused', 'success']);
    await page.selectOption('#audit-outcome', 'success');
    await page.click('#audit-apply');
    await expect.poll(() => page.locator('#audit-body tr[data-outcome]').count()).toBe(1);
    await eventually(() => page.textContent('#audit-body')).toContain('list-departments');
    await page.selectOption('#audit-outcome', '');
    await page.selectOption('#audit-capability', 'search-patients');
    await page.click('#audit-apply');
    await expect
      .poll(() =>
        page
          .locator('#audit-body tr[data-outcome]')
          .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.outcome)),
      )
      .toEqual(['refused']);
    await eventually(() => page.textContent('#audit-body')).toContain('forbidden');
    expect(rt.problems).toEqual([]);
  }, 90_000);
});
