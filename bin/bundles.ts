/**
 * `npm run bundles -- [--runs <n>]` (default 20; 0 skips the load measurement)
 *
 * Bundles every Lambda function exactly as the stack does (the options come from lib/bundling.ts,
 * which lib/functions.ts also uses) into a temporary folder, prints each bundle's size (what a
 * cold start loads: index.mjs and the chunks it imports statically; beside it, what it loads on
 * demand) and gzip size, and exits 1 when what a cold start loads exceeds the budget, a bundle
 * contains another function's handler or another REST group's file (a sign that a shared module
 * imports a group it should not), no stack trace mapping (shared/kernel/stack-traces.ts, which
 * every handler imports), the SDK's default credential chain (the alias of
 * lib/bundling.ts did not apply) or zod beyond `zod/mini` and its English locale (classic zod, or
 * a namespace import that defeated tree-shaking).
 *
 * Then it measures what loading each bundle costs: the CPU time (user + system) of a fresh
 * `node <bundle>` process, median of `--runs` processes, against the same for an empty module on
 * the same machine. Processes of all bundles are interleaved, so drift of the machine's load
 * spreads over all of them. The environment is Lambda's as far as loading goes: NODE_OPTIONS as
 * deployed (none: stack traces are mapped on first use, shared/kernel/stack-traces.ts) and the
 * variables the handlers read.
 *
 * Then it builds the pages' scripts as the web function's bundling does (lib/page-scripts.ts)
 * and prints their sizes against their own budget; a function bundle must hold no browser code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { BUNDLE, BUNDLE_OUTFILE, esbuildOptions, STACK_TRACES } from '../lib/bundling';
import { functionSpecs, PROJECT_ROOT } from '../lib/function-specs';
import { PAGE_SCRIPTS } from '../lib/manifest';
import { buildPageScripts } from '../lib/page-scripts';

/**
 * Uncompressed size of what a cold start loads, for every REST function (the issue of the module
 * manifest set 350 KB). Lambda's limit is 250 MB unzipped; this is about cold starts: the bundle
 * is read, parsed and run before the first request. Importing the kernel's zod as `{ z }` (instead of `import * as z`) defeats
 * tree-shaking and adds about 400 KB of zod and its locales to each, and the SDK's default
 * credential chain adds about 135 KB when the alias of lib/bundling.ts is lost: this budget
 * catches both.
 */
const BUDGET_BYTES = 350 * 1024;

/** Present in a bundle only if the alias of `@aws-sdk/credential-provider-node` did not apply. */
const DEFAULT_CREDENTIAL_CHAIN = 'node_modules/@aws-sdk/credential-provider-node/';

/**
 * The zod a function may contain: `zod/mini` (through shared/kernel/zod.ts) and its English
 * locale. Classic zod, from a file importing `zod` itself, would add about 50 KB and still fit
 * the budget; another locale means some import kept zod's whole namespace (`z.locales.en()`).
 */
const ZOD_FILE = /node_modules\/zod\//;
const ALLOWED_ZOD_FILE =
  /node_modules\/zod\/(v4\/core\/|v4\/mini\/|mini\/|locales\/index\.js$|v4\/locales\/(en|index)\.js$)/;

const DEFAULT_RUNS = 20;

/**
 * Minified size of each page's script, downloaded on a page's first visit (then cached). Today's
 * largest, the dashboard, is about 22 KB; a page pulling in a dependency would show here.
 */
const PAGE_SCRIPT_BUDGET_BYTES = 96 * 1024;

/** Browser code: it belongs in the page scripts, never in a function bundle. */
const BROWSER_CODE = 'shared/web/client/';

interface Row {
  name: string;
  file: string;
  /** What a cold start loads: index.mjs and the chunks it imports statically. */
  bytes: number;
  /** The chunks it loads on demand (import()), and how many. */
  lazy?: number;
  chunks?: number;
  gzip: number;
  map: number;
  inputs: number;
  /** The biggest contributors to the output, by package (or `project` for our own code). */
  top: string;
  problems: string[];
  /** Median CPU ms of `node <bundle>`. */
  loadMs?: number;
}

/** `node_modules/@aws-sdk/client-dynamodb/dist-es/…` → `@aws-sdk/client-dynamodb`. */
function packageOf(input: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return m ? m[1]! : 'project';
}

function topContributors(
  output: { inputs: Record<string, { bytesInOutput: number }> },
  count = 3,
): string {
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`)
    .join(', ');
}

const kb = (n: number) => (n / 1024).toFixed(1);

type Output = Metafile['outputs'][string];

/**
 * A function's output files (absolute paths) in two sets: what loading index.mjs loads (the entry
 * and, transitively, the chunks it imports statically) and the chunks only `import()` reaches.
 */
function splitOutputs(
  meta: Metafile,
  entryPoint: string,
): { init: [string, Output][]; lazy: [string, Output][] } {
  const js = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.mjs'));
  const byPath = new Map(js.map(([file, o]) => [resolve(PROJECT_ROOT, file), o]));
  // Chunks that import() reaches name their own entry point too: the function's is its handler.
  const entry = js.find(([, o]) => o.entryPoint === entryPoint)![0];
  const init = new Set([resolve(PROJECT_ROOT, entry)]);
  const queue = [...init];
  while (queue.length) {
    const file = queue.pop()!;
    for (const imp of byPath.get(file)!.imports) {
      const target = resolve(PROJECT_ROOT, imp.path);
      if (imp.kind === 'import-statement' && byPath.has(target) && !init.has(target)) {
        init.add(target);
        queue.push(target);
      }
    }
  }
  const all = [...byPath];
  return {
    init: all.filter(([file]) => init.has(file)),
    lazy: all.filter(([file]) => !init.has(file)),
  };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function parseRuns(argv: string[]): number {
  let runs = DEFAULT_RUNS;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0 || n > 1000) {
        console.error('Usage: npm run bundles -- [--runs <0..1000, default 20>]');
        process.exit(2);
      }
      runs = n;
    } else {
      console.error(`Unknown argument ${argv[i]}\nUsage: npm run bundles -- [--runs <n>]`);
      process.exit(2);
    }
  }
  return runs;
}

/**
 * Median CPU ms (user + system) of `node <file>` for each file, over `runs` fresh processes each.
 * A preloaded module writes the process's own `process.cpuUsage()` when it exits, so the figure
 * covers Node's start-up and loading the file, and nothing of this process.
 */
function measureLoad(files: Record<string, string>, dir: string, runs: number) {
  const reporter = join(dir, 'report-cpu.mjs');
  writeFileSync(
    reporter,
    [
      "import { writeSync } from 'node:fs';",
      "process.on('exit', () => { const u = process.cpuUsage(); writeSync(1, '\\n@cpu ' + (u.user + u.system) + '\\n'); });",
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...(BUNDLE.nodeOptions ? { NODE_OPTIONS: BUNDLE.nodeOptions } : {}),
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIABUNDLESBENCH',
    AWS_SECRET_ACCESS_KEY: 'bundles-bench',
    AWS_SESSION_TOKEN: 'bundles-bench',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: 'bundles-bench',
    SIGNING_PUBLIC_KEYS_ARN: 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:bundles-bench',
    LOG_LEVEL: 'warn',
  };
  const samples = new Map<string, number[]>(Object.keys(files).map((name) => [name, []]));
  for (let run = 0; run < runs; run++) {
    for (const [name, file] of Object.entries(files)) {
      const child = spawnSync(process.execPath, ['--import', reporter, file], {
        env,
        encoding: 'utf8',
        timeout: 20_000,
      });
      const cpu = /@cpu (\d+)/.exec(child.stdout ?? '');
      if (child.status !== 0 || !cpu)
        throw new Error(
          `Loading ${name} failed (exit ${child.status ?? child.signal}): ${(child.stderr ?? '').slice(0, 500)}`,
        );
      samples.get(name)!.push(Number(cpu[1]) / 1000);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

async function main(): Promise<number> {
  const runs = parseRuns(process.argv.slice(2));
  const specs = functionSpecs();
  const outRoot = mkdtempSync(join(tmpdir(), 'hospital-bundles-'));
  const rows: Row[] = [];
  const pageRows: Row[] = [];
  let emptyMs: number | undefined;
  console.log(
    `Bundling ${specs.length} functions into ${outRoot} (budget ${kb(BUDGET_BYTES)} KB each)`,
  );
  for (const spec of specs.filter((s) => s.bundle))
    console.log(`  ${spec.name}: budget ${spec.bundle?.budgetKb} KB: ${spec.bundle?.reason}`);
  try {
    for (const spec of specs) {
      process.stdout.write(`  ${spec.name.padEnd(14)} ${spec.entry} … `);
      const started = Date.now();
      const outdir = join(outRoot, spec.name);
      const outfile = join(outdir, BUNDLE_OUTFILE);
      const result = await build({
        ...esbuildOptions(spec.entry, outdir, PROJECT_ROOT, spec.restGroup),
        metafile: true,
      });
      const { init, lazy } = splitOutputs(result.metafile, spec.entry);
      const code = Buffer.concat(init.map(([file]) => readFileSync(file)));
      const lazyBytes = lazy.reduce((sum, [, o]) => sum + o.bytes, 0);
      const initInputs = [...new Set(init.flatMap(([, o]) => Object.keys(o.inputs)))];
      const inputs = Object.keys(result.metafile.inputs);
      const problems: string[] = [];
      const budget = spec.bundle ? spec.bundle.budgetKb * 1024 : BUDGET_BYTES;
      if (code.length > budget)
        problems.push(
          `what a cold start loads, ${kb(code.length)} KB, exceeds the ${kb(budget)} KB budget`,
        );
      // A REST function holds only its own group, even in its on-demand chunks; the others load
      // modules on demand, but not at start.
      const checked = spec.restGroup ? inputs : initInputs;
      for (const other of specs) {
        if (other.name === spec.name) continue;
        // Another function's own handler, or the file that declares another REST group.
        const own = [other.entry, other.restGroup?.source].filter(
          (f): f is string => f !== undefined && f !== spec.entry && f !== spec.restGroup?.source,
        );
        const leaked = checked.filter((i) => own.includes(i));
        if (leaked.length)
          problems.push(`contains ${other.name}'s handler or group: ${leaked.join(', ')}`);
      }
      // Without it, a stack trace in the function's logs names bundle positions, not sources.
      if (!initInputs.includes(STACK_TRACES))
        problems.push(
          `does not load ${STACK_TRACES} at start: its handler must import it first (lib/bundling.ts)`,
        );
      const browser = inputs.filter((i) => i.startsWith(BROWSER_CODE));
      if (browser.length) problems.push(`contains page script code: ${browser.join(', ')}`);
      if (inputs.some((i) => i.includes(DEFAULT_CREDENTIAL_CHAIN)))
        problems.push(
          "contains the SDK's default credential chain: the alias of lib/bundling.ts (BUNDLE_ALIASES) did not apply",
        );
      for (const w of result.warnings) problems.push(`esbuild warning: ${w.text}`);
      const otherZod = [...init, ...lazy]
        .flatMap(([, o]) => Object.entries(o.inputs))
        .filter(([i, { bytesInOutput }]) => bytesInOutput > 0 && ZOD_FILE.test(i))
        .map(([i]) => i)
        .filter((i) => !ALLOWED_ZOD_FILE.test(i));
      if (otherZod.length && !spec.bundle?.classicZod)
        problems.push(
          `contains zod beyond zod/mini and its English locale (import zod only as \`import * as z from '…/kernel/zod'\`): ${otherZod.slice(0, 5).join(', ')}${otherZod.length > 5 ? ', …' : ''}`,
        );
      rows.push({
        name: spec.name,
        file: outfile,
        top: topContributors({
          inputs: Object.fromEntries(init.flatMap(([, o]) => Object.entries(o.inputs))),
        }),
        bytes: code.length,
        lazy: lazyBytes,
        chunks: lazy.length,
        gzip: gzipSync(code).length,
        map: init.reduce((sum, [file]) => sum + readFileSync(`${file}.map`).length, 0),
        inputs: initInputs.length,
        problems,
      });
      console.log(
        `${kb(code.length)} KB at start, ${kb(lazyBytes)} KB on demand, in ${Date.now() - started} ms${problems.length ? ' ✗' : ''}`,
      );
    }
    pageRows.push(...(await pageScriptRows(join(outRoot, 'page-scripts'))));

    if (runs > 0) {
      const empty = join(outRoot, 'empty.mjs');
      writeFileSync(empty, '');
      console.log(
        `\nMeasuring module load: ${runs} fresh \`node <bundle>\` processes per bundle and for an empty module, interleaved (NODE_OPTIONS as deployed: ${BUNDLE.nodeOptions || 'none'})…`,
      );
      const started = Date.now();
      const load = measureLoad(
        { '(empty module)': empty, ...Object.fromEntries(rows.map((r) => [r.name, r.file])) },
        outRoot,
        runs,
      );
      emptyMs = load.get('(empty module)');
      for (const r of rows) r.loadMs = load.get(r.name);
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    rmSync(outRoot, { recursive: true, force: true });
  }

  const load = (r: Row) =>
    r.loadMs === undefined || !emptyMs
      ? ['-', '-']
      : [r.loadMs.toFixed(1), `${(r.loadMs / emptyMs).toFixed(2)}x`];
  console.log('');
  console.log(
    `${'function'.padEnd(14)} ${'bundle KB'.padStart(10)} ${'gzip KB'.padStart(9)} ${'map KB'.padStart(8)} ${'modules'.padStart(8)} ${'load CPU ms'.padStart(12)} ${'vs empty'.padStart(9)} ${'on demand KB'.padStart(13)}  status  largest parts (KB)`,
  );
  for (const r of rows) {
    const status = (r.problems.length ? 'FAIL' : 'ok').padEnd(6);
    const [ms, ratio] = load(r);
    console.log(
      `${r.name.padEnd(14)} ${kb(r.bytes).padStart(10)} ${kb(r.gzip).padStart(9)} ${kb(r.map).padStart(8)} ${String(r.inputs).padStart(8)} ${ms!.padStart(12)} ${ratio!.padStart(9)} ${(r.lazy ? `${kb(r.lazy)} (${r.chunks})` : '-').padStart(13)}  ${status}  ${r.top}`,
    );
  }
  if (emptyMs !== undefined) {
    const ratios = rows.map((r) => r.loadMs! / emptyMs!);
    console.log(
      `\nModule load: CPU time (user + system) of a fresh \`node <bundle>\` process, median of ${runs}, against ${emptyMs.toFixed(1)} ms for an empty module on this machine (Node ${process.version}, ${availableParallelism()} CPUs): ${Math.min(...ratios).toFixed(2)}x to ${Math.max(...ratios).toFixed(2)}x.`,
    );
  }
  console.log('');
  console.log(
    `${'page script'.padEnd(14)} ${'KB'.padStart(10)} ${'gzip KB'.padStart(9)} ${''.padStart(8)} ${'modules'.padStart(8)}  status  (budget ${kb(PAGE_SCRIPT_BUDGET_BYTES)} KB each)`,
  );
  for (const r of pageRows) {
    const status = (r.problems.length ? 'FAIL' : 'ok').padEnd(6);
    console.log(
      `${r.name.padEnd(14)} ${kb(r.bytes).padStart(10)} ${kb(r.gzip).padStart(9)} ${''.padStart(8)} ${String(r.inputs).padStart(8)}  ${status}`,
    );
  }
  const failures = [...rows, ...pageRows].filter((r) => r.problems.length);
  for (const r of failures) for (const p of r.problems) console.error(`✗ ${r.name}: ${p}`);
  console.log(
    failures.length
      ? `\n${failures.length} of ${rows.length + pageRows.length} bundles failed`
      : `\nAll ${rows.length} function bundles within budget, each with only its own handler and no page code; all ${pageRows.length} page scripts within budget`,
  );
  return failures.length ? 1 : 0;
}

/** Builds the page scripts as the web function's bundling does and measures each. */
async function pageScriptRows(outdir: string): Promise<Row[]> {
  const meta = await buildPageScripts(outdir);
  return Object.keys(PAGE_SCRIPTS).map((name) => {
    const code = readFileSync(join(outdir, `${name}.js`));
    const output = Object.entries(meta.outputs).find(([file]) => file.endsWith(`/${name}.js`))?.[1];
    const problems: string[] = [];
    if (code.length > PAGE_SCRIPT_BUDGET_BYTES)
      problems.push(
        `page script ${kb(code.length)} KB exceeds the ${kb(PAGE_SCRIPT_BUDGET_BYTES)} KB budget`,
      );
    return {
      name,
      file: join(outdir, `${name}.js`),
      bytes: code.length,
      gzip: gzipSync(code).length,
      map: 0,
      inputs: output ? Object.keys(output.inputs).length : 0,
      top: '',
      problems,
    };
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
