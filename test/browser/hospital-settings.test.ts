import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';

// The settings page (/hospital-settings) in Chromium: an administrator picks a currency and a
// country from lists, turns auto-approval of prescriptions on as a doctor picked from the staff,
// saves, and GET /settings holds it; a change made meanwhile is a 409 the page says, and then
// shows the settings as they are. No CSP violation on the way.

const rt = useBrowserRuntime();

describe.skipIf(!chromiumAvailable)('the settings page in a real browser', () => {
  it('saves what the administrator picks, and says when the settings changed meanwhile', async () => {
    const h = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    const doctor = await h.staff('DOCTOR');
    const { email, password } = h.registration.credentials;
    const page = await rt.signedIn({ email, password });
    await page.goto(`${rt.url}/hospital-settings`);
    // The form is filled once the version and the action types' rows are shown.
    await page.locator('#auto-prescription').waitFor();
    await eventually(() => page.textContent('#settings-version')).toBe('0');
    await eventually(() => page.inputValue('#hospital-country')).toBe('IN');
    await eventually(() => page.textContent('#hospital-timezone')).toBe('Asia/Kolkata');

    await page.selectOption('#billing-currency', 'INR');
    await page.selectOption('#hospital-country', 'LK');
    await page.fill('#billing-tax', '18');
    await page.check('#auto-prescription');
    await page.selectOption('#as-prescription', doctor.user.id);
    await page.click('#settings-save');
    await page.locator('#app-status', { hasText: 'Saved: version 1.' }).waitFor();

    const saved = (await h.admin.get('/settings')).body;
    expect(saved.version).toBe(1);
    expect(saved.hospital.country).toBe('LK');
    expect(saved.billing).toMatchObject({ currency: 'INR', consultationTaxRateBp: 1800 });
    expect(
      saved.agents.actionTypes.find((t: { type: string }) => t.type === 'prescription'),
    ).toMatchObject({ autoApprove: true, autoApproveAs: doctor.user.id });
    await eventually(() => page.textContent('#settings-changes')).toContain('billing.currency');

    // Someone else changes a setting; the page's save of its older version is refused and it
    // shows the settings as they are now.
    expect(
      (await h.admin.put('/settings', { hospital: { name: 'Renamed elsewhere' } })).status,
    ).toBe(200);
    await page.fill('#agents-rate', '25');
    await page.click('#settings-save');
    await page.locator('#app-status', { hasText: 'changed since version 1' }).waitFor();
    await page.locator('#settings-version', { hasText: '2' }).waitFor();
    await eventually(() => page.inputValue('#hospital-name')).toBe('Renamed elsewhere');
    expect((await h.admin.get('/settings')).body.agents.rateLimitPerMinute).toBe(10);
    await page.context().close();
  }, 60_000);
});
