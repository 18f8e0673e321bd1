/**
 * What `npm run screenshots` photographs: every page of the module manifests (shared/web/pages.ts),
 * each part of a page with hash routes (the workspace's sections) on its own, signed out for the
 * public pages and as the demo hospital's administrator (who sees every area) for the others. A
 * page added to a manifest is photographed without a change here; the few that cannot be shown
 * from a bare URL are left out with the reason (test/unit/web/screenshots.test.ts holds both).
 */
import type { ShellPageInfo } from '../../shared/manifest/module';

export interface ScreenshotTarget {
  /** File name stem under docs/screenshots/ (`<name>-desktop.jpg`, `<name>-phone.jpg`). */
  name: string;
  /** Path (and hash) to open. */
  path: string;
  /** The manifest page it shows. */
  page: string;
  signedIn: boolean;
}

/** Pages a bare URL cannot show, by name, with why. */
export const NOT_PHOTOGRAPHED: Readonly<Record<string, string>> = {
  'oauth-consent':
    'shown only inside an OAuth authorization request (client, redirect and PKCE parameters)',
};

/** The widths photographed: desktop (the axe check's 1366 px) and a phone. */
export const VIEWPORTS = [
  { label: 'desktop', width: 1366, height: 860 },
  { label: 'phone', width: 375, height: 760 },
] as const;

export function screenshotTargets(pages: readonly ShellPageInfo[]): ScreenshotTarget[] {
  const targets: ScreenshotTarget[] = [];
  for (const page of pages) {
    if (NOT_PHOTOGRAPHED[page.name]) continue;
    const signedIn = page.layout === 'app';
    if (page.nav.length)
      for (const part of page.nav)
        targets.push({
          name: `${page.name}-${part.id.replace(/^nav-/, '')}`,
          path: `${page.path}${part.hash}`,
          page: page.name,
          signedIn,
        });
    else targets.push({ name: page.name, path: page.path, page: page.name, signedIn });
  }
  return targets;
}
