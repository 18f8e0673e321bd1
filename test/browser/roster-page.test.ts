/**
 * The roster page in Chromium (issue 18): a ward manager generates a draft from the page (a
 * waiting state, then the summary), sees it as a staff × days grid in shift colours with its gaps
 * and violations, publishes it, sees who is on duty now, and decides a nurse's leave request made
 * from the same page. No CSP violation, no page error, no sideways scrolling at 320 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { rosterHospital } from '../support/roster';

const rt = useBrowserRuntime();

type Who = { token: string; user: { id: string; name: string; role: string } };

async function pageAs(tenantId: string, who: Who, width = 1366): Promise<Page> {
  return rt.pageAs({ ...who, tenantId }, { width });
}

describe.skipIf(!chromiumAvailable)('the roster page in a real browser', () => {
  it('a ward manager generates, reads and publishes a roster, and decides leave asked for on the page', async () => {
    const h = await rosterHospital(rt.url);
    const tenant = await h.admin.get('/tenants/current');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tenant.body.timezone }).format(
      new Date(),
    );

    // A nurse asks for leave next month from the page.
    const nurse = await pageAs(h.tenantId, h.staff[1] as Who);
    await nurse.goto(`${rt.url}/roster`);
    await nurse.waitForSelector('body[data-ready="true"]');
    await nurse.fill('#leave-start', addDays(today, 30));
    await nurse.fill('#leave-end', addDays(today, 31));
    await nurse.fill('#leave-note', 'Sister’s wedding');
    await nurse.click('#leave-submit');
    await nurse.waitForSelector('#leave-status .alert');
    await eventually(() => nurse.textContent('#leave-status')).toBe(
      'Leave requested; a ward manager decides it.',
    );
    await nurse.context().close();

    const page = await pageAs(h.tenantId, h.manager as Who);
    await page.goto(`${rt.url}/roster?start=${today}`);
    // One ward in the profiles: it is chosen; no roster yet says what to do next.
    await page.waitForFunction(
      () => (document.querySelector('#rs-meta')?.textContent ?? '').length > 0,
    );
    await eventually(() => page.inputValue('#rs-ward')).toBe('W1');
    await eventually(() => page.textContent('#rs-meta')).toContain('“Generate a draft”');

    // Every text the job line shows is recorded from before the click: on a fast machine the
    // progress line can be gone before a test could read it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { jobTexts: string[] }).jobTexts = seen;
      const job = document.querySelector('#rs-job') as HTMLElement;
      new MutationObserver(() => seen.push(job.textContent ?? '')).observe(job, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.click('#rs-generate');
    await page.waitForSelector('#rs-job .alert:has-text("Draft ready")', { timeout: 60_000 });
    const jobTexts = await page.evaluate(
      () => (window as unknown as { jobTexts: string[] }).jobTexts,
    );
    expect(jobTexts.some((t) => t.includes('Generating the draft'))).toBe(true);
    await eventually(() => page.textContent('#rs-job')).toMatch(/Draft ready: \d+ shifts, /);
    // The grid: each nurse a row, seven days, shifts in their colours with a legend.
    await page.waitForSelector('#rs-table tbody tr');
    await eventually(() => page.locator('#rs-table thead th').count()).toBe(8);
    const rows = await page.$$eval('#rs-table tbody th', (ths) => ths.map((t) => t.textContent));
    expect(rows.every((r) => /^Nurse \d$/.test(r ?? ''))).toBe(true);
    const roster = (await h.manager.api.get(`/roster/wards/W1/rosters/${today}`)).body;
    await eventually(() => page.locator('#rs-table td .rs-shift').count()).toBe(
      roster.assignments.length,
    );
    await eventually(() => page.textContent('#rs-legend')).toContain('shift E');
    await eventually(() => page.getAttribute('#rs-legend li:first-child span', 'class')).toBe(
      'rs-shift rs-c0',
    );
    await eventually(() => page.textContent('#rs-meta')).toContain('draft, not yet published');
    await eventually(() => page.locator('#rs-gaps').count()).toBe(1);

    await page.click('#rs-publish');
    await page.waitForSelector('#rs-job .alert-success:has-text("Published")');
    await eventually(() => page.textContent('#rs-meta')).toContain('published');
    // On duty now, as the API answers it.
    await page.click('#rs-show');
    const duty = (await h.manager.api.get('/roster/wards/W1/on-duty')).body.onDuty as {
      name: string;
    }[];
    await page.waitForFunction(() => document.querySelectorAll('#rs-duty li').length > 0);
    const dutyText = (await page.textContent('#rs-duty')) ?? '';
    if (duty.length) for (const p of duty) expect(dutyText).toContain(p.name);
    else expect(dutyText).toContain('is on duty now');

    // The nurse's leave waits for a decision; the manager approves it.
    const item = page.locator('#leave-list li:has-text("Sister’s wedding")');
    await item.waitFor();
    await eventually(() => item.textContent()).toContain(
      `Nurse 1: annual leave ${addDays(today, 30)} to ${addDays(today, 31)}`,
    );
    await item.locator('button:has-text("Approve")').click();
    await page.waitForSelector('#leave-status .alert-success:has-text("Leave approved")');
    await page.waitForSelector('#leave-list li:has-text("No leave request is waiting")');
    const leave = (await h.manager.api.get(`/roster/leave?userId=${h.staff[1]!.user.id}`)).body
      .items;
    expect(leave.map((l: { status: string }) => l.status)).toEqual(['approved']);

    await page.context().close();

    // A phone: the grid scrolls inside its own region, the page does not.
    const phone = await pageAs(h.tenantId, h.manager as Who, 320);
    await phone.goto(`${rt.url}/roster?start=${today}`);
    await phone.waitForSelector('#rs-table tbody tr');
    expect(
      await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await phone.context().close();
  }, 150_000);
});
