/**
 * Empty states on a new, empty hospital (issue 24): each older page says what is missing and
 * offers the next action to the roles that may take it, and to an administrator of a hospital on
 * its trial, how to fill it with the demo hospital.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { newTenant } from '../support/api';
import {
  chromiumAvailable,
  eventually,
  launchChromium,
  signIn,
  watchPage,
} from '../support/browser';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  if (!chromiumAvailable) return;
  rt = await startTestRuntime();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await rt?.close();
});

afterEach(() => {
  expect(problems).toEqual([]);
  problems.length = 0;
});

async function signedIn(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  watchPage(page, problems);
  await signIn(page, rt.url, email, password);
  return page;
}

const DEMO = 'This hospital is on its trial';

describe.skipIf(!chromiumAvailable)('empty states on an empty hospital', () => {
  it('offer the next action, and to a trial hospital’s administrator the demo data', async () => {
    const t = await newTenant(rt.url);
    const admin = await signedIn(
      t.registration.credentials.email,
      t.registration.credentials.password,
    );

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
    const cashierPage = await signedIn(email, created.body.credentials.password);
    await cashierPage.goto(`${rt.url}/billing-desk`);
    const cashierBills = cashierPage.locator('#bill-list .empty-state');
    await cashierBills.waitFor();
    await eventually(() => cashierBills.locator('a').count()).toBe(1);
    await cashierPage.waitForLoadState('networkidle');
    await eventually(() => cashierBills.textContent()).not.toContain(DEMO);
    await cashierPage.context().close();
  }, 90_000);
});
