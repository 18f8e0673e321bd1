import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, useBrowserRuntime } from '../support/browser';

// /api/docs in a real browser: Swagger UI renders the generated document under the page's strict
// CSP (no inline script, nothing from another origin), and "Try it out" with either credential
// from "Authorize" reaches the API.

const rt = useBrowserRuntime();

interface Watched {
  page: Page;
  /** The page errors and CSP violations of the test's pages (the file's list, see useBrowserRuntime). */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
}

async function openDocs(): Promise<Watched> {
  const page = await rt.newPage();
  const watched: Watched = { page, problems: rt.problems, requests: [] };
  page.on('request', (req) => watched.requests.push(req.url()));
  await page.goto(`${rt.url}/api/docs`);
  // Swagger UI renders the whole document before the first tag shows: on a loaded 2-core machine
  // that took over 20 s, so the ceiling is generous (the test still fails if it never renders).
  await page.locator('.opblock-tag').first().waitFor({ timeout: 60_000 });
  return watched;
}

/** Fills one security scheme in the "Authorize" dialog. */
async function authorize(page: Page, values: Record<string, string>) {
  await page.click('button.btn.authorize');
  for (const [scheme, value] of Object.entries(values)) {
    // Each scheme's box is headed by its name and type, e.g. "apiKey (http, Bearer)".
    const box = page.locator('.auth-container', {
      has: page.locator('h4', { hasText: new RegExp(`^\\s*${scheme}\\s*\\(`) }),
    });
    await box.locator('input').fill(value);
    await box.locator('button.authorize').click();
  }
  await page.click('button.btn-done');
}

/** Opens (or folds) a tag's section by clicking its heading. */
async function toggleTag(page: Page, tag: string) {
  await page.locator(`.opblock-tag[data-tag="${tag}"]`).click();
}

/** Expands GET /tenants/current, runs it, and answers the status Swagger UI shows. */
async function tryTenantsCurrent(page: Page): Promise<string> {
  await toggleTag(page, 'Tenants');
  const block = page.locator('.opblock-get', { hasText: '/tenants/current' }).first();
  await block.locator('.opblock-summary').click();
  await block.locator('button.try-out__btn').click();
  await block.locator('button.execute').click();
  const status = block.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor({ timeout: 10_000 });
  return (await status.textContent())?.trim() ?? '';
}

describe.skipIf(!chromiumAvailable)('/api/docs in a real browser', () => {
  it('renders every operation of the document from same-origin files, with no CSP violation', async () => {
    const { page, problems, requests } = await openDocs();
    const doc = await (await fetch(`${rt.url}/.well-known/openapi.json`)).json();
    // Operations per tag, as the document lists them.
    const listed = new Map<string, number>();
    for (const item of Object.values<Record<string, { tags: string[] }>>(doc.paths))
      for (const op of Object.values(item))
        for (const tag of op.tags) listed.set(tag, (listed.get(tag) ?? 0) + 1);
    // Tags start folded: each one, opened on its own, shows every operation it lists.
    const tags = await page
      .locator('.opblock-tag')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-tag') ?? ''));
    expect(tags.sort()).toEqual([...listed.keys()].sort());
    const shown = new Map<string, number>();
    for (const tag of tags) {
      await toggleTag(page, tag);
      await page.locator('.opblock').first().waitFor();
      shown.set(tag, await page.locator('.opblock').count());
      await toggleTag(page, tag);
      await page.locator('.opblock').first().waitFor({ state: 'detached' });
    }
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(listed));
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(rt.url) && !u.startsWith('data:'))).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('"Try it out" without credentials gets 401, with a user token and x-tenant-id or with an API key 200', async () => {
    const t = await newTenant(rt.url);
    const key = await t.admin.post('/api-keys', { name: 'Docs key', scopes: ['patients:read'] });
    expect(key.status).toBe(201);

    let w = await openDocs();
    expect(await tryTenantsCurrent(w.page)).toBe('401');
    await w.page.context().close();

    w = await openDocs();
    await authorize(w.page, { bearerJwt: t.token, tenantId: t.tenantId });
    expect(await tryTenantsCurrent(w.page)).toBe('200');
    await w.page.context().close();

    w = await openDocs();
    await authorize(w.page, { apiKey: key.body.secret });
    expect(await tryTenantsCurrent(w.page)).toBe('200');
    expect(w.problems).toEqual([]);
    await w.page.context().close();
  }, 240_000);
});
