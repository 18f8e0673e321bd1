/**
 * The pages as the web function serves them: each page the module manifests declare
 * (shared/web/pages.generated.ts, written by `npm run docs`) rendered into a complete HTML
 * document, in the shell or in the public layout, with its scripts (./page-scripts.ts), ready to
 * send as `text/html; charset=utf-8`.
 */
import type { ShellPageInfo } from '../manifest/module';
import type { PageScripts } from './page-scripts';
import { PAGE_RENDERS, PAGE_TABLE } from './pages.generated';
import { renderShellPage } from './shell';

export { contentSecurityPolicy } from './csp';
export { renderNotFound } from './not-found';

/** Every declared page. */
export const PAGES: readonly ShellPageInfo[] = PAGE_TABLE;

/** The page declared under this name. */
export function pageNamed(name: string): ShellPageInfo {
  const page = PAGES.find((p) => p.name === name);
  if (!page) throw new Error(`No page ${name} is declared (a module manifest's pages)`);
  return page;
}

/** The complete document of a declared page. */
export function renderPage(
  name: string,
  scripts: Pick<PageScripts, 'src'>,
  pages: readonly ShellPageInfo[] = PAGES,
): string {
  const page = pages.find((p) => p.name === name) ?? pageNamed(name);
  const render = PAGE_RENDERS[page.name];
  if (!render) throw new Error(`Page ${name} has no body: run npm run docs`);
  return renderShellPage(page, pages, render(), scripts);
}
