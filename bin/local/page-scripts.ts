/**
 * The local runtime's build of the page scripts (shared/web/assets.ts): once per process, with
 * esbuild's JS API (tens of milliseconds), into a folder that the web function reads through
 * PAGE_SCRIPTS_DIR_ENV — the same handler code that reads them next to its bundle on AWS.
 *
 * The folder is named by a hash of the built files, in the system's temporary folder: processes
 * running the same code (the test workers, a second `npm start`) share it, and nothing needs
 * removing when a process ends, however it ends. It is written under a temporary name and renamed
 * into place, so a reader never sees it half-written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { pageScriptsBuildOptions } from '../../lib/page-scripts';
import { PAGE_SCRIPTS_DIR_ENV } from '../../shared/web/assets';

let built: Promise<string> | undefined;

/** Builds the page scripts (first call only) and points the web function at them; returns the folder. */
export function preparePageScripts(): Promise<string> {
  built ??= (async () => {
    const { outputFiles } = await build({
      ...pageScriptsBuildOptions('page-scripts'),
      write: false,
    });
    const files = outputFiles
      .map((f) => ({ name: basename(f.path), contents: f.contents }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const hash = createHash('sha256');
    for (const f of files) hash.update(f.name).update(f.contents);
    const dir = join(tmpdir(), `hms-page-scripts-${hash.digest('hex').slice(0, 16)}`);
    if (!existsSync(dir)) {
      const staging = mkdtempSync(`${dir}-`);
      for (const f of files) writeFileSync(join(staging, f.name), f.contents);
      try {
        renameSync(staging, dir);
      } catch (err) {
        rmSync(staging, { recursive: true, force: true });
        if (!existsSync(dir)) throw err; // not another process having got there first
      }
    }
    process.env[PAGE_SCRIPTS_DIR_ENV] = dir;
    return dir;
  })();
  return built;
}
