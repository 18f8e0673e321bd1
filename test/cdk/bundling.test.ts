import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultProvider } from '../../lib/bundle-shims/credential-provider-node';
import {
  BUNDLE,
  BUNDLE_ALIASES,
  BUNDLE_OUTFILE,
  esbuildOptions,
  STACK_TRACES,
} from '../../lib/bundling';
import { PROJECT_ROOT } from '../../lib/function-specs';

const ENV_KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE'];
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('bundle-time alias of the AWS SDK default credential chain (lib/bundling.ts)', () => {
  it('is declared once and handed to the one esbuild build the stack and npm run bundles share', () => {
    expect(BUNDLE_ALIASES['@aws-sdk/credential-provider-node']).toBeDefined();
    for (const [module, file] of Object.entries(BUNDLE_ALIASES)) {
      expect(existsSync(join(PROJECT_ROOT, file)), file).toBe(true);
      expect(esbuildOptions('x.ts', 'out', PROJECT_ROOT).alias?.[module]).toBe(file);
    }
  });

  it("replaces the SDK's chain in a bundle built from the project root", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alias-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        "import { defaultProvider } from '@aws-sdk/credential-provider-node';\nexport const p = defaultProvider;\n",
      );
      const outdir = join(dir, 'out');
      const outfile = join(outdir, BUNDLE_OUTFILE);
      const result = await build({
        ...esbuildOptions(entry, outdir, PROJECT_ROOT),
        metafile: true,
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs).toContain('lib/bundle-shims/credential-provider-node.ts');
      expect(inputs.filter((i) => i.includes('credential-provider-node/'))).toEqual([]);
      expect(inputs.filter((i) => i.includes('credential-provider-sso'))).toEqual([]);
      expect(readFileSync(outfile, 'utf8').length).toBeLessThan(20 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the replacement reads the credentials Lambda puts in the environment', async () => {
    delete process.env.AWS_PROFILE;
    process.env.AWS_ACCESS_KEY_ID = 'AKIAEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    process.env.AWS_SESSION_TOKEN = 'session';
    await expect(defaultProvider()()).resolves.toMatchObject({
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'session',
    });
  });

  it('and refuses, as the chain would, when they are missing', async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await expect(defaultProvider()()).rejects.toThrow(/environment variable credentials/);
  });
});

describe('stack traces of a bundle (shared/kernel/stack-traces.ts, which every handler imports)', () => {
  /** Bundles a two-file program whose error is thrown three calls deep, and runs it. */
  async function runThrower(nodeArgs: string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'stack-'));
    try {
      writeFileSync(
        join(dir, 'thrower.ts'),
        [
          'export function failDeep(n: number): number {',
          "  if (n > 1) throw new Error('deep failure ' + n);",
          '  return failDeep(n + 1);',
          '}',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'entry.ts'),
        [
          `import '${join(PROJECT_ROOT, STACK_TRACES)}';`,
          "import { failDeep } from './thrower';",
          'try {',
          '  failDeep(0);',
          '} catch (err) {',
          '  console.log((err as Error).stack);',
          '}',
          '',
        ].join('\n'),
      );
      const outdir = join(dir, 'out');
      await build(esbuildOptions(join(dir, 'entry.ts'), outdir, PROJECT_ROOT));
      const run = spawnSync(process.execPath, [...nodeArgs, join(outdir, BUNDLE_OUTFILE)], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      });
      return run.stdout;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('are mapped to the original files, lines and names without --enable-source-maps', async () => {
    expect(BUNDLE.nodeOptions).not.toContain('--enable-source-maps');
    const lines = (await runThrower([])).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Error: deep failure 2',
      '    at failDeep (thrower.ts:2:20)',
      '    at failDeep (thrower.ts:3:10)',
      '    at failDeep (thrower.ts:3:10)',
      '    at entry.ts:4:3',
    ]);
  });

  it('leave the mapping to Node when it maps stacks itself (the same frames)', async () => {
    const lines = (await runThrower(['--enable-source-maps'])).split('\n');
    expect(lines[1]).toMatch(/^ {4}at failDeep \(.*thrower\.ts:2:20\)$/);
    expect(lines[4]).toMatch(/^ {4}at .*entry\.ts:4:3\)?$/);
  });
});
