import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { client } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { diagnosticsHospital, must } from '../support/diagnostics';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

// The browser is in New York, the hospital in Kolkata: times follow the hospital.
const NEW_YORK = { viewport: { width: 1280, height: 1000 }, timezoneId: 'America/New_York' };

describe.skipIf(!chromiumAvailable)('the diagnostics workbench in a real browser', () => {
  it('a technician collects, enters results and sees the flags, the critical and the cumulative table; radiology shows a blocked order', async () => {
    const h = await diagnosticsHospital(rt.url, TZ);
    const suffix = Math.random().toString(36).slice(2, 8);
    const made = await must(
      h.admin.post('/users', {
        name: 'Lata Tech',
        email: `lata-${suffix}@example.test`,
        role: 'LAB_TECHNICIAN',
      }),
      201,
      'technician',
    );
    const { patient, encounter } = await h.encounterFor({
      sex: 'male',
      dateOfBirth: '1972-07-07',
      name: 'Vikram Shah',
    });
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'encounter', id: encounter.id },
        codes: ['58410-2'],
        priority: 'stat',
      }),
      201,
      'order',
    );
    await must(
      h.radiologist.api.put('/radiology/procedures/MR-BRAIN', {
        name: 'MRI brain',
        modality: 'MR',
        bodyPart: 'Head',
        contrast: false,
        priceMinor: 700000,
      }),
      200,
      'procedure',
    );
    const mri = await must(
      h.doctorUser.api.post('/radiology/orders', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'MR-BRAIN',
        clinicalQuestion: 'New headaches: mass?',
      }),
      201,
      'mri',
    );

    const page = await rt.signedIn(made.credentials, NEW_YORK);
    await page.goto(`${rt.url}/diagnostics`);

    // Pending collection → collect.
    const row = page.locator(`#lab-body tr[data-order-id="${order.id}"]`);
    await row.waitFor();
    await eventually(() => row.textContent()).toContain('Vikram Shah');
    // Ordered at, in the hospital's zone and the pages' one format (`25 Nov 2026, 09:00`).
    const kolkata = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TZ,
    }).format(new Date(order.orderedAt));
    await eventually(() => row.locator('td').nth(3).textContent()).toBe(kolkata);
    await row.getByRole('button', { name: 'Collect' }).click();
    await page.waitForSelector('#dx-status .alert-success');
    await eventually(() => page.textContent('#dx-status')).toMatch(/accession L\d{8}/);

    // Pending entry → enter results → flags from the service.
    await page.click('[data-lab-list="entry"]');
    const entryRow = page.locator(`#lab-body tr[data-order-id="${order.id}"]`);
    await entryRow.getByRole('button', { name: 'Enter results' }).click();
    await page.waitForSelector('#entry-card:not([hidden])');
    await page.fill('#result-718-7', '6.2');
    await page.fill('#result-4544-3', '40');
    await page.fill('#result-6690-2', '7');
    await page.fill('#result-777-3', '520');
    await page.click('#entry-save');
    await page.waitForSelector('#entry-body tr[data-code="718-7"] [data-flag="LL"]');
    const flags = await page.$$eval('#entry-body tr[data-code]', (rows) =>
      rows.map((r) => [
        (r as HTMLElement).dataset.code,
        r.querySelector('[data-flag]')?.getAttribute('data-flag'),
      ]),
    );
    expect(flags).toEqual([
      ['718-7', 'LL'],
      ['4544-3', 'N'],
      ['6690-2', 'N'],
      ['777-3', 'H'],
    ]);
    await eventually(() => page.textContent('#entry-body tr[data-code="718-7"]')).toContain(
      '13.2–16.6',
    );
    // The same technician may not verify: the service's refusal is shown.
    await page.click('#entry-verify');
    await page.waitForSelector('#entry-error .alert-error');
    await eventually(() => page.textContent('#entry-error')).toMatch(/second person/);

    // The cumulative table.
    await page.click('#entry-cumulative');
    await page.waitForSelector('#cumulative-body tr[data-code="718-7"]');
    await eventually(() => page.textContent('#cumulative-body tr[data-code="718-7"]')).toMatch(
      /6\.2\s*LL critical/,
    );
    await eventually(() => page.inputValue('#cumulative-patient')).toBe(patient.id);

    // The unacknowledged critical.
    await page.click('[data-lab-list="criticals"]');
    await page.waitForSelector('#lab-body tr[data-alert-id]');
    await eventually(() => page.textContent('#lab-body')).toMatch(/Haemoglobin: 6\.2 g\/dL/);

    // A lab technician sees no radiology worklists.
    await eventually(() => page.isHidden('#rad-section')).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'hms-diagnostics-lab.png'), fullPage: true });

    // What the page did went through the API: the order now awaits verification.
    const stored = await client(rt.url, { token: h.tech2.token, tenantId: h.tenantId }).get(
      `/lab/orders/${order.id}`,
    );
    expect(stored.body.step).toBe('awaiting-verification');

    // A radiographer sees the MRI waiting with its implant question open, and no lab worklists.
    const rg = await must(
      h.admin.post('/users', {
        name: 'Ravi Radiographer',
        email: `ravi-${suffix}@example.test`,
        role: 'RADIOGRAPHER',
      }),
      201,
      'radiographer',
    );
    const radPage = await rt.signedIn(rg.credentials, NEW_YORK);
    await radPage.goto(`${rt.url}/diagnostics`);
    const radRow = radPage.locator(`#rad-body tr[data-accession="${mri.accession}"]`);
    await radRow.waitFor();
    await eventually(() => radRow.textContent()).toContain('blocked: implant unanswered');
    await eventually(() => radPage.isHidden('#lab-section')).toBe(true);
    await radPage.screenshot({
      path: join(tmpdir(), 'hms-diagnostics-radiology.png'),
      fullPage: true,
    });
  }, 120_000);
});
