/**
 * Readable stack traces in a bundled function without Node's `--enable-source-maps` (every
 * function's handler file imports this module first; `npm run bundles` checks that each bundle
 * holds it; docs/decisions.md, "Stack traces").
 *
 * Node's flag reads and indexes the source map of every file a function loads while it loads
 * (about 15-20 ms of a cold start's CPU for a 500-900 KB map), although a map is only needed when a
 * stack is written, which a healthy function does not do. Here V8's stack formatting hook maps
 * each frame of a file that has a `.map` beside it, and reads that map the first time one of its
 * frames is formatted: a cold start pays nothing, an error's first stack pays the read once per
 * file. A frame reads `at name (shared/edge/pipeline.ts:120:7)`, the original file as esbuild
 * names it (its `../` steps removed), as Node's flag would print it; a frame without a map
 * (Node's own, or a file without one) keeps V8's text.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | null>();

/** The source map beside a bundle file, read once (null: the file has none). */
function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      const path = file.startsWith('file:') ? fileURLToPath(file) : file;
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** `../../shared/x.ts` → `shared/x.ts`; a dependency from `node_modules/` on. */
function sourceName(source: string): string {
  const dependency = source.lastIndexOf('node_modules/');
  if (dependency >= 0) return source.slice(dependency);
  return source.replace(/^(\.\.?\/)+/, '');
}

type Entry = {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
  name?: string;
};

/** The original position of a frame of a bundle file that has a map. */
function entryOf(site: NodeJS.CallSite | undefined): Entry | undefined {
  const file = site?.getFileName();
  const line = site?.getLineNumber();
  const column = site?.getColumnNumber();
  if (!site || !file || !line || !column || !file.endsWith('.mjs')) return undefined;
  const entry = mapOf(file)?.findEntry(line - 1, column - 1) as Entry | undefined;
  return entry?.originalSource === undefined || entry.originalLine === undefined
    ? undefined
    : entry;
}

/**
 * One frame as Node prints it, mapped to the original file when the bundle file has a map. The
 * function's original name is the one its caller's call site names (as Node's flag finds it).
 */
export function formatFrame(site: NodeJS.CallSite, caller?: NodeJS.CallSite): string {
  const text = String(site);
  const entry = entryOf(site);
  if (!entry) return text;
  const where = `${sourceName(entry.originalSource!)}:${entry.originalLine! + 1}:${(entry.originalColumn ?? 0) + 1}`;
  const name = entryOf(caller)?.name;
  if (name) {
    const prefix = site.isAsync() ? 'async ' : site.isConstructor() ? 'new ' : '';
    return `${prefix}${name} (${where})`;
  }
  // V8's own text (name, `async`, `new`, method alias) with the location replaced.
  const location = `${site.getFileName()}:${site.getLineNumber()}:${site.getColumnNumber()}`;
  return text.includes(location) ? text.replace(location, where) : text;
}

function header(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

/** V8's hook: the stack text of `error` from its frames. */
function prepareStackTrace(error: unknown, sites: NodeJS.CallSite[]): string {
  return `${header(error)}${sites.map((site, i) => `\n    at ${formatFrame(site, sites[i + 1])}`).join('')}`;
}

// Only in a bundle (this file is then part of an .mjs), and unless Node maps stacks itself (run
// with --enable-source-maps): the local runtime and the tests run the sources, whose stacks their
// loader maps. Node's default hook, replaced here, formats frames as V8 does (the text kept for
// frames without a map).
if (
  import.meta.url.endsWith('.mjs') &&
  (process as { sourceMapsEnabled?: boolean }).sourceMapsEnabled !== true
)
  Error.prepareStackTrace = prepareStackTrace;
