import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, signIn, useBrowserRuntime } from '../support/browser';

// Sign-in shared by the tabs of one browser (issue 24): a page opened in a new tab of a browser
// signed in elsewhere opens as that user, on the page asked for, without the sign-in form; signing
// out in one tab signs the others out; another browser (or one whose tabs were all closed) still
// has to sign in, and the sign-in page opened by itself stays a sign-in page.

const rt = useBrowserRuntime();

describe.skipIf(!chromiumAvailable)('sign-in shared by the tabs of one browser', () => {
  it('a new tab opens the page asked for as the signed-in user; signing out signs every tab out', async () => {
    const h = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    const { email, password } = h.registration.credentials as { email: string; password: string };
    const context = await rt.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const first = rt.watch(await context.newPage());
    await signIn(first, rt.url, email, password);
    await eventually(() => first.textContent('#current-user-name')).not.toBe('');
    const name = await first.textContent('#current-user-name');

    // A second tab of the same browser: straight to the page asked for, as the same user.
    const second = rt.watch(await context.newPage());
    await second.goto(`${rt.url}/front-desk?from=tab#today`);
    await second.waitForURL(/\/front-desk\?from=tab#today$/);
    await eventually(() => second.textContent('#current-user-name')).toBe(name);

    // The sign-in page opened by itself stays one: that is how someone else signs in.
    const third = rt.watch(await context.newPage());
    await third.goto(`${rt.url}/login`);
    await third.waitForSelector('#login-form');
    await third.waitForTimeout(1_000); // longer than a tab would take to answer (500 ms)
    expect(third.url()).toBe(`${rt.url}/login`);
    await third.close();

    // Another browser (no open tab signed in): the sign-in form, and the page asked for after.
    const other = await rt.browser.newContext();
    const stranger = rt.watch(await other.newPage());
    await stranger.goto(`${rt.url}/front-desk`);
    await stranger.waitForURL(/\/login\?next=/);
    await eventually(() => stranger.textContent('#login-notice')).toContain('Please sign in');
    await other.close();

    // Signing out in the first tab signs the second out, and says why.
    await first.click('#sign-out');
    await first.waitForURL(/\/login$/);
    await second.waitForURL(/\/login$/);
    await eventually(() => second.textContent('#login-notice')).toBe(
      'You signed out in another tab.',
    );
    // Nothing is left to hand over: a new tab must sign in.
    const fourth = rt.watch(await context.newPage());
    await fourth.goto(`${rt.url}/front-desk`);
    await fourth.waitForURL(/\/login\?next=/);
    await fourth.waitForTimeout(1_000); // longer than a tab would take to answer (500 ms)
    expect(fourth.url()).toMatch(/\/login\?next=/);
    await context.close();
  }, 60_000);
});
