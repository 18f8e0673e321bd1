import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { inpatientHospital, must } from '../support/inpatient';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

describe.skipIf(!chromiumAvailable)('the reports page in a real browser', () => {
  it('a manager reads the inpatient report: the chart’s bars and the table hold the admissions made', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const ward = await h.ward({ name: 'Chart Ward' }, 4);
    const patients = await Promise.all([h.patient(), h.patient(), h.patient()]);
    for (const p of patients) await must(h.admit(p.id, { wardId: ward.id }), 201, 'admit');
    const today = utcToZonedParts(systemClock.now(), TZ).date;
    const email = `manager-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const manager = await h.admin.post('/users', { name: 'Meera Manager', email, role: 'MANAGER' });

    const page = await rt.signedIn(
      { email, password: manager.body.credentials.password },
      { acceptDownloads: true },
    );
    await page.goto(`${rt.url}/manager-reports`);
    // The default range: the last 7 days up to today, one bar per day and measure.
    await page.waitForSelector('#report-days tbody tr');
    await eventually(() => page.locator('#report-days tbody tr').count()).toBe(7);
    const bar = page.locator(`#report-chart rect[data-measure="admissions"][data-date="${today}"]`);
    await eventually(() => bar.getAttribute('data-value')).toBe('3');
    expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
    await eventually(() =>
      page.locator('#report-chart rect[data-measure="admissions"]').count(),
    ).toBe(7);
    expect(
      await page.locator('#report-chart polyline[data-measure="midnightCensus"]').count(),
    ).toBe(1);
    const row = page.locator(`#report-days tr[data-date="${today}"]`);
    await eventually(() => row.locator('td[data-measure="admissions"]').textContent()).toBe('3');
    await eventually(() => row.locator('td[data-measure="midnightCensus"]').textContent()).toBe(
      '3',
    );
    await eventually(() =>
      page.textContent('#report-totals [data-total="admissions"] .stat__value'),
    ).toBe('3');

    // Another report and range from the form; the CSV downloads with the same figures.
    await page.selectOption('#report-name', 'outpatient');
    await page.fill('#report-from', today);
    await page.fill('#report-to', today);
    await page.click('#report-submit');
    await page.waitForFunction(
      () => document.querySelectorAll('#report-days tbody tr').length === 1,
    );
    await eventually(() => page.locator('#report-chart rect[data-measure="visits"]').count()).toBe(
      1,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#report-csv'),
    ]);
    expect(download.suggestedFilename()).toBe(`outpatient-${today}-${today}.csv`);
    await page.selectOption('#report-name', 'inpatient');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#report-csv')]);
    const path = await csv.path();
    const text = (await import('node:fs')).readFileSync(path, 'utf8');
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'date,admissions,discharges,midnightCensus',
      `${today},3,0,3`,
    ]);
  });
});
