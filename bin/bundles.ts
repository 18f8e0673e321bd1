/**
 * `npm run bundles`: bundles every Lambda function exactly as the stack does (the options come
 * from lib/bundling.ts, which NodejsFunction also uses) into a temporary folder, prints each
 * bundle's size and gzip size, and exits 1 when a bundle exceeds the budget, contains another
 * function's handler folder (a sign that a shared module imports a group it should not) or the
 * SDK's default credential chain (the alias of lib/bundling.ts did not apply).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUNDLE_OUTFILE, esbuildOptions } from '../lib/bundling';
import { functionSpecs, PROJECT_ROOT } from '../lib/function-specs';

/**
 * Uncompressed size of index.mjs, for every function. Lambda's limit is 250 MB unzipped; this is
 * about cold starts: the bundle is read, parsed and run before the first request. Today's largest
 * is about 355 KB. `import { z } from 'zod'` (instead of `import * as z`) defeats tree-shaking and
 * adds about 350 KB of zod locales to each, and the SDK's default credential chain adds about
 * 135 KB when the alias of lib/bundling.ts is lost: this budget catches both.
 */
const BUDGET_BYTES = 400 * 1024;

/** Present in a bundle only if the alias of `@aws-sdk/credential-provider-node` did not apply. */
const DEFAULT_CREDENTIAL_CHAIN = 'node_modules/@aws-sdk/credential-provider-node/';

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
      if (inputs.some((i) => i.includes(DEFAULT_CREDENTIAL_CHAIN)))
        problems.push(
          "contains the SDK's default credential chain: the alias of lib/bundling.ts (BUNDLE_ALIASES) did not apply",
        );
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
  const failures = rows.filter((r) => r.problems.length);
  for (const r of failures) for (const p of r.problems) console.error(`✗ ${r.name}: ${p}`);
  console.log(
    failures.length
      ? `\n${failures.length} of ${rows.length} bundles failed`
      : `\nAll ${rows.length} bundles within budget, each with only its own handler`,
  );
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
