import { asset, defineGroup, fixed, page } from '../http/route';
import { renderApiDocs } from '../web/api-docs';
import { withBasePath } from '../web/base-path';
import { loadPageScripts, type PageScripts, pageScriptsDir } from '../web/page-scripts';
import { PAGES, renderPage } from '../web/pages';
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

/** A route name from a page name: `bed-board` → `bedBoard`. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

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
    // Every page a module manifest declares (`pages`): its route here, its nav entry in the
    // shell, its script in the build (shared/web/pages.generated.ts, written by npm run docs).
    ...PAGES.map((p) =>
      page({
        name: camel(p.name),
        path: p.path,
        tag: 'Pages',
        summary: p.summary,
        render: once(() => renderPage(p.name, pageScripts())),
      }),
    ),
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
