import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { client } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { DAY_SCHEDULE } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

/** A hospital with a pharmacist, a doctor, stock in two batches and a prescription of 15. */
async function arrange() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const anon = client(rt.url);
  const reg = await anon.post('/tenants', {
    hospitalName: `Pharmacy View ${suffix}`,
    slug: `pharmacy-view-${suffix}`,
    adminName: 'Admin',
    adminEmail: `pharm-${suffix}@example.test`,
    timezone: TZ,
  });
  const tenantId = reg.body.tenant.id;
  const adminLogin = await anon.post('/auth/login', reg.body.credentials);
  const admin = client(rt.url, { token: adminLogin.body.accessToken, tenantId });
  const signedIn = async (role: string, name: string) => {
    const created = await admin.post('/users', {
      name,
      email: `${role.toLowerCase()}-${suffix}@example.test`,
      role,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const login = await anon.post('/auth/login', created.body.credentials);
    return {
      user: created.body.user,
      credentials: created.body.credentials,
      api: client(rt.url, { token: login.body.accessToken, tenantId }),
    };
  };
  const pharmacist = await signedIn('PHARMACIST', 'Priya Pharmacist');
  const doctor = await signedIn('DOCTOR', 'Dr Arjun Rao');
  const dept = await admin.post('/departments', { name: 'General Medicine' });
  await admin.post('/doctors', {
    userId: doctor.user.id,
    departmentId: dept.body.id,
    specialty: 'Internal Medicine',
    consultationFee: 400,
    schedule: DAY_SCHEDULE,
  });
  const patient = await admin.post('/patients/register', {
    name: 'Kavya Menon',
    dateOfBirth: '1990-01-15',
    sex: 'female',
    phone: '+91 99000 12345',
  });
  const encounter = await doctor.api.post('/encounters', { patientId: patient.body.id });
  const rx = await doctor.api.post(`/encounters/${encounter.body.id}/prescriptions`, {
    drugName: 'Paracetamol',
    strength: '500 mg',
    dose: '1 tablet',
    route: 'oral',
    frequency: 'every 6 hours as needed',
    durationDays: 4,
    quantity: 15,
  });
  expect(rx.status, JSON.stringify(rx.body)).toBe(201);
  const item = await pharmacist.api.post('/pharmacy/items', {
    code: 'PARA500',
    genericName: 'Paracetamol',
    brandName: 'Crocin',
    form: 'tablet',
    strength: '500 mg',
    unit: 'tablet',
    packSize: 10,
    pricing: { kind: 'fixed', unitPrice: 200 },
    reorderLevel: 20,
  });
  const today = utcToZonedParts(systemClock.now(), TZ).date;
  const receipt = await pharmacist.api.post('/pharmacy/receipts', {
    supplier: 'Medline Distributors',
    invoiceReference: 'INV-7781',
    lines: [
      {
        itemId: item.body.id,
        batchNumber: 'B-LATE',
        expiryDate: addDays(today, 60),
        quantity: 30,
        unitCost: 120,
      },
      {
        itemId: item.body.id,
        batchNumber: 'A-SOON',
        expiryDate: addDays(today, 20),
        quantity: 10,
        unitCost: 100,
      },
    ],
  });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
  return { pharmacist, item: item.body, encounter: encounter.body, rx: rx.body };
}

describe.skipIf(!chromiumAvailable)('pharmacy pages in a real browser', () => {
  it('stock and batches → expiry scan → dispense a prescription across two batches, first expiry first', async () => {
    const { pharmacist, item, encounter, rx } = await arrange();
    const page = await rt.signedIn(pharmacist.credentials);

    // Stock: the item with 40 on hand, its batches first expiry first.
    await page.click('#nav-pharmacy-stock');
    const row = page.locator(`#pharmacy-items tr[data-item-id="${item.id}"]`);
    await row.waitFor();
    await eventually(() => row.textContent()).toContain('Paracetamol 500 mg tablet (Crocin)');
    await eventually(() => row.locator('td').nth(3).textContent()).toBe('40');
    await row.locator('button').click();
    await page.locator('#pharmacy-batches tr[data-batch-id]').first().waitFor();
    const batches = await page
      .locator('#pharmacy-batches tr[data-batch-id] td:first-child')
      .allTextContents();
    expect(batches).toEqual(['A-SOON', 'B-LATE']);
    await eventually(() => page.textContent('#pharmacy-batches-summary')).toContain(
      'Value at cost 46.00',
    );

    // Expiry scan within 30 days: only the batch expiring in 20 days, 10 × 1.00.
    await page.click('#nav-pharmacy-expiry');
    await page.fill('#pharmacy-expiry-days', '30');
    const scanned = page.waitForEvent('requestfinished', (r) =>
      r.url().includes('/pharmacy/expiry-scan?withinDays=30'),
    );
    await page.click('#pharmacy-expiry-run');
    await scanned;
    const scanRow = page.locator('#pharmacy-expiry tr[data-batch-id]');
    // Opening the section scanned 90 days (both batches); on a busy machine that answer can come
    // after this one is asked for, so wait for the 30-day answer's rows.
    await expect.poll(() => scanRow.count()).toBe(1);
    const cells = await scanRow.locator('td').allTextContents();
    expect(cells[1]).toBe('A-SOON');
    expect(cells[4]).toBe('10');
    expect(cells[5]).toBe('10.00');

    // Dispensing: open the encounter, choose the prescription, dispense all 15.
    await page.click('#nav-pharmacy-dispense');
    await page.fill('#pharmacy-encounter-id', encounter.id);
    await page.click('#pharmacy-encounter-open');
    const rxRow = page.locator(`#pharmacy-rx tr[data-prescription-id="${rx.id}"]`);
    await rxRow.waitFor();
    await rxRow.locator('button').click();
    await page.waitForSelector(`#pharmacy-dispense-item option[value="${item.id}"]`, {
      state: 'attached',
    });
    await eventually(() => page.inputValue('#pharmacy-dispense-quantity')).toBe('15');
    const dispensedLines = () =>
      page
        .locator('#pharmacy-dispense-lines-body tr')
        .evaluateAll((rows) =>
          rows.map((r) => [r.children[0]?.textContent, r.children[2]?.textContent]),
        );

    // A part dispense of 4: the rest (11) stays owed and the form offers it.
    await page.fill('#pharmacy-dispense-quantity', '4');
    await page.click('#pharmacy-dispense-submit');
    await page.waitForSelector('#pharmacy-dispense-result:not([hidden])');
    await eventually(() => dispensedLines()).toEqual([['A-SOON', '4']]);
    await eventually(() => page.textContent('#pharmacy-dispense-owed')).toContain('11 still owed');
    await page.waitForFunction(
      () =>
        (document.querySelector('#pharmacy-dispense-quantity') as HTMLInputElement | null)
          ?.value === '11',
    );

    // The rest: 6 more of the batch expiring first, then 5 of the next.
    await page.click('#pharmacy-dispense-submit');
    await page.waitForFunction(
      () => document.querySelector('#pharmacy-dispense-form')?.hasAttribute('hidden') === true,
    );
    await eventually(() => dispensedLines()).toEqual([
      ['A-SOON', '6'],
      ['B-LATE', '5'],
    ]);
    await eventually(() => page.textContent('#pharmacy-dispense-owed')).toContain(
      'Fully dispensed',
    );
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`#pharmacy-rx tr[data-prescription-id="${id}"]`)
          ?.textContent?.includes('Completed'),
      rx.id,
    );
    await page.screenshot({ path: join(tmpdir(), 'hms-admin-pharmacy.png'), fullPage: true });

    const stock = await pharmacist.api.get(`/pharmacy/items/${item.id}/stock`);
    expect(stock.body.item.onHand).toBe(25);
  });
  it('an older scan answered after a newer one does not replace it', async () => {
    const { pharmacist } = await arrange();
    const page = await rt.signedIn(pharmacist.credentials);

    // Hold the answer to the scan that opening the section makes (90 days: both batches).
    let release = () => {};
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    await page.route(/\/pharmacy\/expiry-scan\?withinDays=90/, async (route) => {
      await held;
      await route.continue();
    });
    await page.click('#nav-pharmacy-expiry');
    await page.fill('#pharmacy-expiry-days', '30');
    await page.click('#pharmacy-expiry-run');
    const scanRow = page.locator('#pharmacy-expiry tr[data-batch-id]');
    await expect.poll(() => scanRow.count()).toBe(1);

    // Now the older answer arrives; the page still shows the 30-day scan.
    const older = page.waitForEvent('requestfinished', (r) => r.url().includes('withinDays=90'));
    release();
    await older;
    await page.evaluate(() => new Promise((ok) => setTimeout(ok, 200)));
    await eventually(() => scanRow.count()).toBe(1);
    await eventually(() => scanRow.locator('td').nth(1).textContent()).toBe('A-SOON');
  });
});
