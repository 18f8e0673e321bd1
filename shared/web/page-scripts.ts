/**
 * The built page scripts as the web function serves them (see ./assets.ts for how they are
 * built). Read once per container. Each is served under a name that carries a hash of its
 * content, so browsers may cache it for a year and still fetch a new deployment's at once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PAGE_SCRIPTS_DIR,
  PAGE_SCRIPTS_DIR_ENV,
  PAGE_SCRIPTS_PATH,
  type PageScript,
} from './assets';

export interface PageScripts {
  /** Root-relative URL of a page's script, e.g. `/assets/admin.3f9a0c1b2d4e.js`. */
  src(page: PageScript): string;
  /** The script served under a file name (`admin.3f9a0c1b2d4e.js`); undefined for any other. */
  body(fileName: string): string | undefined;
}

/**
 * Reads every built page script (`<name>.js`) in dir: the build put there the scripts the
 * manifests declare, so the function needs no list of its own. Asking for a script the build did
 * not produce throws.
 */
export function loadPageScripts(dir: string): PageScripts {
  const fileNames = new Map<PageScript, string>();
  const bodies = new Map<string, string>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.js'));
  } catch (err) {
    throw new Error(
      `Page scripts folder ${dir} is missing: see shared/web/assets.ts for the build`,
      {
        cause: err,
      },
    );
  }
  for (const file of names) {
    const page = file.slice(0, -'.js'.length);
    const body = readFileSync(join(dir, file), 'utf8');
    const fileName = `${page}.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`;
    fileNames.set(page, fileName);
    bodies.set(fileName, body);
  }
  return {
    src: (page) => {
      const fileName = fileNames.get(page);
      if (!fileName) throw new Error(`No page script ${page} in ${dir}: see shared/web/assets.ts`);
      return `${PAGE_SCRIPTS_PATH}/${fileName}`;
    },
    body: (fileName) => bodies.get(fileName),
  };
}

/** Where the build put them: the folder named in the environment (local runtime), else next to the bundle (AWS). */
export function pageScriptsDir(bundleDir: string): string {
  return process.env[PAGE_SCRIPTS_DIR_ENV] || join(bundleDir, PAGE_SCRIPTS_DIR);
}
