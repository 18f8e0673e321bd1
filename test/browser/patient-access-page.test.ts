import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newTenant } from '../support/api';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';

// The patient access log page (/patient-access-log, issue 23 item 5) in Chromium: an
// administrator picks a patient by name and reads who viewed and who changed the record, with the
// right actors, roles, kinds and routes, times in the hospital's zone, older records with "Load
// more"; a doctor gets no nav entry, and the route's refusal is said in a sentence. No CSP
// violation on the way.

const rt = useBrowserRuntime();

interface Who {
  token: string;
  tenantId: string;
  user: { id: string; name: string; email: string; role: string };
}

/** A page signed in as `who` (the session the sign-in page stores). */
async function pageAs(who: Who): Promise<Page> {
  return rt.pageAs(who, { height: 900 });
}

async function visibleNav(page: Page): Promise<string[]> {
  await page.waitForSelector('#shell-nav li:not([hidden])');
  return page.$$eval('#shell-nav li:not([hidden]) a', (as) =>
    as.map((a) => (a.textContent ?? '').trim()),
  );
}

async function choosePatient(page: Page, name: string): Promise<void> {
  await page.fill('#pal-patient-q', name);
  const match = page.locator('#pal-patient-results button', { hasText: name });
  await match.waitFor();
  await match.click();
}

/** The table's data rows as the administrator reads them, cell by cell. */
function tableRows(page: Page): Promise<string[][]> {
  return page.$$eval('#pal-rows tr[data-row="data"]', (trs) =>
    trs.map((tr) =>
      Array.from((tr as HTMLTableRowElement).cells).map((td) => (td.textContent ?? '').trim()),
    ),
  );
}

const register = (api: { post: (p: string, b: unknown) => Promise<any> }, name: string) =>
  api.post('/patients/register', {
    name,
    dateOfBirth: '1975-08-09',
    sex: 'female',
    phone: `+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });

describe.skipIf(!chromiumAvailable)('the patient access log page in a real browser', () => {
  it('shows the administrator who viewed and who changed a patient, newest first, and pages on', async () => {
    const h = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    const reception = await h.staff('RECEPTIONIST');
    const doctor = await h.staff('DOCTOR');
    const nurse = await h.staff('NURSE');
    const registered = await register(reception.api, 'Lakshmi Raman');
    expect(registered.status).toBe(201);
    const patient = registered.body;
    expect((await doctor.api.get(`/patients/${patient.id}`)).status).toBe(200);
    expect((await nurse.api.patch(`/patients/${patient.id}`, { bloodGroup: 'B+' })).status).toBe(
      200,
    );

    const page = await rt.signedIn(h.registration.credentials, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto(`${rt.url}/patient-access-log`);
    await page.waitForSelector('body[data-ready="true"]');
    await eventually(() => visibleNav(page)).toContain('Patient access log');
    // Nobody by that name: said without the front desk's "register them" hint.
    await page.fill('#pal-patient-q', 'Nobody Byname');
    await page
      .locator('#pal-patient-count', {
        hasText: 'No patient matches. Try part of the name, the MRN or the phone number.',
      })
      .waitFor();
    await choosePatient(page, 'Lakshmi Raman');
    await page.waitForFunction(
      () => document.querySelectorAll('#pal-rows tr[data-row="data"]').length === 4,
    );
    const rows = await tableRows(page);
    // Written out by hand: the administrator's own search (it answered this patient), the nurse's
    // change, the doctor's read, the receptionist's registration. Staff are named from the
    // directory; request ids are the service's.
    expect(rows.map((r) => r.slice(1, 7))).toEqual([
      ['Asha Admin', 'Staff member', 'ADMIN', 'Viewed', 'patients.list', 'API: GET /patients'],
      [
        'NURSE User',
        'Staff member',
        'NURSE',
        'Changed',
        'patients.update',
        'API: PATCH /patients/{id}',
      ],
      [
        'DOCTOR User',
        'Staff member',
        'DOCTOR',
        'Viewed',
        'patients.get',
        'API: GET /patients/{id}',
      ],
      [
        'RECEPTIONIST User',
        'Staff member',
        'RECEPTIONIST',
        'Changed',
        'patients.register',
        'API: POST /patients/register',
      ],
    ]);
    // Times in the hospital's zone (Asia/Kolkata, UTC+05:30) and the pages' one format.
    const log = (await h.admin.get(`/patients/${patient.id}/access-log`)).body;
    const kolkata = (iso: string) => {
      const d = new Date(Date.parse(iso) + 330 * 60_000);
      const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[d.getUTCMonth()];
      const two = (n: number) => String(n).padStart(2, '0');
      return `${two(d.getUTCDate())} ${month} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
    };
    expect(rows.map((r) => r[0])).toEqual(log.items.map((a: { at: string }) => kolkata(a.at)));
    expect(rows.map((r) => r[7])).toEqual(log.items.map((a: { requestId: string }) => a.requestId));
    await eventually(() => page.textContent('#pal-summary')).toBe(
      `4 accesses of Lakshmi Raman (${patient.mrn}), newest first.`,
    );
    await eventually(() => page.isVisible('#pal-more')).toBe(false);
    // The shared sortable table: sorting by Access puts the changes first.
    await page.click('#pal-table th:nth-child(5) button');
    expect((await tableRows(page)).map((r) => r[4])).toEqual([
      'Changed',
      'Changed',
      'Viewed',
      'Viewed',
    ]);

    // A patient read more often than one page holds: the first 50, then the rest with Load more.
    const busy = (await register(reception.api, 'Padma Natarajan')).body;
    for (let i = 0; i < 50; i++)
      expect((await doctor.api.get(`/patients/${busy.id}`)).status).toBe(200);
    await choosePatient(page, 'Padma Natarajan');
    await page.waitForFunction(
      () => document.querySelectorAll('#pal-rows tr[data-row="data"]').length === 50,
    );
    await page.locator('#pal-summary', { hasText: 'older ones with Load more' }).waitFor();
    await page.click('#pal-more');
    await page.waitForFunction(
      () => document.querySelectorAll('#pal-rows tr[data-row="data"]').length === 52,
    );
    const all = await tableRows(page);
    expect(all.filter((r) => r[5] === 'patients.get')).toHaveLength(50);
    // The table stays sorted by Access (the changes first), the rows of Load more included: the
    // one change is the registration, from the second page.
    expect(all.map((r) => r[4]).indexOf('Viewed')).toBe(1);
    expect(all[0]!.slice(1, 6)).toEqual([
      'RECEPTIONIST User',
      'Staff member',
      'RECEPTIONIST',
      'Changed',
      'patients.register',
    ]);
    expect(all.filter((r) => r[5] === 'patients.list')).toHaveLength(1);
    await eventually(() => page.isVisible('#pal-more')).toBe(false);
    await page.context().close();
  }, 90_000);

  it('gives a doctor no nav entry, and says the refusal in a sentence', async () => {
    const h = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    const reception = await h.staff('RECEPTIONIST');
    const doctor = await h.staff('DOCTOR');
    expect((await register(reception.api, 'Geeta Menon')).status).toBe(201);
    const page = await pageAs({ ...doctor, tenantId: h.tenantId });
    await page.goto(`${rt.url}/patient-access-log`);
    await page.waitForSelector('body[data-ready="true"]');
    await eventually(() => visibleNav(page)).not.toContain('Patient access log');
    await eventually(() => page.textContent('#shell-notice')).toMatch(
      /^Patient access log is not part of the .+ role's work/,
    );
    // A doctor may search patients, but the log itself answers 403: said, no table.
    await choosePatient(page, 'Geeta Menon');
    await page
      .locator('#pal-status', { hasText: "Only an administrator may read a patient's access log." })
      .waitFor();
    await eventually(() => tableRows(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
