import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { pageScriptsHooks } from './page-scripts';

/**
 * How every function is bundled, declared once. `lib/functions.ts` hands it to NodejsFunction
 * (which runs the local esbuild, no Docker) and `bin/bundles.ts` hands the same options to
 * esbuild's JS API to measure the bundles, so the numbers it prints are the deployed ones.
 */

/** ESM output has no `require`; some CommonJS dependencies still call it (e.g. for `crypto`). */
export const ESM_REQUIRE_SHIM =
  "import { createRequire } from 'module';const require = createRequire(import.meta.url);";

export const BUNDLE = {
  format: 'esm',
  minify: true,
  sourceMap: true,
  /** Stack traces map back to file:line without shipping the sources (smaller assets). */
  sourcesContent: false,
  /** Lambda runs nodejs24.x; node20 output also runs on the local runtime's Node 20. */
  target: 'node20',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_SHIM,
  /**
   * Nothing external: the AWS SDK v3 is bundled at the version in package-lock.json, the one the
   * tests ran against, instead of whatever version the Lambda runtime happens to ship. Bundled and
   * tree-shaken it also initialises faster than the runtime's full copy.
   */
  externalModules: [] as string[],
  /** Source maps are only read when this flag is set. */
  nodeOptions: '--enable-source-maps',
} as const;

/**
 * Imports replaced at bundle time, module → file relative to the project root: esbuild resolves
 * an alias's target from its working directory, which is the project root for both
 * NodejsFunction's esbuild command (run in `projectRoot`) and bin/bundles.ts (`absWorkingDir`).
 *
 * `@aws-sdk/credential-provider-node` is the SDK's default credential chain; on Lambda only its
 * environment-variable link can ever answer, so it becomes a provider built on `fromEnv` alone
 * (lib/bundle-shims/credential-provider-node.ts explains why that is safe). About 135 KB less
 * per bundle.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './lib/bundle-shims/credential-provider-node.ts',
};

/** The output file name NodejsFunction writes for ESM (the handler is `index.handler`). */
export const BUNDLE_OUTFILE = 'index.mjs';

/**
 * The group a function built from the generic REST entry (functions/rest/handler.ts) serves: the
 * file that declares it (relative to the project root) becomes `@hms/rest-group`, and its name
 * replaces `process.env.HMS_REST_GROUP`. So the entry is one file, and each bundle holds its own
 * group's declarations and what they import, nothing of other groups.
 */
export interface RestGroupBundle {
  source: string;
  name: string;
}

export const REST_GROUP_MODULE = '@hms/rest-group';

function restGroupAlias(group: RestGroupBundle | undefined): Record<string, string> {
  return group ? { [REST_GROUP_MODULE]: `./${group.source}` } : {};
}

function restGroupDefine(group: RestGroupBundle | undefined): Record<string, string> {
  return group ? { 'process.env.HMS_REST_GROUP': JSON.stringify(group.name) } : {};
}

/**
 * For `new NodejsFunction({ bundling })`. `withPageScripts`: also build the pages' scripts into the
 * bundle folder (the web function serves them; see shared/web/assets.ts). `restGroup`: the group
 * of a function built from the generic REST entry.
 */
export function nodejsBundling(
  opts: { withPageScripts?: boolean; restGroup?: RestGroupBundle } = {},
): BundlingOptions {
  return {
    format: OutputFormat.ESM,
    minify: BUNDLE.minify,
    sourceMap: BUNDLE.sourceMap,
    sourcesContent: BUNDLE.sourcesContent,
    target: BUNDLE.target,
    mainFields: [...BUNDLE.mainFields],
    banner: BUNDLE.banner,
    externalModules: [...BUNDLE.externalModules],
    ...(opts.withPageScripts ? { commandHooks: pageScriptsHooks() } : {}),
    define: restGroupDefine(opts.restGroup),
    // `--alias:<module>=<file>` on esbuild's command line.
    esbuildArgs: Object.fromEntries(
      Object.entries({ ...BUNDLE_ALIASES, ...restGroupAlias(opts.restGroup) }).map(
        ([module, file]) => [`--alias:${module}`, file],
      ),
    ),
  };
}

/**
 * The same build for esbuild's JS API: what NodejsFunction passes on its esbuild command line
 * (`--bundle --platform=node --target --format --outfile --minify --sourcemap
 * --sources-content=false --banner:js --main-fields --alias`).
 */
export function esbuildOptions(
  entry: string,
  outfile: string,
  projectRoot: string,
  restGroup?: RestGroupBundle,
): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    absWorkingDir: projectRoot,
    bundle: true,
    platform: 'node',
    format: BUNDLE.format,
    target: BUNDLE.target,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourceMap,
    sourcesContent: BUNDLE.sourcesContent,
    mainFields: [...BUNDLE.mainFields],
    banner: { js: BUNDLE.banner },
    external: [...BUNDLE.externalModules],
    alias: { ...BUNDLE_ALIASES, ...restGroupAlias(restGroup) },
    define: restGroupDefine(restGroup),
    logLevel: 'warning',
  };
}
