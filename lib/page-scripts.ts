/**
 * Builds the page scripts declared in shared/web/assets.ts with esbuild, from the one settings
 * object there, in two forms:
 *  - esbuild's JS API (`buildPageScripts`): the local runtime at start-up, tests, `npm run bundles`;
 *  - an esbuild command line (`pageScriptsCommand`) for NodejsFunction's afterBundling hook. CDK
 *    runs hooks with bash on this machine when it bundles locally (no Docker), so the project's
 *    own esbuild builds them offline, straight into the web function's bundle folder.
 */
import { posix } from 'node:path';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { PAGE_SCRIPT_BUILD, PAGE_SCRIPTS, PAGE_SCRIPTS_DIR } from '../shared/web/assets';
import { SWAGGER_UI_DIR, SWAGGER_UI_FILES } from '../shared/web/swagger-ui';
import { PROJECT_ROOT } from './function-specs';

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

/** `{ minify: true, target: 'es2020' }` → `--minify --target=es2020`. */
function cliFlags(options: Readonly<Record<string, string | boolean>>): string[] {
  return Object.entries(options).map(([key, value]) => {
    const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (value === true) return flag;
    if (typeof value === 'string') return `${flag}=${value}`;
    throw new Error(`Page script build option ${key}=${value} has no command-line form here`);
  });
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * The same build as one shell command: the project's esbuild writes the page scripts into
 * `<outputDir>/assets/`. Paths are POSIX: CDK runs the hooks with bash.
 */
export function pageScriptsCommand(inputDir: string, outputDir: string): string {
  return [
    posix.join(inputDir, 'node_modules', '.bin', 'esbuild'),
    ...cliFlags(PAGE_SCRIPT_BUILD),
    `--outdir=${posix.join(outputDir, PAGE_SCRIPTS_DIR)}`,
    '--log-level=warning',
    ...Object.entries(PAGE_SCRIPTS).map(
      ([name, entry]) => `${name}=${posix.join(inputDir, entry)}`,
    ),
  ]
    .map(shellQuote)
    .join(' ');
}

/**
 * Copies Swagger UI's files from the installed swagger-ui-dist into `<outputDir>/swagger-ui/`:
 * the web function serves them as files for /api/docs (shared/web/swagger-ui.ts).
 */
export function swaggerUiCommand(inputDir: string, outputDir: string): string {
  const target = posix.join(outputDir, SWAGGER_UI_DIR);
  return [
    ['mkdir', '-p', target],
    [
      'cp',
      ...SWAGGER_UI_FILES.map((f) => posix.join(inputDir, 'node_modules', 'swagger-ui-dist', f)),
      target,
    ],
  ]
    .map((argv) => argv.map(shellQuote).join(' '))
    .join(' && ');
}

/**
 * NodejsFunction command hooks that add the page scripts and Swagger UI's files to the
 * function's bundle folder.
 */
export function pageScriptsHooks(): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      pageScriptsCommand(inputDir, outputDir),
      swaggerUiCommand(inputDir, outputDir),
    ],
  };
}
