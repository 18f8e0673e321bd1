/**
 * Swagger UI for `/api/docs`, from the `swagger-ui-dist` package: its bundle and stylesheet are
 * served as files by the web function (never inlined into a function bundle), and the page's own
 * same-origin init script (shared/web/client/api-docs.ts) starts it, so the page keeps the strict
 * CSP (no inline script, no CDN, nothing from another origin).
 *  - on AWS the web function's afterBundling hook copies the files into its bundle folder, under
 *    SWAGGER_UI_DIR (lib/page-scripts.ts);
 *  - locally they are read from node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The files the page loads, as swagger-ui-dist names them. */
export const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

/** The folder next to the web function's index.mjs that holds them. */
export const SWAGGER_UI_DIR = 'swagger-ui';

/** Their URL path (the route `GET /api/docs/{name}`); the page itself is `/api/docs`. */
export const SWAGGER_UI_PATH = '/api/docs';

/** Their names do not carry their content's hash: browsers keep them a day, not a year. */
export const SWAGGER_UI_MAX_AGE_SECONDS = 86_400;

/** Where the files are: next to the bundle (AWS), else the installed package (local runtime, tests). */
export function swaggerUiDir(bundleDir: string): string {
  const bundled = join(bundleDir, SWAGGER_UI_DIR);
  if (existsSync(bundled)) return bundled;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** A reader of the declared files (read once each per container); undefined for any other name. */
export function swaggerUiFiles(dir: () => string): (fileName: string) => string | undefined {
  const cache = new Map<string, string>();
  return (fileName) => {
    if (!(SWAGGER_UI_FILES as readonly string[]).includes(fileName)) return undefined;
    let body = cache.get(fileName);
    if (body === undefined) {
      body = readFileSync(join(dir(), fileName), 'utf8');
      cache.set(fileName, body);
    }
    return body;
  };
}
