import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { chromiumAvailable, launchChromium, watchPage } from '../support/browser';
import { HIGH_NEWS2_VITALS, inpatientHospital, must } from '../support/inpatient';
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
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchPage(page, problems);
  return page;
}

const bed = (page: Page, code: string) =>
  page.locator('#bed-board li.bed', { has: page.locator('.bed__code', { hasText: code }) });

describe.skipIf(!chromiumAvailable)('the bed board in a real browser', () => {
  it('shows beds by state with patients and escalations, and admits, transfers, discharges and cleans', async () => {
    // Arrange through the API: two wards, one patient already in bed A01 with NEWS2 8.
    const h = await inpatientHospital(rt.url);
    const medical = await h.ward({ name: 'Medical A' }, 3);
    const surgical = await h.ward({ name: 'Surgical B' }, 2);
    const first = await h.patient({ name: 'Kavya Menon' });
    const second = await h.patient({ name: 'Rahul Verma', sex: 'male' });
    const adm = await must(h.admit(first.id, { bedId: medical.beds[0].id }), 201, 'admission');
    await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, HIGH_NEWS2_VITALS),
      201,
      'obs',
    );

    const page = await newPage();
    await page.goto(`${rt.url}/login`);
    await page.fill('#email', h.registration.credentials.email);
    await page.fill('#password', h.registration.credentials.password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin/);
    await page.click('#nav-bed-board');
    await page.waitForURL(/\/bed-board/);
    await page.waitForSelector('body[data-ready="true"]');
    await page.selectOption('#ward-select', medical.id);
    await page.waitForSelector('#bed-board li.bed--occupied');

    // Beds coloured by state, the patient in A01, and the escalation flag.
    expect(await bed(page, 'A01').getAttribute('class')).toContain('bed--occupied');
    expect(await bed(page, 'A01').getAttribute('class')).toContain('bed--escalate');
    expect(await bed(page, 'A01').textContent()).toContain('Kavya Menon');
    expect(await bed(page, 'A01').textContent()).toContain('NEWS2 8: needs escalation');
    expect(await bed(page, 'A02').getAttribute('class')).toContain('bed--unoccupied');
    expect(await page.textContent('#escalation-count')).toBe('1 needing escalation');
    expect(await page.textContent('#availability-total')).toBe('4 free of 5 beds in 2 wards');

    // Admit the second patient to the first free bed of the ward.
    await page.fill('#admit-patient-q', second.mrn);
    await page.click('#admit-patient-search');
    await page.waitForSelector(`#admit-patient option[value="${second.id}"]`, {
      state: 'attached',
    });
    await page.selectOption('#admit-doctor', h.doctor.id);
    await page.selectOption('#admit-source', 'emergency');
    await page.fill('#admit-reason', 'Appendicitis, for surgery');
    await page.click('#admit-submit');
    await page.waitForFunction(() =>
      document.querySelector('#admit-status')?.textContent?.includes('Admitted to bed A02'),
    );
    await page.waitForFunction(
      () =>
        document.querySelector('#availability-total')?.textContent ===
        '3 free of 5 beds in 2 wards',
    );
    await bed(page, 'A02').filter({ hasText: 'Rahul Verma' }).waitFor();

    // Transfer the patient in A01 to the surgical ward: A01 goes to housekeeping.
    await bed(page, 'A01').locator('.bed__open').click();
    await page.waitForSelector('#admission-panel:not([hidden])');
    expect(await page.textContent('#admission-patient')).toBe('Kavya Menon');
    await page.selectOption('#transfer-ward', surgical.id);
    await page.fill('#transfer-reason', 'Surgical review');
    await page.click('#transfer-submit');
    await page.waitForFunction(() =>
      document
        .querySelector('#transfer-status')
        ?.textContent?.includes('Transferred to Surgical B bed A01'),
    );
    await page.waitForFunction(
      () => document.querySelector('#bed-board li.bed--housekeeping') !== null,
    );
    await page.locator('#bed-board li.bed--housekeeping', { hasText: 'A01' }).waitFor();

    // Discharge home is refused while NEWS2 needs escalation (the service's message is shown);
    // the patient in A02 has no observation and is discharged.
    await bed(page, 'A02').locator('.bed__open').click();
    await page.fill('#discharge-diagnosis', 'Acute appendicitis');
    await page.fill('#discharge-condition', 'Well');
    await page.selectOption('#discharge-disposition', 'home');
    await page.click('#discharge-submit');
    await page.waitForFunction(() =>
      document
        .querySelector('#discharge-status')
        ?.textContent?.includes('Discharged; bed A02 goes to housekeeping'),
    );
    await page.waitForFunction(
      () => document.querySelectorAll('#bed-board li.bed--housekeeping').length === 2,
    );

    // Mark A01 clean: it is free again.
    await bed(page, 'A01').locator('.bed__clean').click();
    await page.waitForFunction(() =>
      document.querySelector('#board-status')?.textContent?.includes('Bed A01 is clean and free'),
    );
    await page.locator('#bed-board li.bed--unoccupied', { hasText: 'A01' }).waitFor();

    // The surgical ward's board shows the transferred patient still flagged.
    await page.selectOption('#ward-select', surgical.id);
    await page.waitForFunction(() =>
      document.querySelector('#bed-board li.bed--escalate')?.textContent?.includes('Kavya Menon'),
    );
    await bed(page, 'A01').locator('.bed__open').click();
    await page.fill('#discharge-diagnosis', 'Pneumonia');
    await page.fill('#discharge-condition', 'Improved');
    await page.selectOption('#discharge-disposition', 'home');
    await page.click('#discharge-submit');
    await page.waitForFunction(() =>
      document.querySelector('#discharge-status')?.textContent?.includes('needs escalation'),
    );
    await page.screenshot({ path: join(tmpdir(), 'hms-bed-board.png'), fullPage: true });
  });
});
