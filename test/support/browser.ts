import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

// One setup for every page test in Chromium (test/browser/): where Chromium is, the flags it is
// launched with, and what counts as a problem on a page (an uncaught page error or a
// Content-Security-Policy violation, which each test expects to be none).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
// On CI a missing Chromium fails the run instead of skipping every page test.
if (!chromiumAvailable && process.env.CI === 'true')
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium); .ci/run does this`,
  );

/** Headless without a sandbox (containers) and without background traffic that races the tests. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Records the page's uncaught errors and CSP violations in `problems`, which the test checks. */
export function watchPage<P extends Page>(page: P, problems: string[]): P {
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      problems.push(msg.text());
  });
  return page;
}

/** Who a page is signed in as: the parts of the session the sign-in page stores. */
export interface PageSession {
  token: string;
  tenantId: string;
  user: { id: string; name: string; role?: string };
}

/**
 * A new page already signed in as `who`: the session the sign-in page would store is put in
 * sessionStorage before any script runs (kept if the page signs in again), expiring in
 * `minutes`. Watched for problems like every page.
 */
export async function pageWithSession(
  browser: Browser,
  who: PageSession,
  problems: string[],
  { width = 1366, height = 1000, minutes = 60 } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const session = {
    accessToken: who.token,
    tenantId: who.tenantId,
    user: who.user,
    expiresAt: Date.now() + minutes * 60_000,
  };
  await context.addInitScript((s) => {
    if (!sessionStorage.getItem('hms.session'))
      sessionStorage.setItem('hms.session', JSON.stringify(s));
  }, session);
  return watchPage(await context.newPage(), problems);
}

/** Signs `page` in through the sign-in page, as a person would, and waits for the workspace. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('#login-submit');
  await page.waitForURL(/\/admin/);
}

/**
 * The id of the element with the focus, polled until it matches: a page moves the focus after
 * its own requests finish, so reading it once right after a click races the page.
 * Use as `await focusOf(page).toBe('pay-status')`.
 */
export function focusOf(page: Page) {
  return eventually(() => page.evaluate(() => document.activeElement?.id ?? ''));
}

/**
 * What a page shows, read until the matcher holds or 15 s pass: pages render after their own
 * requests, so a single read right after a click or a wait for something else races the page.
 * Use as `await eventually(() => page.textContent('#status')).toContain('Saved')`.
 */
export function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000, interval: 50 });
}
