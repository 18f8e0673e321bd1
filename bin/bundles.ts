/**
 * `npm run bundles`: bundles every Lambda function exactly as the stack does (the options come
 * from lib/bundling.ts, which NodejsFunction also uses) into a temporary folder, prints each
 * bundle's size and gzip size, and exits 1 when a bundle exceeds the budget or contains another
 * function's handler folder (a sign that a shared module imports a group it should not) or any
 * browser code. Then builds the pages' scripts as the web function's bundling does
 * (lib/page-scripts.ts) and prints their sizes against their own budget.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUNDLE_OUTFILE, esbuildOptions } from '../lib/bundling';
import { functionSpecs, PROJECT_ROOT } from '../lib/function-specs';
import { buildPageScripts } from '../lib/page-scripts';
import { PAGE_SCRIPTS } from '../shared/web/assets';

/**
 * Uncompressed size of index.mjs. Lambda's limit is 250 MB unzipped; this is about cold starts.
 * Today's largest bundle is about 475 KB; `import { z } from 'zod'` (instead of `import * as z`)
 * defeats tree-shaking and adds about 350 KB of zod locales to each, which this budget catches.
 */
const BUDGET_BYTES = 640 * 1024;

/**
 * Minified size of each page's script, downloaded on a page's first visit (then cached). Today's
 * largest, the dashboard, is about 22 KB; a page pulling in a dependency would show here.
 */
const PAGE_SCRIPT_BUDGET_BYTES = 96 * 1024;

/** Browser code: it belongs in the page scripts, never in a function bundle. */
const BROWSER_CODE = 'shared/web/client/';

interface Row {
  name: string;
  bytes: number;
  gzip: number;
  map: number;
  inputs: number;
  /** The biggest contributors to the output, by package (or `project` for our own code). */
  top: string;
  problems: string[];
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

async function main(): Promise<number> {
  const specs = functionSpecs();
  const outRoot = mkdtempSync(join(tmpdir(), 'hospital-bundles-'));
  const rows: Row[] = [];
  const pageRows: Row[] = [];
  console.log(
    `Bundling ${specs.length} functions into ${outRoot} (budget ${kb(BUDGET_BYTES)} KB each)`,
  );
  try {
    for (const spec of specs) {
      process.stdout.write(`  ${spec.name.padEnd(14)} ${spec.entry} … `);
      const started = Date.now();
      const outfile = join(outRoot, spec.name, BUNDLE_OUTFILE);
      const result = await build({
        ...esbuildOptions(spec.entry, outfile, PROJECT_ROOT),
        metafile: true,
      });
      const code = readFileSync(outfile);
      const inputs = Object.keys(result.metafile.inputs);
      const problems: string[] = [];
      if (code.length > BUDGET_BYTES)
        problems.push(`bundle ${kb(code.length)} KB exceeds the ${kb(BUDGET_BYTES)} KB budget`);
      for (const other of specs) {
        if (other.name === spec.name) continue;
        const folder = `functions/${other.name}/`;
        const leaked = inputs.filter((i) => i.startsWith(folder));
        if (leaked.length)
          problems.push(`contains ${other.name}'s handler code: ${leaked.join(', ')}`);
      }
      const browser = inputs.filter((i) => i.startsWith(BROWSER_CODE));
      if (browser.length) problems.push(`contains page script code: ${browser.join(', ')}`);
      for (const w of result.warnings) problems.push(`esbuild warning: ${w.text}`);
      const output = Object.entries(result.metafile.outputs).find(([file]) =>
        file.endsWith(BUNDLE_OUTFILE),
      )?.[1];
      rows.push({
        name: spec.name,
        top: output ? topContributors(output) : '',
        bytes: code.length,
        gzip: gzipSync(code).length,
        map: readFileSync(`${outfile}.map`).length,
        inputs: inputs.length,
        problems,
      });
      console.log(
        `${kb(code.length)} KB in ${Date.now() - started} ms${problems.length ? ' ✗' : ''}`,
      );
    }
    pageRows.push(...(await pageScriptRows(join(outRoot, 'page-scripts'))));
  } finally {
    rmSync(outRoot, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    `${'function'.padEnd(14)} ${'bundle KB'.padStart(10)} ${'gzip KB'.padStart(9)} ${'map KB'.padStart(8)} ${'modules'.padStart(8)}  status  largest parts (KB)`,
  );
  for (const r of rows) {
    const status = (r.problems.length ? 'FAIL' : 'ok').padEnd(6);
    console.log(
      `${r.name.padEnd(14)} ${kb(r.bytes).padStart(10)} ${kb(r.gzip).padStart(9)} ${kb(r.map).padStart(8)} ${String(r.inputs).padStart(8)}  ${status}  ${r.top}`,
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
