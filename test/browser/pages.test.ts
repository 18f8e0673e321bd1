import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { client } from '../support/api';
import { chromiumAvailable, eventually, focusOf, useBrowserRuntime } from '../support/browser';
import { DAY_SCHEDULE } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

const TZ = 'Asia/Kolkata';
// Every page works under its strict CSP (script-src 'self', hashed styles) without a violation:
// useBrowserRuntime checks that after each test.
const rt = useBrowserRuntime({ nineAmIn: TZ });
let staged: LocalRuntime | undefined;

afterAll(async () => {
  await staged?.close();
});

describe.skipIf(!chromiumAvailable)('pages in a real browser', () => {
  it('register on /get-started → credentials on screen → sign in on /login → create an API key → see it listed → it works', async () => {
    const page = await rt.newPage();
    const suffix = Math.random().toString(36).slice(2, 8);
    await page.goto(`${rt.url}/get-started`);
    await page.fill('#hospitalName', `Browser General ${suffix}`);
    await page.fill('#slug', `browser-general-${suffix}`);
    await page.fill('#adminName', 'Dr Meera Iyer');
    await page.fill('#adminEmail', `meera-${suffix}@example.test`);
    await page.selectOption('#timezone', TZ).catch(async () => page.fill('#timezone', TZ));
    await page.click('#get-started-submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    const email = (await page.textContent('#cred-email'))!.trim();
    const password = (await page.textContent('#cred-password'))!.trim();
    const tenantId = (await page.textContent('#cred-tenant-id'))!.trim();
    expect(email).toBe(`meera-${suffix}@example.test`);
    expect(password.length).toBeGreaterThanOrEqual(16);

    await page.click('a#go-login');
    await page.waitForURL(/\/login/);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('#login-submit');
    await page.waitForURL(/\/admin/);

    await page.click('#nav-api-keys');
    await page.waitForSelector('#api-key-form');
    await page.fill('#api-key-name', 'Front desk kiosk');
    await page.check('input[name=scope][value="patients:read"]');
    await page.check('input[name=scope][value="tenant:read"]');
    await page.click('#api-key-submit');
    await page.waitForSelector('#api-key-secret:not([hidden])');
    const secret = (await page.textContent('#api-key-secret-value'))!.trim();
    expect(secret).toMatch(/^svc_sk_/);
    const row = page.locator('#api-keys-table tr[data-key-id]', { hasText: 'Front desk kiosk' });
    await row.waitFor();
    await eventually(() => row.textContent()).toContain('patients:read');

    // The key shown once on screen is a working credential for this hospital.
    const current = await client(rt.url, { token: secret }).get('/tenants/current');
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(tenantId);
  });

  it("/admin shows today's appointments and the queue for a doctor", async () => {
    // Arrange through the API: a hospital, a doctor with a schedule, two booked patients, one checked in.
    const suffix = Math.random().toString(36).slice(2, 8);
    const anon = client(rt.url);
    const reg = await anon.post('/tenants', {
      hospitalName: `OPD View ${suffix}`,
      slug: `opd-view-${suffix}`,
      adminName: 'Admin',
      adminEmail: `opd-${suffix}@example.test`,
      timezone: TZ,
    });
    const login = await anon.post('/auth/login', reg.body.credentials);
    const admin = client(rt.url, { token: login.body.accessToken, tenantId: reg.body.tenant.id });
    const docUser = await admin.post('/users', {
      name: 'Dr Arjun Rao',
      email: `arjun-${suffix}@example.test`,
      role: 'DOCTOR',
    });
    const dept = await admin.post('/departments', { name: 'General Medicine' });
    const doctor = await admin.post('/doctors', {
      userId: docUser.body.user.id,
      departmentId: dept.body.id,
      specialty: 'Internal Medicine',
      consultationFee: 400,
      schedule: DAY_SCHEDULE,
    });
    expect(doctor.status).toBe(201);
    const today = utcToZonedParts(systemClock.now(), TZ).date;
    const slots = (await admin.get(`/doctors/${doctor.body.id}/availability?date=${today}`)).body
      .slots;
    const appts = [];
    for (const [i, name] of ['Kavya Menon', 'Rahul Verma'].entries()) {
      const p = await admin.post('/patients/register', {
        name,
        dateOfBirth: `199${i}-01-15`,
        sex: i ? 'male' : 'female',
        phone: `+91 99000 0${suffix.length}${i}${i}${i}`,
      });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      appts.push(
        (
          await admin.post('/appointments', {
            patientId: p.body.id,
            doctorId: doctor.body.id,
            start: slots[i].start,
            reason: 'Consultation',
          })
        ).body,
      );
    }
    expect(
      (await admin.patch(`/appointments/${appts[1].id}/status`, { status: 'checked-in' })).status,
    ).toBe(200);

    const page = await rt.signedIn(reg.body.credentials);
    await page.click('#nav-opd');
    await page.waitForSelector(`#opd-doctor option[value="${doctor.body.id}"]`, {
      state: 'attached',
    });
    await page.selectOption('#opd-doctor', doctor.body.id);
    await page.fill('#opd-date', today);
    await page.click('#opd-refresh');
    for (const a of appts)
      await page.locator(`#opd-appointments tr[data-appointment-id="${a.id}"]`).waitFor();
    await eventually(() => page.textContent('#opd-appointments')).toContain('Kavya Menon');
    const queueRow = page.locator('#opd-queue tr[data-token="1"]');
    await queueRow.waitFor();
    await eventually(() => queueRow.textContent()).toContain('Rahul Verma');
    await page.screenshot({ path: join(tmpdir(), 'hms-admin-opd.png'), fullPage: true });

    // The day's work from the same table: a booked patient is checked in (and joins the queue),
    // a checked-in one can only be cancelled, with a reason asked for in the row.
    const [kavyaId, rahulId] = appts.map((a) => String(a.id));
    const kavya = page.locator(`#opd-appointments tr[data-appointment-id="${kavyaId}"]`);
    const rahul = page.locator(`#opd-appointments tr[data-appointment-id="${rahulId}"]`);
    await eventually(() => kavya.locator('button').allTextContents()).toEqual([
      'Check in Kavya Menon',
      'No-show Kavya Menon',
      'Cancel Kavya Menon',
    ]);
    await eventually(() => rahul.locator('button').allTextContents()).toEqual([
      'Cancel Rahul Verma',
    ]);
    await page.getByRole('button', { name: 'Check in Kavya Menon' }).click();
    await eventually(() => page.textContent('#opd-status')).toBe('Kavya Menon: checked in.');
    await focusOf(page).toBe('opd-status');
    await eventually(() => page.locator('#opd-queue tr[data-token="2"]').textContent()).toContain(
      'Kavya Menon',
    );
    await eventually(() => kavya.locator('button').allTextContents()).toEqual([
      'Cancel Kavya Menon',
    ]);
    await page.getByRole('button', { name: 'Cancel Rahul Verma' }).click();
    await focusOf(page).toBe(`cancel-reason-${rahulId}`);
    await page.getByRole('button', { name: 'Confirm cancel' }).click();
    await eventually(() => page.getAttribute(`#cancel-reason-${rahulId}`, 'aria-invalid')).toBe(
      'true',
    );
    await page.fill(`#cancel-reason-${rahulId}`, 'Feeling better');
    await page.getByRole('button', { name: 'Confirm cancel' }).click();
    await eventually(() => page.textContent('#opd-status')).toBe('Rahul Verma: cancelled.');
    const statuses = await Promise.all(
      [kavyaId, rahulId].map(async (id) => (await admin.get(`/appointments/${id}`)).body.status),
    );
    expect(statuses).toEqual(['checked-in', 'cancelled']);
  });

  it('works under a stage prefix, as on the default execute-api URL (/prod/…)', async () => {
    staged = await startTestRuntime({ stage: 'prod' });
    expect(staged.url).toMatch(/\/prod$/);
    const page = await rt.newPage();
    const suffix = Math.random().toString(36).slice(2, 8);
    await page.goto(`${staged.url}/get-started`);
    await page.fill('#hospitalName', `Staged ${suffix}`);
    await page.fill('#slug', `staged-${suffix}`);
    await page.fill('#adminName', 'Admin');
    await page.fill('#adminEmail', `staged-${suffix}@example.test`);
    await page.click('#get-started-submit');
    await page.waitForSelector('#confirmation:not([hidden])');
    const password = (await page.textContent('#cred-password'))!.trim();
    await page.click('a#go-login');
    await page.waitForURL(/\/prod\/login$/);
    await page.fill('#email', `staged-${suffix}@example.test`);
    await page.fill('#password', password);
    await page.click('#login-submit');
    await page.waitForURL(/\/prod\/admin/);
    await page.waitForFunction(() =>
      document.querySelector('#tenant-name')?.textContent?.includes('Staged'),
    );
  });
});
