import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, signIn, useBrowserRuntime } from '../support/browser';
import { consentOverHttp, REDIRECT_URL, tokenPost } from '../support/oauth';

// The connected-agents page (/connected-agents) in Chromium: an administrator sees the agent a
// receptionist connected with OAuth (client, who consented, scopes, last used, until when its
// tokens work) and the hospital's API keys; "Disconnect" revokes the grant, and the agent's token
// is refused at its very next MCP request; "Revoke" stops a key. The receptionist sees only their
// own agent and no keys. No CSP violation on the way.

const rt = useBrowserRuntime({ env: { OAUTH_REGISTER_PER_MINUTE: '1000' } });

/** A page that accepts the confirmation dialogs of Disconnect and Revoke. */
async function newPage(): Promise<Page> {
  const page = await rt.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

/** An agent connected by this user through the real flow; its access token for MCP. */
async function connectAgent(user: { token: string; tenantId: string }, name: string) {
  const reg = await fetch(`${rt.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT_URL] }),
  });
  const clientId = ((await reg.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${rt.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: rt.url,
    scope: 'patients:read appointments:read',
  }))
    url.searchParams.set(k, v);
  const back = await consentOverHttp(rt.url, url, user, { decision: 'allow' });
  const res = await tokenPost(rt.url, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code: back.searchParams.get('code')!,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URL,
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const mcpStatus = async (token: string) =>
  (
    await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
  ).status;

describe.skipIf(!chromiumAvailable)('the connected-agents page in a real browser', () => {
  it('an administrator sees who connected which agent with what, and disconnects it: its token stops at the next request', async () => {
    const h = await newTenant(rt.url);
    const receptionist = await h.staff('RECEPTIONIST');
    const token = await connectAgent(
      { token: receptionist.token, tenantId: h.tenantId },
      'Scheduling Copilot',
    );
    const key = await h.key(['patients:read'], 'Lab bridge');
    expect(await mcpStatus(token)).toBe(200);

    const page = await newPage();
    await signIn(
      page,
      rt.url,
      h.registration.credentials.email,
      h.registration.credentials.password,
    );
    await page.goto(`${rt.url}/connected-agents`);
    const row = page.locator('#grants tbody tr[data-status="active"]');
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Scheduling Copilot');
    expect(text).toContain('RECEPTIONIST User');
    expect(text).toContain('patients:read');
    expect(text).toContain('appointments:read');
    expect(text).toMatch(/Active until/);
    const keyRow = page.locator(`#keys tbody tr[data-key="${key.key.id}"]`);
    await keyRow.waitFor();
    await eventually(() => keyRow.textContent()).toContain('Lab bridge');
    await eventually(() => keyRow.textContent()).toContain('Never');

    await page.click('button[aria-label="Disconnect Scheduling Copilot"]');
    const revoked = page.locator('#grants tbody tr[data-status="revoked"]');
    await revoked.waitFor();
    await eventually(() => revoked.textContent()).toMatch(/Disconnected .*\(by an administrator\)/);
    await eventually(() => page.textContent('#app-status')).toContain(
      'Scheduling Copilot is disconnected',
    );
    expect(await mcpStatus(token)).toBe(401);

    await page.click('button[aria-label="Revoke Lab bridge"]');
    await page.locator(`#keys tbody tr[data-key="${key.key.id}"][data-status="revoked"]`).waitFor();
    expect((await key.api.get('/patients')).status).toBe(401);
    await page.context().close();
  });

  it('a receptionist sees only the agents they connected, and no API keys', async () => {
    const h = await newTenant(rt.url);
    const mine = await h.staff('RECEPTIONIST');
    const theirs = await h.staff('RECEPTIONIST');
    await connectAgent({ token: mine.token, tenantId: h.tenantId }, 'My Agent');
    await connectAgent({ token: theirs.token, tenantId: h.tenantId }, 'Their Agent');

    const page = await newPage();
    // Sign in with the receptionist's stored session (their password is not kept by the support).
    await page.goto(`${rt.url}/login`);
    await page.evaluate(
      ([session]) => sessionStorage.setItem('hms.session', session as string),
      [
        JSON.stringify({
          accessToken: mine.token,
          tenantId: h.tenantId,
          user: { id: mine.user.id, name: mine.user.name, role: 'RECEPTIONIST' },
          expiresAt: Date.now() + 3_600_000,
        }),
      ],
    );
    await page.goto(`${rt.url}/connected-agents`);
    const row = page.locator('#grants tbody tr[data-status="active"]');
    await row.waitFor();
    await eventually(() => page.locator('#grants tbody tr').count()).toBe(1);
    await eventually(() => row.textContent()).toContain('My Agent');
    await eventually(() => row.textContent()).toContain('You');
    await eventually(() => page.isVisible('#keys-card')).toBe(false);
    await page.context().close();
  });
});
