/**
 * Builds the pages' scripts, which the module manifests declare (`pageScripts`, derived in
 * lib/manifest.ts), with esbuild, from the one settings object in shared/web/assets.ts:
 *  - into the web function's bundle folder, under PAGE_SCRIPTS_DIR, with Swagger UI's files beside
 *    them (lib/bundling.ts: bundleFunction), when CDK bundles it;
 *  - at start-up by the local runtime (bin/local/page-scripts.ts), for tests, and by
 *    `npm run bundles`, with the same options.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, build, buildSync, type Metafile } from 'esbuild';
import { PAGE_SCRIPT_BUILD, PAGE_SCRIPTS_DIR } from '../shared/web/assets';
import { SWAGGER_UI_DIR, SWAGGER_UI_FILES } from '../shared/web/swagger-ui';
import { PROJECT_ROOT } from './function-specs';
import { PAGE_SCRIPTS } from './manifest';

export function pageScriptsBuildOptions(outdir: string): BuildOptions {
  return {
    ...PAGE_SCRIPT_BUILD,
    entryPoints: { ...PAGE_SCRIPTS },
    outdir,
    absWorkingDir: PROJECT_ROOT,
    logLevel: 'warning',
  };
}

/** Writes `<name>.js` for every page script into outdir; the metafile tells what went in. */
export async function buildPageScripts(outdir: string): Promise<Metafile> {
  const result = await build({ ...pageScriptsBuildOptions(outdir), metafile: true });
  return result.metafile;
}

/** The same build into `<bundleDir>/assets/`, synchronously (CDK's local bundling). */
export function buildPageScriptsSync(bundleDir: string): void {
  buildSync(pageScriptsBuildOptions(join(bundleDir, PAGE_SCRIPTS_DIR)));
}

/**
 * Copies Swagger UI's files from the installed swagger-ui-dist into `<bundleDir>/swagger-ui/`:
 * the web function serves them as files for /api/docs (shared/web/swagger-ui.ts).
 */
export function copySwaggerUi(bundleDir: string): void {
  const target = join(bundleDir, SWAGGER_UI_DIR);
  mkdirSync(target, { recursive: true });
  for (const file of SWAGGER_UI_FILES)
    cpSync(join(PROJECT_ROOT, 'node_modules', 'swagger-ui-dist', file), join(target, file));
}
