/**
 * The pages' scripts. Each is a TypeScript module under shared/web/client/ that esbuild bundles
 * into one classic script per page; the module manifests declare them (`pageScripts`: asset name →
 * entry point), and lib/manifest.ts derives the list. What builds or serves them:
 *  - on AWS, the web function's bundling writes them into its bundle folder, under
 *    PAGE_SCRIPTS_DIR (lib/bundling.ts, lib/page-scripts.ts);
 *  - locally, the runtime builds them at start-up and names the folder in PAGE_SCRIPTS_DIR_ENV
 *    (bin/local/page-scripts.ts);
 *  - the web function serves the files it finds there as same-origin files,
 *    `GET /assets/<name>.<hash>.js`, so the pages' CSP is `script-src 'self'`
 *    (shared/web/page-scripts.ts, shared/web/csp.ts).
 * Data only: the web function's bundle imports this file, so it must not import esbuild.
 */

/** A page script's asset name (a module manifest's `pageScripts` key). */
export type PageScript = string;

/**
 * esbuild settings for every page script, as esbuild option names (the JS API takes them as they
 * are; lib/page-scripts.ts turns them into `--flag=value` for the CLI). An IIFE is a classic
 * script: no module loading at run time, nothing leaks into the page's globals. ES2020 is the
 * browser baseline (every evergreen browser since 2020).
 */
export const PAGE_SCRIPT_BUILD = {
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'es2020',
  minify: true,
} as const;

/** The folder next to the web function's index.mjs that holds `<name>.js` for each page script. */
export const PAGE_SCRIPTS_DIR = 'assets';

/** Names another folder holding the built `<name>.js` files (the local runtime's build). */
export const PAGE_SCRIPTS_DIR_ENV = 'HMS_PAGE_SCRIPTS_DIR';

/** The function that serves the page scripts (the group of `GET /assets/{name}`). */
export const PAGE_SCRIPTS_FUNCTION = 'web';

/** The URL path the web function serves them under (the route `GET /assets/{name}`). */
export const PAGE_SCRIPTS_PATH = '/assets';
