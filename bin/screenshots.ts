/**
 * `npm run screenshots [-- --size small|default] [--seed s] [--out docs/screenshots]`: starts the
 * local runtime on free ports with a demo hospital (the `npm start -- --demo` machinery, shared/demo),
 * signs in as its administrator, opens every page (bin/screenshots/targets.ts) in Chromium at
 * desktop (1366 px) and phone (375 px) width and writes one JPEG of each under docs/screenshots/.
 * A script for the docs, not a test: the browser tests check the pages.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { PAGES } from '../shared/web/pages';
import { demoOptionsFromArgs } from './local/demo';
import { launchDynamoLocal } from './local/dynamo-local';
import { listen, startLocalRuntime } from './local/server';
import { screenshotTargets, VIEWPORTS } from './screenshots/targets';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'warn';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** JPEG quality: the whole folder stays a few megabytes in the repository. */
const QUALITY = 60;

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const options = demoOptionsFromArgs(['--demo', '--size', 'small', ...process.argv.slice(2)])!;
  const out = resolve(flag('--out') ?? 'docs/screenshots');
  const server = await listen(0);
  const dynamo = await launchDynamoLocal({ readyTimeoutSeconds: 120 });
  await dynamo.ready;
  const runtime = await startLocalRuntime({
    server,
    port: 0,
    dynamoEndpoint: dynamo.endpoint,
    schedule: false,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const { createDemoHospital } = await import('../shared/demo/hospital');
    console.log(`Generating the demo hospital (seed ${options.seed}, size ${options.size})…`);
    const hospital = await createDemoHospital(options);
    await runtime.events.bus.idle();
    const login = await fetch(`${runtime.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(hospital.admin),
    });
    if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status}`);
    const answer = (await login.json()) as {
      accessToken: string;
      tenantId: string;
      user: unknown;
    };
    const session = {
      accessToken: answer.accessToken,
      tenantId: answer.tenantId,
      user: answer.user,
      expiresAt: Date.now() + 3600_000,
    };
    mkdirSync(out, { recursive: true });
    for (const f of readdirSync(out)) if (/\.(jpe?g|png)$/.test(f)) rmSync(join(out, f));
    const targets = screenshotTargets(PAGES);
    for (const viewport of VIEWPORTS) {
      for (const signedIn of [false, true]) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
        });
        if (signedIn)
          await context.addInitScript((s) => {
            sessionStorage.setItem('hms.session', JSON.stringify(s));
          }, session);
        const page = await context.newPage();
        for (const t of targets.filter((x) => x.signedIn === signedIn)) {
          await page.goto(`${runtime.url}${t.path}`);
          await page.waitForLoadState('networkidle');
          const file = join(out, `${t.name}-${viewport.label}.jpg`);
          await page.screenshot({ path: file, type: 'jpeg', quality: QUALITY });
          console.log(`  ${file.replace(`${process.cwd()}/`, '')}`);
        }
        await context.close();
      }
    }
    const bytes = readdirSync(out)
      .filter((f) => f.endsWith('.jpg'))
      .reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
    console.log(
      `${targets.length * VIEWPORTS.length} screenshots, ${(bytes / 1024 / 1024).toFixed(2)} MB in ${out}`,
    );
  } finally {
    await browser.close();
    await runtime.close();
    await dynamo.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
