import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client } from '../support/api';
import { billingHospital, ok } from '../support/billing';
import { chromiumAvailable, eventually, focusOf, useBrowserRuntime } from '../support/browser';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

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

    const page = await rt.signedIn({ email, password: cashier.body.credentials.password });

    await page.goto(`${rt.url}/billing-desk`);
    const row = page.locator(`#bill-list tr[data-invoice-id="${invoice.id}"]`);
    await row.waitFor();
    await eventually(() => row.textContent()).toContain(invoice.number);
    await row.locator('a').click();
    await page.waitForSelector('#payment-form:not([hidden])');
    await eventually(() => page.textContent('#invoice-title')).toBe(`Invoice ${invoice.number}`);
    await eventually(() => page.locator('#invoice-lines tbody tr').count()).toBe(2);
    await eventually(() => page.textContent('#invoice-total')).toContain('680.50');
    // The amount field offers what is due.
    await eventually(() => page.inputValue('#pay-amount')).toBe('680.50');

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
    await eventually(() => cardBar.getAttribute('data-amount')).toBe('50000');
    expect(Number(await cardBar.getAttribute('height'))).toBeGreaterThan(0);
    const owed = page.locator('#dash-chart rect[data-bar="outstanding-0"]');
    await eventually(() => owed.getAttribute('data-amount')).toBe('18050');
    await eventually(() => page.textContent('#dash-outstanding')).toContain('180.50');

    // Paying the rest balances it and hides the form.
    await page.fill('#pay-amount', '180.50');
    await page.selectOption('#pay-method', 'cash');
    await page.click('#pay-submit');
    await page.waitForFunction(
      () => document.querySelector('#invoice-status')?.textContent === 'balanced',
    );
    await eventually(() => page.isHidden('#payment-form')).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'hms-billing-desk.png'), fullPage: true });
  }, 60_000);

  it('a cashier goes from an empty desk to a paid invoice without typing an id: patient picked, charges from the price list with tax, "1,000" taken, per-field errors and focus', async () => {
    const h = await billingHospital(rt.url, TZ);
    const patient = await h.patient({ name: 'Meera Desk Pillai' });
    // The price list: an X-ray with 5% tax added, a dressing without tax.
    await ok(
      h.accountant.api.put('/billing/tariffs/XRAY-CHEST', {
        name: 'Chest X-ray',
        serviceType: 'radiology',
        unitPrice: 80_000,
        taxRateBp: 500,
        taxInclusive: false,
      }),
    );
    await ok(
      h.accountant.api.put('/billing/tariffs/DRESSING', {
        name: 'Wound dressing',
        serviceType: 'procedure',
        unitPrice: 15_000,
        taxRateBp: 0,
        taxInclusive: false,
      }),
    );
    const email = `till-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const cashier = await h.admin.post('/users', { name: 'Tara Till', email, role: 'CASHIER' });
    const page = await rt.newPage();
    await page.goto(`${rt.url}/login`);
    await page.fill('#email', email);
    await page.fill('#password', cashier.body.credentials.password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin|\/billing-desk/);
    await page.goto(`${rt.url}/billing-desk`);
    await page.waitForSelector('#charge-tariff option[value="XRAY-CHEST"]', { state: 'attached' });
    await eventually(() => page.textContent('#charge-tariff option[value="XRAY-CHEST"]')).toContain(
      '5% added',
    );

    // Nothing chosen: the picker says so and takes the focus.
    await page.click('#invoice-submit');
    await eventually(() => page.textContent('#bill-patient-error')).toContain('Choose a patient');
    await focusOf(page).toBe('bill-patient-q');

    // The patient by name, never by id.
    await page.fill('#bill-patient-q', 'Meera Desk');
    const match = page.locator('#bill-patient-results button', { hasText: patient.mrn });
    await match.waitFor();
    await match.click();
    await page.waitForFunction(() =>
      document.querySelector('#charges-empty')?.textContent?.includes('no charges to bill'),
    );
    await eventually(() => page.textContent('#bill-patient-error')).toBe('');

    // A charge without a service: the error sits under the field, which takes the focus.
    await page.click('#charge-submit');
    await eventually(() => page.textContent('#charge-tariff-error')).toContain('Choose a service');
    await eventually(() => page.getAttribute('#charge-tariff', 'aria-invalid')).toBe('true');
    await focusOf(page).toBe('charge-tariff');
    await page.selectOption('#charge-tariff', 'XRAY-CHEST');
    await page.fill('#charge-qty', 'two');
    await page.click('#charge-submit');
    await eventually(() => page.textContent('#charge-qty-error')).toContain('whole number');
    await focusOf(page).toBe('charge-qty');
    await page.fill('#charge-qty', '2');
    await eventually(() => page.textContent('#charge-price')).toContain('1,680.00');
    await page.click('#charge-submit');
    await page.waitForSelector('#charge-status .alert-success');
    await page.selectOption('#charge-tariff', 'DRESSING');
    await page.click('#charge-submit');
    await page.waitForFunction(
      () => document.querySelectorAll('#charge-list tbody tr').length === 2,
    );
    await eventually(() => page.textContent('#charge-list')).toContain('5% added');

    // Untick everything: the invoice needs a charge.
    for (const box of await page.locator('#charge-list tbody input[type=checkbox]').all())
      await box.uncheck();
    await page.click('#invoice-submit');
    await eventually(() => page.textContent('#charges-error')).toContain(
      'Tick at least one charge',
    );
    await focusOf(page).toMatch(/^charge-/);
    for (const box of await page.locator('#charge-list tbody input[type=checkbox]').all())
      await box.check();

    // Created and issued: the invoice opens with its tax, and the amount field has the focus.
    await page.click('#invoice-submit');
    await page.waitForFunction(
      () => document.querySelector('#invoice-status')?.textContent === 'issued',
    );
    await page.waitForFunction(() => document.activeElement?.id === 'pay-amount');
    await eventually(() => page.textContent('#invoice-tax')).toContain('80.00');
    await eventually(() => page.textContent('#invoice-total')).toContain('1,830.00');
    await eventually(() => page.inputValue('#pay-amount')).toBe('1830.00');
    await eventually(() => page.locator('#invoice-lines tbody tr').count()).toBe(2);

    // Not an amount, then more than is due: said under the field, in rupees.
    await page.fill('#pay-amount', '18,30');
    await page.click('#pay-submit');
    await eventually(() => page.textContent('#pay-amount-error')).toContain(
      'Enter an amount in INR',
    );
    await focusOf(page).toBe('pay-amount');
    await page.fill('#pay-amount', '5,000');
    await page.click('#pay-submit');
    await page.waitForFunction(() =>
      document.querySelector('#pay-amount-error')?.textContent?.includes('1,830.00 due'),
    );
    await eventually(() => page.textContent('#pay-amount-error')).not.toContain('183000');
    await focusOf(page).toBe('pay-amount');

    // "1,000" is a thousand rupees; the balance follows.
    await page.fill('#pay-amount', '1,000');
    await page.click('#pay-submit');
    await page.waitForSelector('#pay-status .alert-success');
    await page.waitForFunction(() =>
      document.querySelector('#invoice-balance')?.textContent?.includes('830.00'),
    );
    await eventually(() => page.textContent('#pay-amount-error')).toBe('');
    await focusOf(page).toBe('pay-status');
    await page.fill('#pay-amount', '830');
    await page.click('#pay-submit');
    await page.waitForFunction(
      () => document.querySelector('#invoice-status')?.textContent === 'balanced',
    );
    await eventually(() => page.isHidden('#payment-form')).toBe(true);

    const api = client(rt.url, { token: h.cashier.token, tenantId: h.tenantId });
    const bills = (await api.get(`/billing?patientId=${patient.id}`)).body.items;
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ status: 'balanced', total: 183_000, paid: 183_000 });
    const paid = (await api.get(`/billing/${bills[0].id}`)).body.payments.map(
      (p: { amount: number }) => p.amount,
    );
    expect(paid.sort()).toEqual([100_000, 83_000].sort());
  }, 90_000);

  it('the bills table is sorted by a header (aria-sort, by keyboard), searched by a box, and keeps both when the list refreshes', async () => {
    const h = await billingHospital(rt.url, TZ);
    const names = ['Zara Sortwell', 'Anil Sortwell', 'Maya Sortwell'];
    const prices = [30_000, 10_000, 20_000]; // ₹300, ₹100, ₹200 (no tax on the stand-in: inclusive)
    const invoices: { id: string; number: string }[] = [];
    for (const [i, name] of names.entries()) {
      const p = await h.patient({ name });
      await h.dispenseStandIn(p.id, prices[i], 1);
      invoices.push(await h.issuedInvoice(p.id));
    }
    const email = `sort-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const cashier = await h.admin.post('/users', { name: 'Sam Sorter', email, role: 'CASHIER' });
    const page = await rt.newPage();
    await page.goto(`${rt.url}/login`);
    await page.fill('#email', email);
    await page.fill('#password', cashier.body.credentials.password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin|\/billing-desk/);
    await page.goto(`${rt.url}/billing-desk`);
    for (const inv of invoices)
      await page.locator(`#bill-list tr[data-invoice-id="${inv.id}"]`).waitFor();
    const patients = () =>
      page.$$eval('#bill-list tbody tr:not([hidden]) td:nth-child(2)', (cells) =>
        cells.map((c) => (c.textContent ?? '').replace(/ \(.*$/, '')),
      );
    const header = (name: string) =>
      page.locator('#bill-list thead th', { has: page.getByRole('button', { name }) });

    // Newest first as the service answers; no column claims a sort yet.
    await eventually(() => patients()).toEqual(['Maya Sortwell', 'Anil Sortwell', 'Zara Sortwell']);
    await eventually(() => page.locator('#bill-list thead th[aria-sort]').count()).toBe(0);
    // The actions-free headers are buttons: reached by Tab and pressed with Enter.
    await page.getByRole('button', { name: 'Total' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => header('Total').getAttribute('aria-sort')).toBe('ascending');
    await eventually(() => patients()).toEqual(['Anil Sortwell', 'Maya Sortwell', 'Zara Sortwell']);
    await page.keyboard.press('Enter');
    await eventually(() => header('Total').getAttribute('aria-sort')).toBe('descending');
    await eventually(() => patients()).toEqual(['Zara Sortwell', 'Maya Sortwell', 'Anil Sortwell']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await eventually(() => header('Patient').getAttribute('aria-sort')).toBe('ascending');
    await eventually(() => header('Total').getAttribute('aria-sort')).toBeNull();
    await eventually(() => patients()).toEqual(['Anil Sortwell', 'Maya Sortwell', 'Zara Sortwell']);

    // The search box hides the rows without every word typed, and says how many are shown.
    await page.fill('#bill-list-search', 'zara sortwell');
    await eventually(() => patients()).toEqual(['Zara Sortwell']);
    await eventually(() => page.textContent('#bill-list-search-count')).toBe('1 of 3 rows shown');
    await page.fill('#bill-list-search', 'sortwell');
    await eventually(() => patients()).toEqual(['Anil Sortwell', 'Maya Sortwell', 'Zara Sortwell']);

    // A refresh redraws the rows: the sort and the search hold.
    await page.fill('#bill-list-search', 'a sortwell');
    await page.$$eval('#bill-list tbody tr', (rows) => {
      for (const r of rows) r.setAttribute('data-old', '');
    });
    await page.locator('#billing-live button', { hasText: 'Refresh' }).click();
    // Every row drawn anew (in the service's order, newest first), then sorted again.
    await page.waitForFunction(() => !document.querySelector('#bill-list tbody tr[data-old]'));
    await eventually(() => header('Patient').getAttribute('aria-sort')).toBe('ascending');
    await eventually(() => patients()).toEqual(['Anil Sortwell', 'Maya Sortwell', 'Zara Sortwell']);
    await page.fill('#bill-list-search', 'maya');
    await eventually(() => patients()).toEqual(['Maya Sortwell']);
  }, 60_000);
});
