/**
 * One-click demo data (issue 24): the settings page's "Demo data" card fills an empty hospital on
 * its trial through `POST /demo`, showing the step it is at while it runs, and refuses a hospital
 * with patients of its own with the service's sentence. (The settings page is an administrator's.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { must } from '../support/inpatient';

const rt = useBrowserRuntime();

async function adminPage(t: Awaited<ReturnType<typeof newTenant>>): Promise<Page> {
  const page = await rt.pageAs({
    token: t.token,
    tenantId: t.tenantId,
    user: { id: t.registration.admin.id, name: 'Asha Admin', role: 'ADMIN' },
  });
  await page.goto(`${rt.url}/hospital-settings#demo-data`);
  await page.locator('#demo-data').waitFor();
  return page;
}

describe.skipIf(!chromiumAvailable)('the demo data card', () => {
  it('fills an empty trial hospital, showing each step while it runs', async () => {
    const t = await newTenant(rt.url);
    const page = await adminPage(t);
    await eventually(() => page.textContent('#demo-intro')).toContain('no patients yet');
    await page.click('#demo-fill');
    await eventually(() => page.textContent('#demo-status')).toMatch(
      /Generating: step \d+ of 17, /,
    );
    await eventually(() => page.isVisible('#demo-progress')).toBe(true);
    await expect
      .poll(() => page.textContent('#demo-status'), { timeout: 150_000, interval: 200 })
      .toContain('This hospital has its demo data (30 patients');
    await eventually(() => page.isVisible('#demo-progress')).toBe(false);
    await eventually(() => page.isDisabled('#demo-fill')).toBe(true);
    const patients = await must(t.admin.get('/patients?limit=100'), 200, 'patients');
    expect(patients.items).toHaveLength(30);

    // Opened again, the card says the hospital has its demo data.
    await page.reload();
    await eventually(() => page.textContent('#demo-status')).toContain(
      'This hospital has its demo data',
    );
    await page.context().close();
  }, 180_000);

  it('refuses a hospital with patients of its own, in a sentence, and adds nothing', async () => {
    const t = await newTenant(rt.url);
    await must(
      t.admin.post('/patients/register', {
        name: 'Real Patient',
        dateOfBirth: '1980-02-03',
        sex: 'female',
        phone: '+91 9812345678',
      }),
      201,
      'patient',
    );
    const page = await adminPage(t);
    await page.click('#demo-fill');
    await eventually(() => page.textContent('#demo-status')).toContain(
      'This hospital already has patients of its own, so demo data would mix with them',
    );
    await eventually(() => page.isDisabled('#demo-fill')).toBe(false);
    expect((await must(t.admin.get('/demo'), 200, 'status')).state).toBe('none');
    expect((await must(t.admin.get('/patients?limit=100'), 200, 'p')).items).toHaveLength(1);
    await page.context().close();
  }, 60_000);
});
