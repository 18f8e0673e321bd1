import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { claimsHospital } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The billing health check panel (/billing-health) in Chromium: an accountant signs in, the page
// runs the check and lists the finding with its evidence; a remittance allocated in full (through
// the API) and "Run the check" again leaves nothing to fix. No CSP violation on the way.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI === 'true')
  throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium)`);

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let browser: Browser;
const cspViolations: string[] = [];

beforeAll(async () => {
  if (!available) return;
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
}, 60_000);

afterAll(async () => {
  resetClock();
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      cspViolations.push(msg.text());
  });
  return page;
}

afterEach(() => {
  expect(cspViolations).toEqual([]);
});

describe.skipIf(!available)('the billing health check panel in a real browser', () => {
  it('an accountant sees the unallocated remittance with its id, then nothing once it is allocated', async () => {
    const h = await claimsHospital(rt.url, TZ);
    const { claim } = await h.approvedClaim(['LFT']); // approved ₹90
    const remittance = await h.remittance(9000);
    const email = `acct-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const accountant = await h.admin.post('/users', {
      name: 'Anu Accountant',
      email,
      role: 'ACCOUNTANT',
    });

    const page = await newPage();
    await page.goto(`${rt.url}/login`);
    await page.fill('#email', email);
    await page.fill('#password', accountant.body.credentials.password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin/);

    await page.goto(`${rt.url}/billing-health`);
    const row = page.locator('#health-findings tr[data-kind="unallocated-payments"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(remittance.id);
    expect(await row.textContent()).toContain('90.00');
    expect(await page.locator('#health-findings tbody tr').count()).toBe(1);

    const allocated = await h.desk.api.post(`/claims/remittances/${remittance.id}/allocations`, {
      claimId: claim.id,
      amount: 9000,
    });
    expect(allocated.status).toBe(201);
    await page.click('#health-run');
    await page.waitForFunction(() =>
      document.querySelector('#health-summary')?.textContent?.startsWith('Nothing to fix'),
    );
    expect(await page.locator('#health-findings tbody tr').count()).toBe(0);
  }, 60_000);
});
