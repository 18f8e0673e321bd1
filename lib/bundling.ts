import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync } from 'esbuild';
import { PROJECT_ROOT } from './function-specs';
import { buildPageScriptsSync, copySwaggerUi } from './page-scripts';

/**
 * How every function is bundled, declared once. `lib/functions.ts` bundles each function with it
 * (locally, with the project's esbuild, no Docker) and `bin/bundles.ts` runs the same build to
 * measure the bundles, so the numbers it prints are the deployed ones.
 *
 * Code splitting: a function's bundle folder holds `index.mjs` and, under `chunks/`, the code its
 * handler loads only on demand (`import()`): an agent function loads a module when one of its
 * tools is called (shared/agents/catalogue.ts), the OpenAPI function all modules on its first
 * request, a proposal its agent-actions service. What a cold start loads is `index.mjs` and the
 * chunks it imports statically; the rest is read when first needed.
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
   * tree-shaken it also initialises faster than the runtime's full copy. The project's
   * package.json declares every module but shared/events/bus.ts and STACK_TRACES free of side effects: a module
   * none of whose exports a function uses is left out, even when it is re-exported by an
   * index.ts the function imports.
   */
  externalModules: [] as string[],
  /**
   * No `--enable-source-maps`: Node would read and index every loaded file's map at start (about
   * 15-20 ms of a cold start's CPU). Stack traces are mapped by STACK_TRACES, which every
   * function's handler imports first and which reads a file's map the first time one of its
   * frames is written (docs/decisions.md, "Stack traces"). Empty: the functions set no NODE_OPTIONS.
   */
  nodeOptions: '' as string,
} as const;

/**
 * Maps stack frames of a bundle file through the map beside it, on first use: every function's
 * handler imports it (`npm run bundles` fails a bundle without it). Imported by the handlers
 * rather than injected by esbuild: an injected file is imported by every chunk too, a chunk of its
 * own (about 3 KB more at start per function instead of 1).
 */
export const STACK_TRACES = 'shared/kernel/stack-traces.ts';

/**
 * Imports replaced at bundle time, module → file relative to the project root (esbuild resolves
 * an alias's target from its working directory, the project root).
 *
 * `@aws-sdk/credential-provider-node` is the SDK's default credential chain; on Lambda only its
 * environment-variable link can ever answer, so it becomes a provider built on `fromEnv` alone
 * (lib/bundle-shims/credential-provider-node.ts explains why that is safe). About 135 KB less
 * per bundle. `ajv` and `ajv-formats`: lib/bundle-shims/ajv.ts, about 130 KB less in the MCP
 * function.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './lib/bundle-shims/credential-provider-node.ts',
  // The MCP SDK's JSON Schema validator, used only for elicitation, which the server never sends.
  ajv: './lib/bundle-shims/ajv.ts',
  'ajv-formats': './lib/bundle-shims/ajv-formats.ts',
};

/** The entry's output file in the bundle folder (the handler is `index.handler`). */
export const BUNDLE_OUTFILE = 'index.mjs';

/** Where the on-demand chunks go, inside the bundle folder. */
export const BUNDLE_CHUNKS_DIR = 'chunks';

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

/** What one function's bundle is built from. */
export interface FunctionBundle {
  /** Entry file relative to the project root. */
  entry: string;
  restGroup?: RestGroupBundle;
  /** Also build the pages' scripts and copy Swagger UI's files into the folder (the web function). */
  withPageScripts?: boolean;
}

function restGroupAlias(group: RestGroupBundle | undefined): Record<string, string> {
  return group ? { [REST_GROUP_MODULE]: `./${group.source}` } : {};
}

function restGroupDefine(group: RestGroupBundle | undefined): Record<string, string> {
  return group ? { 'process.env.HMS_REST_GROUP': JSON.stringify(group.name) } : {};
}

/** esbuild's options for one function, writing `index.mjs` and its chunks into `outdir`. */
export function esbuildOptions(
  entry: string,
  outdir: string,
  projectRoot: string = PROJECT_ROOT,
  restGroup?: RestGroupBundle,
): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    chunkNames: `${BUNDLE_CHUNKS_DIR}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
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

/**
 * WebAssembly files a bundled package loads from beside its own file (`new URL('x.wasm',
 * import.meta.url)`), which esbuild does not copy: HiGHS, the roster's solver. Each is copied
 * next to every bundle file that names it.
 */
const WASM_FILES: readonly { name: string; from: string }[] = [
  { name: 'highs.wasm', from: 'node_modules/highs/build/highs.wasm' },
];

function copyWasmFiles(outdir: string): void {
  const dirs = [outdir, join(outdir, BUNDLE_CHUNKS_DIR)].filter((d) => existsSync(d));
  for (const dir of dirs)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
      const code = readFileSync(join(dir, file), 'utf8');
      for (const wasm of WASM_FILES)
        if (code.includes(wasm.name))
          copyFileSync(join(PROJECT_ROOT, wasm.from), join(dir, wasm.name));
    }
}

/** Builds a function's bundle folder: what CDK deploys (functionCode) and what the tests check. */
export function bundleFunction(bundle: FunctionBundle, outdir: string): void {
  buildSync(esbuildOptions(bundle.entry, outdir, PROJECT_ROOT, bundle.restGroup));
  copyWasmFiles(outdir);
  if (bundle.withPageScripts) {
    buildPageScriptsSync(outdir);
    copySwaggerUi(outdir);
  }
}

/**
 * A function's code for CDK: the bundle folder built locally by the project's esbuild (no
 * Docker; the image is never used), hashed by its content, so an unchanged bundle is not
 * uploaded again.
 */
export function functionCode(bundle: FunctionBundle): lambda.Code {
  return lambda.Code.fromAsset(PROJECT_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-esbuild-only'),
      local: {
        tryBundle(outputDir) {
          bundleFunction(bundle, outputDir);
          return true;
        },
      },
    },
  });
}
