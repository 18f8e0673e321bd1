/**
 * A bundled function that loads a WebAssembly package (HiGHS, the roster's solver) finds its
 * `.wasm` beside the bundle file that loads it: esbuild does not copy it, lib/bundling.ts does.
 * Without the copy the solver fails on AWS with ENOENT on the first roster generation.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_CHUNKS_DIR, bundleFunction } from '../../lib/bundling';

const outdir = mkdtempSync(join(tmpdir(), 'hms-wasm-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('bundles with WebAssembly', () => {
  it('copies highs.wasm next to the chunk that loads it, and the bundle solves', async () => {
    bundleFunction({ entry: 'test/support/highs-entry.ts' } as never, outdir);
    expect(existsSync(join(outdir, BUNDLE_CHUNKS_DIR, 'highs.wasm'))).toBe(true);
    const bundled = (await import(join(outdir, 'index.mjs'))) as { handler: () => Promise<string> };
    expect(await bundled.handler()).toBe('Optimal');
  }, 60_000);
});
