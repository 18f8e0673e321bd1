import { describe, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';

const rt = useBrowserRuntime();

const WIDE = { viewport: { width: 1366, height: 900 } };

const DEMO = 'This hospital is on its trial';

describe.skipIf(!chromiumAvailable)('empty states on an empty hospital', () => {
  it('offer the next action, and to a trial hospital’s administrator the demo data', async () => {
    const t = await newTenant(rt.url);
    const admin = await rt.signedIn(t.registration.credentials, WIDE);

    // Billing desk: no bills; the next action starts a new invoice; the trial's demo hint.
    await admin.goto(`${rt.url}/billing-desk`);
    const bills = admin.locator('#bill-list .empty-state');
    await bills.waitFor();
    await eventually(() => bills.textContent()).toContain('No bills yet');
    await eventually(() =>
      bills.locator('a', { hasText: 'Start a new invoice' }).getAttribute('href'),
    ).toBe('/billing-desk#bill-patient-q');
    await bills.locator('.empty-state__demo').waitFor();
    await eventually(() => bills.textContent()).toContain(DEMO);
    await eventually(() => bills.locator('.empty-state__demo a').getAttribute('href')).toBe(
      '/hospital-settings#demo-data',
    );
    // The empty row is neither sorted nor hidden by the table's search.
    await admin.fill('#bill-list-search', 'zzz');
    await eventually(() => bills.isVisible()).toBe(true);

    // Bed board: no wards yet, said in the status line with where to look.
    await admin.goto(`${rt.url}/bed-board`);
    const wards = admin.locator('#board-status .empty-state');
    await wards.waitFor();
    await eventually(() => wards.textContent()).toContain('No wards yet');
    await eventually(() => wards.locator('.empty-state__actions a').textContent()).toBe(
      'How to add wards (API reference)',
    );

    // Workspace outpatients: no doctors yet, with where to add them (no raw routes).
    await admin.goto(`${rt.url}/admin#/opd`);
    const doctors = admin.locator('#opd-no-doctors .empty-state');
    await doctors.waitFor();
    await eventually(() => doctors.textContent()).toContain('No doctors have been set up');
    await eventually(() => doctors.textContent()).not.toContain('POST /');
    await eventually(() => doctors.locator('.empty-state__actions a').allTextContents()).toEqual([
      'Add staff',
      'Doctor profiles (API reference)',
    ]);

    // Pharmacy: an empty formulary says who fills it.
    await admin.goto(`${rt.url}/admin#/pharmacy/stock`);
    const formulary = admin.locator('#pharmacy-items .empty-state');
    await formulary.waitFor();
    await eventually(() => formulary.textContent()).toContain('No medicines in the formulary yet');
    await eventually(() => formulary.textContent()).not.toContain('POST /pharmacy/items');
    await admin.context().close();

    // A cashier sees the billing desk's next action but not the administrator's demo hint.
    const email = `cash-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const created = await t.admin.post('/users', { name: 'Cara Cashier', email, role: 'CASHIER' });
    const cashierPage = await rt.signedIn(
      { email, password: created.body.credentials.password },
      WIDE,
    );
    await cashierPage.goto(`${rt.url}/billing-desk`);
    const cashierBills = cashierPage.locator('#bill-list .empty-state');
    await cashierBills.waitFor();
    await eventually(() => cashierBills.locator('a').count()).toBe(1);
    await cashierPage.waitForLoadState('networkidle');
    await eventually(() => cashierBills.textContent()).not.toContain(DEMO);
    await cashierPage.context().close();
  }, 90_000);
});
