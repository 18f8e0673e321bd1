/**
 * The consent page of MCP authorization in Chromium, driven by the MCP SDK's own client: the SDK
 * is refused (401), registers and sends "the browser" to authorize; the user, not yet signed in,
 * signs in through the real sign-in page, comes back to the consent page, sees the agent's name
 * and the scopes (those the role does not allow disabled), unticks one and allows; the SDK
 * redeems the code and lists only the consented tools. Over Streamable HTTP and SSE, the whole of
 * issue 22's "done when": insufficient_scope for another tool, the SDK refreshing by itself once
 * the access token ran out, "Last used" and Disconnect on the Connected agents page cutting it
 * off. A denial goes back as access_denied.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { LIFETIME_SECONDS } from '../../shared/modules/oauth/lifetimes';
import { client, newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime, watchPage } from '../support/browser';
import {
  MemoryOAuthProvider,
  oauthTransport,
  REDIRECT_URL,
  type Transport,
} from '../support/oauth';

const rt = useBrowserRuntime();

async function newPage(): Promise<Page> {
  const page = await (await rt.browser.newContext()).newPage();
  watchPage(page, rt.problems);
  // The agent's loopback redirect URI: nothing listens there in the test; answer it here.
  await page.route(`${REDIRECT_URL}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the agent' }),
  );
  return page;
}

/** A receptionist with a password (the role allows reception scopes, not lab or billing). */
async function receptionist() {
  const t = await newTenant(rt.url);
  const email = `reception-${Date.now()}@example.test`;
  const created = await client(rt.url, { token: t.token, tenantId: t.tenantId }).post('/users', {
    name: 'Rita Reception',
    email,
    role: 'RECEPTIONIST',
  });
  expect(created.status).toBe(201);
  return { email, password: created.body.credentials.password as string };
}

/** The SDK's first attempt: refused, it registers and names the authorization URL. */
async function startAuthorization(provider: MemoryOAuthProvider, kind: Transport = 'http') {
  const transport = oauthTransport(rt.url, kind, provider);
  await expect(
    new Client({ name: provider.name, version: '1' }).connect(transport),
  ).rejects.toThrow(/Unauthorized/);
  return transport;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await expect.poll(() => page.locator('#consent-signin').isVisible()).toBe(true);
  await page.click('#consent-signin-link');
  await page.waitForURL(/\/login\?next=/);
  await page.fill('#email', who.email);
  await page.fill('#password', who.password);
  await page.click('#login-submit');
  await page.waitForURL(/\/oauth\/consent\?request=/);
}

describe.skipIf(!chromiumAvailable)('the consent page in a real browser', () => {
  it('signs in, shows the agent and the scopes within the role, and grants only what the user keeps', async () => {
    const who = await receptionist();
    const provider = new MemoryOAuthProvider('Claude Desktop (test)');
    const transport = await startAuthorization(provider);
    const page = await newPage();
    const consent = await page.goto(provider.authorizationUrl!.toString());
    // Redirected from the authorization endpoint to the page; it cannot be framed.
    expect(page.url()).toMatch(/\/oauth\/consent\?request=/);
    expect(consent?.headers()['x-frame-options']).toBe('DENY');
    expect(consent?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page, who);

    await expect.poll(() => page.locator('#consent-form').isVisible()).toBe(true);
    await eventually(() => page.locator('#consent-client').textContent()).toBe(
      'Claude Desktop (test)',
    );
    await eventually(() => page.locator('#consent-redirect').textContent()).toBe(
      'http://127.0.0.1:33418',
    );
    // The SDK asked for every scope the resource lists; the role decides which can be chosen.
    await eventually(() => page.locator('input[value="patients:read"]').isChecked()).toBe(true);
    await eventually(() => page.locator('input[value="billing:read"]').isDisabled()).toBe(true);
    await eventually(() => page.locator('input[value="lab:read"]').isDisabled()).toBe(true);
    // Keep only reading patients and doctors.
    const ticked = await page
      .locator('input[name=scope]:checked')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(ticked).toEqual(expect.arrayContaining(['patients:read', 'agents:reception:write']));
    for (const value of ticked)
      if (!['patients:read', 'doctors:read'].includes(value))
        await page.uncheck(`input[value="${value}"]`);
    const back = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URL));
    await page.click('#consent-allow');
    const url = new URL((await back).url());
    expect(url.searchParams.get('iss')).toBe(rt.url);
    expect(url.searchParams.get('state')).toBe('state-123');

    await transport.finishAuth(url.searchParams.get('code')!);
    const mcp = new Client({ name: provider.name, version: '1' });
    await mcp.connect(oauthTransport(rt.url, 'http', provider));
    expect((await mcp.listTools()).tools.map((t) => t.name).sort()).toEqual([
      'get-patient',
      'list-departments',
      'list-doctors',
      'search-patients',
      // Open to every credential: it answers from the docs and the caller's own calls.
      'support-query',
    ]);
    await mcp.close();
    expect(rt.problems).toEqual([]);
  });

  // Issue 22's "done when", end to end on each transport: the SDK's own client, the consent in
  // Chromium, only the consented tools, insufficient_scope, the SDK refreshing by itself, and
  // Disconnect on the Connected agents page cutting it off.
  it.each(['http', 'sse'] as const)(
    'over %s: consents in the browser, lists only the consented tools, is refused another with insufficient_scope, refreshes by itself, and is cut off by Disconnect on the Connected agents page',
    async (kind) => {
      const who = await receptionist();
      const name = `Agent over ${kind} (test)`;
      const provider = new MemoryOAuthProvider(name);
      const transport = await startAuthorization(provider, kind);
      const page = await newPage();
      await page.goto(provider.authorizationUrl!.toString());
      await signIn(page, who);
      await expect.poll(() => page.locator('#consent-form').isVisible()).toBe(true);
      await eventually(() => page.locator('input[value="patients:read"]').isChecked()).toBe(true);
      const ticked = await page
        .locator('input[name=scope]:checked')
        .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
      for (const value of ticked)
        if (!['patients:read', 'doctors:read'].includes(value))
          await page.uncheck(`input[value="${value}"]`);
      const back = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URL));
      await page.click('#consent-allow');
      await transport.finishAuth(new URL((await back).url()).searchParams.get('code')!);
      expect(provider.saved?.scope).toBe('patients:read doctors:read');

      const mcp = new Client({ name, version: '1' });
      await mcp.connect(oauthTransport(rt.url, kind, provider));
      const consented = [
        'get-patient',
        'list-departments',
        'list-doctors',
        'search-patients',
        'support-query',
      ];
      expect((await mcp.listTools()).tools.map((t) => t.name).sort()).toEqual(consented);

      // A tool the role allows but the consent left out: 403 insufficient_scope naming the scope.
      const raw = await fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${provider.saved!.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'register-patient', arguments: {} },
        }),
      });
      expect(raw.status).toBe(403);
      expect(raw.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
      expect(raw.headers.get('www-authenticate')).toContain(
        'scope="patients:read doctors:read agents:reception:write"',
      );
      await expect(mcp.callTool({ name: 'register-patient', arguments: {} })).rejects.toThrow(
        /403|insufficient_scope|Forbidden/,
      );

      // The access token runs out: the SDK's next call is refused (401), it refreshes by itself
      // (a rotated refresh token) and the call goes through.
      const before = provider.saved!;
      shiftClock((LIFETIME_SECONDS.access + 60) * 1000);
      let agent = mcp;
      if (kind === 'sse') {
        // An SSE stream (and its session) lasts at most 290 s, so past the token's 15 minutes
        // the client opens a new one, with the expired token: refused, it refreshes by itself.
        await mcp.close();
        agent = new Client({ name, version: '1' });
        await agent.connect(oauthTransport(rt.url, kind, provider));
      }
      expect((await agent.listTools()).tools.map((t) => t.name).sort()).toEqual(consented);
      expect(provider.saved!.access_token).not.toBe(before.access_token);
      expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);

      // The user disconnects it on the Connected agents page (still signed in in this tab).
      await page.goto(`${rt.url}/connected-agents`);
      const row = page.locator('#grants tbody tr', { hasText: name });
      await eventually(() => row.count()).toBe(1);
      // It has made calls: "Last used" shows a time, not "Never".
      await eventually(() => row.textContent()).toMatch(/\d{1,2}:\d{2}/);
      expect(await row.textContent()).not.toContain('Never');
      page.once('dialog', (d) => d.accept());
      await row.getByRole('button', { name: `Disconnect ${name}` }).click();
      await eventually(() => row.getAttribute('data-status')).toBe('revoked');
      // Cut off: its access token and its refresh token stop, so the SDK cannot get back in
      // without the user.
      const cutOff = await fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${provider.saved!.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(cutOff.status).toBe(401);
      await expect(agent.listTools()).rejects.toThrow();
      await agent.close().catch(() => undefined);
      resetClock();
      expect(rt.problems).toEqual([]);
    },
  );

  it('a denial goes back to the agent as access_denied', async () => {
    const who = await receptionist();
    const provider = new MemoryOAuthProvider('Denied agent');
    await startAuthorization(provider);
    const page = await newPage();
    await page.goto(provider.authorizationUrl!.toString());
    await signIn(page, who);
    await expect.poll(() => page.locator('#consent-form').isVisible()).toBe(true);
    const back = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URL));
    await page.click('#consent-deny');
    const url = new URL((await back).url());
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
    expect(provider.saved).toBeUndefined();
  });
});
