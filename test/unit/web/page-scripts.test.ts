import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  compileRoutes,
  lambdaContext,
  matchRoute,
  proxyEvent,
} from '../../../bin/local/api-gateway';
import { bundleFunction } from '../../../lib/bundling';
import { PAGE_SCRIPTS } from '../../../lib/manifest';
import { buildPageScripts } from '../../../lib/page-scripts';
import { allRoutes, GROUPS } from '../../../shared/api/index';
import {
  PAGE_SCRIPTS_DIR,
  PAGE_SCRIPTS_FUNCTION,
  PAGE_SCRIPTS_PATH,
  type PageScript,
} from '../../../shared/web/assets';
import { SWAGGER_UI_DIR, SWAGGER_UI_FILES, swaggerUiDir } from '../../../shared/web/swagger-ui';
import { builtPageScripts } from '../../support/page-scripts';

const { dir, scripts } = await builtPageScripts();
// After the build: the web function reads the scripts when it loads (the folder is in the env).
const { handler } = await import('../../../functions/web/handler');

const NAMES = Object.keys(PAGE_SCRIPTS) as PageScript[];
/** The page that loads each script. */
const PAGE_PATH: Record<PageScript, string> = {
  'get-started': '/get-started',
  login: '/login',
  admin: '/admin',
  'billing-desk': '/billing-desk',
  diagnostics: '/diagnostics',
  'bed-board': '/bed-board',
  'front-desk': '/front-desk',
  'api-docs': '/api/docs',
  'billing-health': '/billing-health',
  reports: '/manager-reports',
  'oauth-consent': '/oauth/consent',
  'theatre-list': '/theatre',
  'theatre-checklist': '/theatre/checklist',
  roster: '/roster',
  'connected-agents': '/connected-agents',
  'ed-board': '/ed',
  'ed-triage': '/ed/triage',
  'hospital-settings': '/hospital-settings',
  'patient-access-log': '/patient-access-log',
  // The app shell's script: on every page inside the shell, after the page's own.
  shell: '/bed-board',
};
/** The scripts each page loads, in order. */
const LOADS: Record<string, PageScript[]> = {
  '/get-started': ['get-started'],
  '/login': ['login'],
  '/admin': ['admin', 'shell'],
  '/billing-desk': ['billing-desk', 'shell'],
  '/diagnostics': ['diagnostics', 'shell'],
  '/bed-board': ['bed-board', 'shell'],
  '/front-desk': ['front-desk', 'shell'],
  '/billing-health': ['billing-health', 'shell'],
  '/manager-reports': ['reports', 'shell'],
  '/oauth/consent': ['oauth-consent'],
  '/theatre': ['theatre-list', 'shell'],
  '/theatre/checklist': ['theatre-checklist', 'shell'],
  '/roster': ['roster', 'shell'],
  '/connected-agents': ['connected-agents', 'shell'],
  '/ed': ['ed-board', 'shell'],
  '/ed/triage': ['ed-triage', 'shell'],
  '/hospital-settings': ['hospital-settings', 'shell'],
  '/patient-access-log': ['patient-access-log', 'shell'],
};

const compiled = compileRoutes(allRoutes());

/** A GET through the web function, as the local runtime (and API Gateway) would deliver it. */
async function get(path: string, stage = ''): Promise<APIGatewayProxyResult> {
  const { route, params } = matchRoute(compiled, 'GET', path);
  expect(route?.group, `GET ${path} is a web route`).toBe(PAGE_SCRIPTS_FUNCTION);
  const event = proxyEvent(
    {
      method: 'GET',
      path,
      stagePath: stage + path,
      query: new URLSearchParams(),
      headers: {},
      body: '',
      sourceIp: '127.0.0.1',
    },
    route!,
    params,
    'test-request',
    null,
  );
  return (await (handler as unknown as (e: unknown, c: unknown) => Promise<APIGatewayProxyResult>)(
    event,
    lambdaContext('web', 5),
  ))!;
}

const scriptSrcs = (html: string) =>
  [...html.matchAll(/<script src="([^"]+)"[^>]*><\/script>/g)].map((m) => m[1]!);

describe('page scripts', () => {
  it('are built for every declared page, from browser code only', async () => {
    const out = mkdtempSync(join(tmpdir(), 'hms-page-scripts-test-'));
    try {
      const meta = await buildPageScripts(out);
      for (const name of NAMES) {
        const code = readFileSync(join(out, `${name}.js`), 'utf8');
        // The smallest, the API docs' init script, is about 400 bytes.
        expect(code.length, name).toBeGreaterThan(300);
        expect(scripts.src(name)).toMatch(new RegExp(`^/assets/${name}\\.[0-9a-f]{12}\\.js$`));
      }
      // Nothing of the server (or of node_modules) is bundled into a page.
      for (const input of Object.keys(meta.inputs)) expect(input).toMatch(/^shared\/web\/client\//);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('are each loaded by their page, which the CSP allows, and served as immutable JavaScript', async () => {
    for (const name of NAMES) {
      const page = await get(PAGE_PATH[name]!);
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers?.['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      const srcs = scriptSrcs(page.body);
      // The API docs load Swagger UI's bundle (same origin) before their own script.
      expect(srcs).toEqual(
        name === 'api-docs'
          ? ['/api/docs/swagger-ui-bundle.js', scripts.src(name)]
          : (LOADS[PAGE_PATH[name]!] ?? []).map((n) => scripts.src(n)),
      );
      expect(srcs).toContain(scripts.src(name));

      const asset = await get(scripts.src(name));
      expect(asset.statusCode).toBe(200);
      expect(asset.headers?.['content-type']).toBe('text/javascript; charset=utf-8');
      expect(asset.headers?.['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers?.['x-content-type-options']).toBe('nosniff');
      expect(asset.body).toBe(readFileSync(join(dir, `${name}.js`), 'utf8'));
    }
  });

  it('pages without a script allow none', async () => {
    const home = await get('/');
    expect(scriptSrcs(home.body)).toEqual([]);
    expect(String(home.headers?.['content-security-policy'])).toContain("script-src 'none';");
  });

  it('are loaded under the stage prefix on the default execute-api URL', async () => {
    const page = await get('/admin', '/prod');
    expect(scriptSrcs(page.body)).toEqual([
      `/prod${scripts.src('admin')}`,
      `/prod${scripts.src('shell')}`,
    ]);
  });

  it('answer 404 for any other name (an old hash, another file)', async () => {
    const stale = scripts.src('admin').replace(/\.[0-9a-f]{12}\.js$/, '.000000000000.js');
    for (const path of [stale, '/assets/admin.js', '/assets/index.mjs', '/assets/..%2Findex.mjs']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers?.['content-type']).toMatch(/^application\/json/);
    }
  });

  it("are built on AWS by the web function's bundling: same esbuild settings, same bytes", () => {
    expect(PAGE_SCRIPTS_PATH).toBe(
      allRoutes()
        .find((r) => r.kind === 'asset')
        ?.path.replace('/{name}', ''),
    );
    const servedBy = GROUPS.find((g) => g.routes.some((r) => r.kind === 'asset'));
    expect(servedBy?.name).toBe(PAGE_SCRIPTS_FUNCTION);

    const out = mkdtempSync(join(tmpdir(), 'hms-page-scripts-cli-'));
    try {
      // What CDK's local bundling of the web function runs (lib/bundling.ts, functionCode).
      bundleFunction({ entry: 'functions/web/handler.ts', withPageScripts: true }, out);
      for (const name of NAMES) {
        expect(readFileSync(join(out, PAGE_SCRIPTS_DIR, `${name}.js`), 'utf8'), name).toBe(
          readFileSync(join(dir, `${name}.js`), 'utf8'),
        );
      }
      // Swagger UI's files, copied as they are: the web function then serves them from there.
      const installed = swaggerUiDir('/nonexistent');
      for (const file of SWAGGER_UI_FILES) {
        expect(readFileSync(join(out, SWAGGER_UI_DIR, file), 'utf8'), file).toBe(
          readFileSync(join(installed, file), 'utf8'),
        );
      }
      expect(swaggerUiDir(out)).toBe(join(out, SWAGGER_UI_DIR));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
