import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import { client } from '../support/api';
import { billingHospital } from '../support/billing';
import { chromiumAvailable, launchChromium, watchPage } from '../support/browser';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  if (!chromiumAvailable) return;
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  resetClock();
  await browser?.close();
  await rt?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchPage(page, problems);
  return page;
}

afterEach(() => {
  expect(problems).toEqual([]);
});

describe.skipIf(!chromiumAvailable)('the billing desk in a real browser', () => {
  it('a cashier opens an invoice, takes a card payment (posted once on a double click), and the dashboard chart shows it', async () => {
    // Arrange through the API: a rupee hospital, a consultation and a dispense, an issued invoice.
    const h = await billingHospital(rt.url, TZ);
    const patient = await h.patient();
    await h.consultation(patient.id);
    await h.dispenseStandIn(patient.id);
    const invoice = await h.issuedInvoice(patient.id); // ₹650.50 + ₹30.00 = ₹680.50
    expect(invoice.total).toBe(68_050);
    const email = `desk-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const cashier = await h.admin.post('/users', { name: 'Kiran Cashier', email, role: 'CASHIER' });

    const page = await newPage();
    await page.goto(`${rt.url}/login`);
    await page.fill('#email', email);
    await page.fill('#password', cashier.body.credentials.password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin/);

    await page.goto(`${rt.url}/billing-desk`);
    const row = page.locator(`#bill-list tr[data-invoice-id="${invoice.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(invoice.number);
    await row.locator('a').click();
    await page.waitForSelector('#payment-form:not([hidden])');
    expect(await page.textContent('#invoice-title')).toBe(`Invoice ${invoice.number}`);
    expect(await page.locator('#invoice-lines tbody tr').count()).toBe(2);
    expect(await page.textContent('#invoice-total')).toContain('680.50');
    // The amount field offers what is due.
    expect(await page.inputValue('#pay-amount')).toBe('680.50');

    await page.selectOption('#pay-method', 'card');
    await page.fill('#pay-amount', '500');
    await page.fill('#pay-reference', 'slip 9921');
    // A double click posts once (the button is disabled while posting; a retried request would
    // carry the form's same Idempotency-Key).
    await page.dblclick('#pay-submit');
    await page.waitForSelector('#pay-status .alert-success');
    await page.waitForFunction(() =>
      document.querySelector('#invoice-balance')?.textContent?.includes('180.50'),
    );
    const api = client(rt.url, { token: h.cashier.token, tenantId: h.tenantId });
    const after = (await api.get(`/billing/${invoice.id}`)).body;
    expect(after).toMatchObject({ status: 'issued', paid: 50_000, balance: 18_050 });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      method: 'card',
      amount: 50_000,
      reference: 'slip 9921',
    });

    // The dashboard: figures and the chart drawn in the page from the same answer.
    await page.waitForFunction(() =>
      document.querySelector('#dash-collected-today')?.textContent?.includes('500.00'),
    );
    const cardBar = page.locator('#dash-chart rect[data-bar="collected-card"]');
    expect(await cardBar.getAttribute('data-amount')).toBe('50000');
    expect(Number(await cardBar.getAttribute('height'))).toBeGreaterThan(0);
    const owed = page.locator('#dash-chart rect[data-bar="outstanding-0"]');
    expect(await owed.getAttribute('data-amount')).toBe('18050');
    expect(await page.textContent('#dash-outstanding')).toContain('180.50');

    // Paying the rest balances it and hides the form.
    await page.fill('#pay-amount', '180.50');
    await page.selectOption('#pay-method', 'cash');
    await page.click('#pay-submit');
    await page.waitForFunction(
      () => document.querySelector('#invoice-status')?.textContent === 'balanced',
    );
    expect(await page.isHidden('#payment-form')).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'hms-billing-desk.png'), fullPage: true });
  }, 60_000);
});
