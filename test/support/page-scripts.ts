import { preparePageScripts } from '../../bin/local/page-scripts';
import { loadPageScripts, type PageScripts } from '../../shared/web/page-scripts';

/**
 * The page scripts built as the local runtime builds them (once per test process, into a temporary
 * folder), read as the web function reads them.
 */
export async function builtPageScripts(): Promise<{ dir: string; scripts: PageScripts }> {
  const dir = await preparePageScripts();
  return { dir, scripts: loadPageScripts(dir) };
}
