import { asset, defineGroup, fixed, page } from '../http/route';
import { SCOPES } from '../kernel/scopes';
import { renderApiDocs } from '../web/api-docs';
import { withBasePath } from '../web/base-path';
import { loadPageScripts, type PageScripts, pageScriptsDir } from '../web/page-scripts';
import {
  renderAdmin,
  renderBedBoard,
  renderBillingDesk,
  renderBillingHealth,
  renderDiagnostics,
  renderGetStarted,
  renderHome,
  renderLogin,
  renderOAuthConsent,
  renderReportsPage,
} from '../web/pages';
import {
  SWAGGER_UI_MAX_AGE_SECONDS,
  SWAGGER_UI_PATH,
  swaggerUiDir,
  swaggerUiFiles,
} from '../web/swagger-ui';

// The pages' built scripts: next to this bundle on AWS, in the local runtime's build folder
// locally; read on first use (the CDK app reads these declarations without serving anything).
let scripts: PageScripts | undefined;
function pageScripts(): PageScripts {
  scripts ??= loadPageScripts(pageScriptsDir(import.meta.dirname));
  return scripts;
}

/** Pages are static per deployment: rendered once per container, then given the mount prefix. */
function once(render: () => string): (basePath: string) => string {
  let html: string | undefined;
  return (basePath) => {
    html ??= render();
    return withBasePath(html, basePath);
  };
}

export const webGroup = defineGroup({
  name: 'web',
  entry: 'functions/web/handler.ts',
  description: 'Product pages, their scripts and the health check',
  memoryMb: 256,
  timeoutSeconds: 5,
  permissions: { table: 'none' },
  routes: [
    // Liveness: answered by the web function itself, with no operation, table or credential.
    fixed({
      name: 'health',
      path: '/health',
      tag: 'System',
      summary: 'Liveness check',
      body: () => ({ status: 'ok' }),
    }),
    page({
      name: 'home',
      path: '/',
      tag: 'Pages',
      summary: 'Landing page',
      render: once(renderHome),
    }),
    page({
      name: 'getStarted',
      path: '/get-started',
      tag: 'Pages',
      summary: 'Hospital registration page',
      render: once(() => renderGetStarted({ scriptSrc: pageScripts().src('get-started') })),
    }),
    page({
      name: 'login',
      path: '/login',
      tag: 'Pages',
      summary: 'Sign-in page',
      render: once(() => renderLogin({ scriptSrc: pageScripts().src('login') })),
    }),
    page({
      name: 'admin',
      path: '/admin',
      tag: 'Pages',
      summary: 'Administration dashboard',
      render: once(() => renderAdmin({ scopes: SCOPES, scriptSrc: pageScripts().src('admin') })),
    }),
    page({
      name: 'billingDesk',
      path: '/billing-desk',
      tag: 'Pages',
      summary:
        'Billing desk: the billing dashboard with its chart, bills, an invoice with payment entry',
      render: once(() => renderBillingDesk({ scriptSrc: pageScripts().src('billing') })),
    }),
    page({
      name: 'billingHealth',
      path: '/billing-health',
      tag: 'Pages',
      summary: 'Billing health check: what to fix before month end, with evidence and fixes',
      render: once(() => renderBillingHealth({ scriptSrc: pageScripts().src('billing-health') })),
    }),
    page({
      name: 'diagnostics',
      path: '/diagnostics',
      tag: 'Pages',
      summary:
        'Lab and radiology workbench: worklists, result entry with flags, cumulative results',
      render: once(() => renderDiagnostics({ scriptSrc: pageScripts().src('diagnostics') })),
    }),
    page({
      name: 'bedBoard',
      path: '/bed-board',
      tag: 'Pages',
      summary: 'Bed board: wards, beds, admit, transfer and discharge',
      render: once(() => renderBedBoard({ scriptSrc: pageScripts().src('bed-board') })),
    }),
    page({
      name: 'reports',
      path: '/manager-reports',
      tag: 'Pages',
      summary: "Managers' reports: a chart drawn in the page, the daily table, breakdowns, CSV",
      render: once(() => renderReportsPage({ scriptSrc: pageScripts().src('reports') })),
    }),
    page({
      name: 'oauthConsent',
      path: '/oauth/consent',
      tag: 'Pages',
      summary: 'Consent page of an agent authorization (OAuth): choose what the agent may do',
      render: once(() => renderOAuthConsent({ scriptSrc: pageScripts().src('oauth-consent') })),
    }),
    asset({
      name: 'pageScript',
      path: '/assets/{name}',
      tag: 'Pages',
      summary: 'Page script by content-hashed file name (cached for a year)',
      serve: (fileName) => pageScripts().body(fileName),
    }),
    page({
      name: 'apiDocs',
      path: SWAGGER_UI_PATH,
      tag: 'Pages',
      summary: 'Interactive API reference (Swagger UI over /.well-known/openapi.json)',
      render: once(() => renderApiDocs({ scriptSrc: pageScripts().src('api-docs') })),
    }),
    asset({
      name: 'swaggerUi',
      path: `${SWAGGER_UI_PATH}/{name}`,
      tag: 'Pages',
      summary: "Swagger UI's bundle and stylesheet (swagger-ui-dist), for /api/docs",
      serve: swaggerUiFiles(() => swaggerUiDir(import.meta.dirname)),
      cache: SWAGGER_UI_MAX_AGE_SECONDS,
    }),
  ],
});
