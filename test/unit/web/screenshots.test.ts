import { describe, expect, it } from 'vitest';
import { NOT_PHOTOGRAPHED, screenshotTargets, VIEWPORTS } from '../../../bin/screenshots/targets';
import { PAGES } from '../../../shared/web/pages';

describe('the pages `npm run screenshots` photographs (bin/screenshots/targets.ts)', () => {
  const targets = screenshotTargets(PAGES);

  it('photographs every manifest page, each workspace section on its own, but the consent page', () => {
    const shown = new Set(targets.map((t) => t.page));
    for (const page of PAGES)
      expect([page.name, shown.has(page.name)]).toEqual([
        page.name,
        !(page.name in NOT_PHOTOGRAPHED),
      ]);
    // Written out by hand: the consent page is the only one a bare URL cannot show.
    expect(Object.keys(NOT_PHOTOGRAPHED)).toEqual(['oauth-consent']);
    for (const name of Object.keys(NOT_PHOTOGRAPHED))
      expect(PAGES.some((p) => p.name === name)).toBe(true);
    const admin = targets.filter((t) => t.page === 'admin').map((t) => t.path);
    expect(admin).toEqual(PAGES.find((p) => p.name === 'admin')!.nav.map((n) => `/admin${n.hash}`));
    expect(admin).toContain('/admin#/opd');
  });

  it('signs in for the app pages only, and names each file once', () => {
    expect(targets.find((t) => t.path === '/login')).toMatchObject({ signedIn: false });
    expect(targets.find((t) => t.path === '/get-started')).toMatchObject({ signedIn: false });
    expect(targets.find((t) => t.path === '/billing-desk')).toMatchObject({
      name: 'billing-desk',
      signedIn: true,
    });
    expect(targets.find((t) => t.path === '/admin#/opd')).toMatchObject({
      name: 'admin-opd',
      signedIn: true,
    });
    const names = targets.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
    expect(VIEWPORTS.map((v) => v.width)).toEqual([1366, 375]);
  });
});
