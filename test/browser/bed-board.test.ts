import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import {
  chromiumAvailable,
  eventually,
  focusOf,
  signIn,
  useBrowserRuntime,
} from '../support/browser';
import { HIGH_NEWS2_VITALS, inpatientHospital, must } from '../support/inpatient';

const rt = useBrowserRuntime();

const bed = (page: Page, code: string) =>
  page.locator('#bed-board li.bed', { has: page.locator('.bed__code', { hasText: code }) });

/** Signs the hospital's administrator in on `page` and opens the bed board on a ward. */
async function boardOf(
  page: Page,
  credentials: { email: string; password: string },
  wardId: string,
): Promise<void> {
  await signIn(page, rt.url, credentials.email, credentials.password);
  await page.goto(`${rt.url}/bed-board`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#ward-select', wardId);
}

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

    const page = await rt.signedIn(h.registration.credentials);
    await page.click('#nav-bed-board');
    await page.waitForURL(/\/bed-board/);
    await page.waitForSelector('body[data-ready="true"]');
    await page.selectOption('#ward-select', medical.id);
    await page.waitForSelector('#bed-board li.bed--occupied');

    // Beds coloured by state, the patient in A01, and the escalation flag.
    await eventually(() => bed(page, 'A01').getAttribute('class')).toContain('bed--occupied');
    await eventually(() => bed(page, 'A01').getAttribute('class')).toContain('bed--escalate');
    await eventually(() => bed(page, 'A01').textContent()).toContain('Kavya Menon');
    await eventually(() => bed(page, 'A01').textContent()).toContain('NEWS2 8: needs escalation');
    await eventually(() => bed(page, 'A02').getAttribute('class')).toContain('bed--unoccupied');
    await eventually(() => page.textContent('#escalation-count')).toBe('1 needing escalation');
    await eventually(() => page.textContent('#availability-total')).toBe(
      '4 free of 5 beds in 2 wards',
    );

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
    await eventually(() => page.textContent('#admission-patient')).toBe('Kavya Menon');
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

  it('names each bed button by its bed, marks required fields, puts errors under their fields and the focus where the work goes on', async () => {
    const h = await inpatientHospital(rt.url);
    const ward = await h.ward({ name: 'Focus Ward' }, 2);
    const other = await h.ward({ name: 'Step-down' }, 1);
    const patient = await h.patient({ name: 'Sunita Focus' });
    const page = await rt.newPage();
    await boardOf(page, h.registration.credentials, ward.id);
    await page.waitForSelector('#bed-board li.bed--unoccupied');

    // Required fields are marked; no admitting doctor is chosen for the clerk.
    for (const id of ['admit-patient', 'admit-doctor', 'admit-reason'])
      expect(await page.locator(`label[for="${id}"] .req`).count(), id).toBe(1);
    await eventually(() => page.locator('label[for="admit-bed"] .req').count()).toBe(0);
    await eventually(() => page.inputValue('#admit-doctor')).toBe('');

    // Admit with nothing filled: an error under each required field, the first has the focus.
    await page.click('#admit-submit');
    await eventually(() => page.textContent('#admit-patient-error')).toBe(
      'Search for the patient and choose them.',
    );
    await eventually(() => page.textContent('#admit-doctor-error')).toBe(
      'Choose the admitting doctor.',
    );
    await eventually(() => page.textContent('#admit-reason-error')).toBe(
      'Enter the reason for admission.',
    );
    await eventually(() => page.getAttribute('#admit-doctor', 'aria-invalid')).toBe('true');
    await focusOf(page).toBe('admit-patient');
    await eventually(() => page.textContent('#admit-status')).toBe('');

    // A search that finds nobody says so under the search box.
    await page.fill('#admit-patient-q', 'Nobody Of That Name');
    await page.click('#admit-patient-search');
    await page.waitForFunction(() =>
      document.querySelector('#admit-patient-q-error')?.textContent?.includes('No patient matches'),
    );
    await focusOf(page).toBe('admit-patient-q');

    await page.fill('#admit-patient-q', patient.mrn);
    await page.click('#admit-patient-search');
    await page.waitForSelector(`#admit-patient option[value="${patient.id}"]`, {
      state: 'attached',
    });
    await focusOf(page).toBe('admit-patient');
    await page.selectOption('#admit-doctor', h.doctor.id);
    await page.fill('#admit-reason', 'Community-acquired pneumonia');
    await page.click('#admit-submit');

    // The focus lands on the bed admitted into, whose button names it.
    await page.waitForFunction(() =>
      document.querySelector('#admit-status')?.textContent?.includes('Admitted to bed A01'),
    );
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.textContent === 'Open bed A01',
    );
    await eventually(() => page.getAttribute('#admit-doctor', 'aria-invalid')).toBeNull();
    const open = page.getByRole('button', { name: 'Open bed A01' });
    await eventually(() => open.count()).toBe(1);
    await eventually(() =>
      page.locator('#bed-board .bed__open', { hasText: /^Open$/ }).count(),
    ).toBe(0);

    // Opening the bed moves the focus to its panel.
    await open.click();
    await page.waitForSelector('#admission-panel:not([hidden])');
    await focusOf(page).toBe('admission-title');

    // Transfer without a reason: the error sits under the field, which has the focus.
    await page.selectOption('#transfer-ward', other.id);
    await page.click('#transfer-submit');
    await eventually(() => page.textContent('#transfer-reason-error')).toBe(
      'Enter the reason for the transfer.',
    );
    await focusOf(page).toBe('transfer-reason');
    // A field the service refuses (a ward id it cannot read, put in the list by hand here): its
    // message goes under that field, which takes the focus, not into the status line as raw text.
    await page.fill('#transfer-reason', 'Step-down care');
    await page.evaluate(() => {
      const o = document.createElement('option');
      o.value = 'not a ward!';
      o.textContent = 'Broken ward';
      document.querySelector('#transfer-ward')?.appendChild(o);
    });
    await page.selectOption('#transfer-ward', 'not a ward!');
    await page.click('#transfer-submit');
    await page.waitForFunction(
      () => (document.querySelector('#transfer-ward-error')?.textContent ?? '') !== '',
    );
    await eventually(() => page.textContent('#transfer-ward-error')).toMatch(/^[A-Z]/);
    await eventually(() => page.textContent('#transfer-status')).toBe(
      'Check the fields marked above.',
    );
    await eventually(() => page.textContent('#transfer-status')).not.toContain('Invalid body');
    await focusOf(page).toBe('transfer-ward');
    await page.selectOption('#transfer-ward', other.id);
    await page.click('#transfer-submit');
    // The panel closes; the board's status line says what happened and has the focus.
    await page.waitForFunction(() => document.activeElement?.id === 'board-status');
    await eventually(() => page.textContent('#board-status')).toContain(
      'Sunita Focus transferred to Step-down bed A01. Bed A01 goes to housekeeping.',
    );

    // Mark the bed clean: its button names it; the status line takes the focus.
    const clean = page.getByRole('button', { name: 'Mark bed A01 clean' });
    await clean.waitFor();
    await clean.click();
    await page.waitForFunction(() =>
      document.querySelector('#board-status')?.textContent?.includes('Bed A01 is clean and free'),
    );
    await focusOf(page).toBe('board-status');

    // Discharge from the other ward: empty fields first, then done, the status line focused.
    await page.selectOption('#ward-select', other.id);
    await page.getByRole('button', { name: 'Open bed A01' }).click();
    await page.waitForSelector('#admission-panel:not([hidden])');
    await page.click('#discharge-submit');
    await eventually(() => page.textContent('#discharge-diagnosis-error')).toBe(
      'Enter the final diagnosis.',
    );
    await eventually(() => page.textContent('#discharge-condition-error')).toBe(
      'Describe the condition at discharge.',
    );
    await focusOf(page).toBe('discharge-diagnosis');
    await page.selectOption('#discharge-disposition', 'deceased');
    await page.fill('#discharge-diagnosis', 'Pneumonia');
    await page.fill('#discharge-condition', 'Died');
    await page.click('#discharge-submit');
    await eventually(() => page.textContent('#discharge-death-error')).toBe(
      'Enter the time of death.',
    );
    await focusOf(page).toBe('discharge-death');
    await page.selectOption('#discharge-disposition', 'home');
    await page.fill('#discharge-condition', 'Well');
    await page.click('#discharge-submit');
    await page.waitForFunction(() => document.activeElement?.id === 'board-status');
    await eventually(() => page.textContent('#board-status')).toContain(
      'Sunita Focus is discharged; bed A01 goes to housekeeping.',
    );
    await eventually(() => page.textContent('#discharge-death-error')).toBe('');
  }, 60_000);

  it('a critical result nobody acknowledged stops the discharge with its card; a reason discharges', async () => {
    const h = await inpatientHospital(rt.url);
    const ward = await h.ward({ name: 'Renal Ward' }, 1);
    const patient = await h.patient({ name: 'Meera Critical' });
    const adm = await must(h.admit(patient.id, { bedId: ward.beds[0].id }), 201, 'admission');
    const [tech, tech2, pathologist] = await Promise.all([
      h.staff('LAB_TECHNICIAN'),
      h.staff('LAB_TECHNICIAN'),
      h.staff('PATHOLOGIST'),
    ]);
    await must(
      pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
      200,
      'starter',
    );
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'admission', id: adm.id },
        codes: ['2823-3'],
      }),
      201,
      'order',
    );
    await must(tech.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    await must(
      tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '2823-3', value: 6.8 }],
      }),
      200,
      'potassium 6.8',
    );
    await must(tech2.api.post(`/lab/orders/${order.id}/verify`, {}), 200, 'verify');

    const page = await rt.newPage();
    await boardOf(page, h.registration.credentials, ward.id);
    await page.getByRole('button', { name: 'Open bed A01' }).click();
    await page.waitForSelector('#admission-panel:not([hidden])');
    await page.fill('#discharge-diagnosis', 'Hyperkalaemia');
    await page.fill('#discharge-condition', 'Improved');
    await page.selectOption('#discharge-disposition', 'home');
    await page.click('#discharge-submit');
    await eventually(() => page.textContent('#discharge-status')).toContain(
      'decision support stops the discharge (Unacknowledged critical result: Potassium 6.8 mmol/L (HH)',
    );
    await page.fill('#discharge-override', 'Repeat potassium 4.9 on the ward analyser');
    await page.click('#discharge-submit');
    await eventually(() => page.textContent('#board-status')).toContain(
      'Meera Critical is discharged; bed A01 goes to housekeeping.',
    );
    const stay = await must(h.doctorUser.api.get(`/admissions/${adm.id}`), 200, 'admission');
    expect(stay.discharge.cdsOverrideReason).toBe('Repeat potassium 4.9 on the ward analyser');
  }, 60_000);

  it("takes the time of death in the hospital's time zone, not the browser's", async () => {
    // The hospital is in Kolkata; the browser in New York (10 h 30 min behind in November).
    const h = await inpatientHospital(rt.url, 'Asia/Kolkata');
    const ward = await h.ward({ name: 'Zone ward' }, 1);
    const patient = await h.patient({ name: 'Zone Patient' });
    const adm = await must(h.admit(patient.id, { bedId: ward.beds[0].id }), 201, 'admission');
    // The first whole minute after the admission: a time of death the service accepts.
    const death = new Date(Math.ceil((Date.parse(adm.admittedAt) + 1) / 60_000) * 60_000);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(death)
      .replace(' ', 'T');

    const page = await rt.newPage({ timezoneId: 'America/New_York' });
    await boardOf(page, h.registration.credentials, ward.id);
    await page.getByRole('button', { name: 'Open bed A01' }).click();
    await page.waitForSelector('#admission-panel:not([hidden])');
    await eventually(() => page.textContent('#discharge-death-zone')).toBe('Asia/Kolkata');
    await page.selectOption('#discharge-disposition', 'deceased');
    await page.fill('#discharge-diagnosis', 'Cardiac arrest');
    await page.fill('#discharge-condition', 'Died');
    await page.fill('#discharge-death', wall);
    // The service refuses a time of death in the future: move its clock past that minute
    // rather than wait for it.
    shiftClock(Math.max(0, death.getTime() - Date.now()) + 1_000);
    await page.click('#discharge-submit');
    await eventually(() => page.textContent('#board-status')).toContain('discharged');
    const read = await must(h.admin.get(`/admissions/${adm.id}`), 200, 'admission');
    expect(JSON.stringify(read)).toContain(`"timeOfDeath":"${death.toISOString()}"`);
    await page.context().close();
    resetClock();
  }, 120_000);
});
