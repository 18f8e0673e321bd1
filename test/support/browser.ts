import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { PROJECT_ROOT } from '../../lib/function-specs';
import { resetClock } from '../../shared/kernel/clock';
import { clockToNineAm } from './opd';
import { startTestRuntime } from './runtime';

// One setup for every page test in Chromium (test/browser/): where Chromium is, the flags it is
// launched with, what counts as a problem on a page (an uncaught page error or a
// Content-Security-Policy violation, which each test expects to be none), and the file's hooks
// that start and stop it all (useBrowserRuntime, at the end).

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

/** What a page test file needs before its runtime starts (undone after the file). */
let axeSource: string | undefined;

/**
 * axe-core's WCAG 2.2 A/AA violations of what the page shows now, each with the elements it
 * found. Evaluated through the debugger protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(join(PROJECT_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<any> } }).axe;
    const r = await axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] });
    return r.violations.map(
      (v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`,
    );
  });
}

export interface BrowserRuntimeOptions {
  /** The process's clock at 09:00 in this zone before the runtime starts (clockToNineAm). */
  nineAmIn?: string;
  /** Environment variables set before the runtime starts, deleted after the file. */
  env?: Readonly<Record<string, string>>;
}

/** The runtime and the browser of a page test file, read inside tests and hooks. */
export interface BrowserRuntime {
  readonly url: string;
  readonly events: LocalRuntime['events'];
  readonly browser: Browser;
  /**
   * The page errors and CSP violations of the file's pages (every page made here is watched),
   * emptied after each test, which fails if it held any.
   */
  readonly problems: string[];
  /** Watches a page the test made itself (e.g. a second tab of a context) for problems. */
  watch<P extends Page>(page: P): P;
  /** A page in a browser context of its own (1280 × 900 unless `options` say otherwise), watched. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page (see newPage) signed in through the sign-in page as a person would. */
  signedIn(
    credentials: { email: string; password: string },
    options?: BrowserContextOptions,
  ): Promise<Page>;
  /** A new page already signed in as `who` (see pageWithSession), watched. */
  pageAs(who: PageSession, options?: Parameters<typeof pageWithSession>[3]): Promise<Page>;
}

/**
 * The set-up of every page test file, in one place: registers the file's hooks (before all: the
 * clock and environment of `options`, the worker's local runtime, Chromium; after each test: no
 * page error and no CSP violation on any of its pages; after all: Chromium closed, the clock and
 * environment restored) and returns the runtime and browser to read inside tests. Without
 * Chromium it starts nothing: the file's `describe.skipIf(!chromiumAvailable)` skips its tests.
 * Call it once, at the top level of the file.
 */
export function useBrowserRuntime(options: BrowserRuntimeOptions = {}): BrowserRuntime {
  let rt: LocalRuntime | undefined;
  let browser: Browser | undefined;
  const problems: string[] = [];
  const env = Object.entries(options.env ?? {});

  beforeAll(async () => {
    if (!chromiumAvailable) return;
    if (options.nineAmIn) clockToNineAm(options.nineAmIn);
    for (const [name, value] of env) process.env[name] = value;
    rt = await startTestRuntime();
    browser = await launchChromium();
  }, 60_000);

  afterEach(() => {
    // Emptied before the check, so a test's problems fail that test and not every one after it.
    const seen = problems.splice(0);
    expect(seen, 'page errors and CSP violations during the test').toEqual([]);
  });

  afterAll(async () => {
    if (options.nineAmIn) resetClock();
    for (const [name] of env) delete process.env[name];
    await browser?.close();
    await rt?.close();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`useBrowserRuntime: read ${what} inside a test or hook`);
    return value;
  };
  const runtime = () => started(rt, 'the runtime');
  const chromiumOf = () => started(browser, 'the browser');
  const newPage = async (contextOptions: BrowserContextOptions = {}) => {
    const context = await chromiumOf().newContext({
      viewport: { width: 1280, height: 900 },
      ...contextOptions,
    });
    return watchPage(await context.newPage(), problems);
  };
  return {
    get url() {
      return runtime().url;
    },
    get events() {
      return runtime().events;
    },
    get browser() {
      return chromiumOf();
    },
    problems,
    watch: (page) => watchPage(page, problems),
    newPage,
    async signedIn(credentials, contextOptions) {
      const page = await newPage(contextOptions);
      await signIn(page, runtime().url, credentials.email, credentials.password);
      return page;
    },
    pageAs: (who, sessionOptions) => pageWithSession(chromiumOf(), who, problems, sessionOptions),
  };
}
