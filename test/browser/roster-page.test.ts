import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import {
  axeViolations,
  chromiumAvailable,
  eventually,
  useBrowserRuntime,
} from '../support/browser';
import { finished, rosterHospital } from '../support/roster';

const rt = useBrowserRuntime();

type Who = { token: string; user: { id: string; name: string; role: string } };
type A = { userId: string; date: string; shift: string };

const START = '2027-03-01'; // a Monday
/** E: minimum 1 (one IV-trained), target 2; N: minimum 1, target 1 (weekdays). */
const COVERAGE = [
  { shift: 'E', dayType: 'weekday', minimum: 1, target: 2, grades: {}, competencies: { iv: 1 } },
  { shift: 'N', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
];

/** A one-day draft of ward W1 from START, generated through the API. */
async function oneDayDraft(nurses: number) {
  const h = await rosterHospital(rt.url, nurses, COVERAGE);
  const job = await finished(
    h.manager.api,
    await h.manager.api.post('/roster/wards/W1/generations', {
      start: START,
      days: 1,
      timeLimitSeconds: 10,
    }),
  );
  expect(job.body.status, JSON.stringify(job.body)).toBe('done');
  return h;
}

/** The heat map's cell of a shift on START: its state and the words a screen reader reads. */
const coverageCell = (page: Page, shift: string) =>
  page.evaluate((code) => {
    const td = document.querySelector<HTMLElement>(
      `#rs-coverage-table tr[data-shift="${code}"] td`,
    );
    return {
      status: td?.dataset.status,
      shown: td?.querySelector('[aria-hidden="true"]')?.textContent,
      words: td?.querySelector('.visually-hidden')?.textContent,
    };
  }, shift);

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

  it('the coverage heat map and a manager changing a draft: a refused change names the rule, an accepted one redraws grid and map', async () => {
    // Nurse 0 (IV, nights) and Nurse 1 (no IV, no nights): the best day puts both on E and
    // leaves the night uncovered (covering it with Nurse 0 would miss E's IV minimum instead).
    const h = await oneDayDraft(2);
    const [n0, n1] = h.staff as Who[];
    const draft = (await h.manager.api.get(`/roster/wards/W1/rosters/${START}`)).body;
    expect(draft.assignments.map((a: A) => [a.userId, a.shift]).sort()).toEqual(
      [
        [n0!.user.id, 'E'],
        [n1!.user.id, 'E'],
      ].sort(),
    );

    const page = await pageAs(h.tenantId, h.manager as Who);
    await page.goto(`${rt.url}/roster?ward=W1&start=${START}`);
    await page.waitForSelector('#rs-coverage-table tbody tr');
    await eventually(() => coverageCell(page, 'E')).toEqual({
      status: 'met',
      shown: '✓ 2',
      words: `2 on E ${START}: met (minimum 1, target 2)`,
    });
    await eventually(() => coverageCell(page, 'N')).toEqual({
      status: 'below-minimum',
      shown: '✗ 0',
      words: `0 on N ${START}: below minimum (minimum 1, target 1)`,
    });
    // Each state has its colour and its symbol and words in the legend.
    expect(
      await page.$eval(
        '#rs-coverage-table td[data-status="met"]',
        (td) => getComputedStyle(td).backgroundColor,
      ),
    ).toBe('rgb(220, 252, 231)');
    await eventually(() => page.textContent('#rs-coverage-legend')).toContain('✗ below minimum');
    await eventually(() => page.textContent('#rs-gaps')).toContain(`${START} N: 1 missing`);
    // The heat map and the draft's cell buttons pass axe (contrast, names, table headers).
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes the change form and returns to the day it was opened from.
    await page.getByRole('button', { name: `Nurse 0, Mon 01 ${START}: E. Change` }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('rs-edit-shift');
    await page.keyboard.press('Escape');
    await eventually(() => page.isHidden('#rs-edit')).toBe(true);
    await eventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).toBe(`Nurse 0, Mon 01 ${START}: E. Change`);

    // A night for Nurse 1, who may not work nights: refused, the rule named, nothing changes.
    const cell = page.getByRole('button', { name: `Nurse 1, Mon 01 ${START}: E. Change` });
    await cell.click();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('rs-edit-shift');
    await eventually(() => page.textContent('#rs-edit-title')).toBe(
      `Change Nurse 1 on Mon 01 ${START}`,
    );
    await page.selectOption('#rs-edit-shift', 'N');
    await page.click('#rs-edit-save');
    await page.waitForSelector('#rs-edit-status .alert-error');
    await eventually(() => page.textContent('#rs-edit-status')).toMatch(
      /The edit breaks night-eligibility/,
    );
    expect((await h.manager.api.get(`/roster/wards/W1/rosters/${START}`)).body.version).toBe(
      draft.version,
    );

    // Leave approved for Nurse 0 after the draft was made: the next accepted change re-checks
    // the whole draft, so the violation list shows it.
    const leave = await h.manager.api.post('/roster/leave', {
      userId: n0!.user.id,
      kind: 'sick',
      start: START,
      end: START,
    });
    expect(leave.status, JSON.stringify(leave.body)).toBe(201);
    const approved = await h.manager.api.post(`/roster/leave/${leave.body.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await eventually(() => page.textContent('#rs-violations')).toBe('None.');

    // Nurse 1 off that day: accepted; the grid, the heat map, gaps and violations are redrawn.
    await page.selectOption('#rs-edit-shift', '');
    await page.click('#rs-edit-save');
    await eventually(() => page.textContent('#rs-edit-status')).toBe(
      `Saved: Nurse 1 is off on ${START}.`,
    );
    await eventually(() => page.isHidden('#rs-edit')).toBe(true);
    await eventually(() => coverageCell(page, 'E')).toEqual({
      status: 'below-target',
      shown: '▽ 1',
      words: `1 on E ${START}: below target (minimum 1, target 2)`,
    });
    await eventually(() =>
      page.locator(`#rs-table tr[data-user-id="${n1!.user.id}"] .rs-shift`).count(),
    ).toBe(0);
    await eventually(() => page.textContent('#rs-meta')).toContain(`version ${draft.version + 1}`);
    await eventually(() => page.textContent('#rs-violations')).toBe(
      `Nurse 0: Nurse 0 is on approved leave on ${START}`,
    );
    await eventually(() => page.textContent('#rs-problems')).toContain('Rule violations (1)');
    // Focus returns to the changed day.
    await eventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).toBe(`Nurse 1, Mon 01 ${START}: off. Change`);
    const stored = (await h.manager.api.get(`/roster/wards/W1/rosters/${START}`)).body;
    expect(stored.assignments.map((a: A) => [a.userId, a.shift])).toEqual([[n0!.user.id, 'E']]);
    await page.context().close();
  }, 90_000);

  it('a nurse asks for a swap by day and colleague; the manager is refused one that breaks a rule, rejects it, approves another', async () => {
    // Nurses 0 and 2 may work nights, Nurse 1 may not: one of 0 and 2 has the night.
    const h = await oneDayDraft(3);
    const staff = h.staff as Who[];
    for (const [i, s] of staff.entries()) {
      // Names in the staff directory, which is what a nurse's page shows.
      const named = await h.admin.patch(`/users/${s.user.id}`, { name: `Nurse ${i}` });
      expect(named.status, JSON.stringify(named.body)).toBe(200);
    }
    const path = `/roster/wards/W1/rosters/${START}`;
    const draft = (await h.manager.api.get(path)).body;
    const published = await h.manager.api.post(`${path}/publish`, { version: draft.version });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const night = draft.assignments.find((a: A) => a.shift === 'N') as A;
    const holder = staff.findIndex((s) => s.user.id === night.userId);
    const other = holder === 0 ? 2 : 0;
    expect([0, 2]).toContain(holder);

    // The night's holder gives it to Nurse 1 (no nights) from the page: asked, with a warning.
    const nurse = await pageAs(h.tenantId, staff[holder]!);
    await nurse.goto(`${rt.url}/roster?ward=W1&start=${START}`);
    await nurse.waitForSelector('#swap-form:not([hidden])');
    expect(await axeViolations(nurse)).toEqual([]);
    await eventually(() => nurse.locator('#swap-from-field').isHidden()).toBe(true);
    await eventually(() => nurse.locator('#swap-date option').allTextContents()).toEqual([
      'Choose a day',
      `Mon 01 ${START}: N`,
    ]);
    await eventually(() => nurse.locator('#swap-to option').allTextContents()).toEqual([
      'Choose a colleague',
      ...[0, 1, 2].filter((i) => i !== holder).map((i) => `Nurse ${i}`),
    ]);
    // Nothing chosen: each field says what is missing.
    await nurse.click('#swap-submit');
    await eventually(() => nurse.textContent('#swap-date-error')).toBe(
      'Choose the day you give away.',
    );
    await nurse.selectOption('#swap-date', { label: `Mon 01 ${START}: N` });
    await nurse.selectOption('#swap-to', { label: 'Nurse 1' });
    await nurse.click('#swap-submit');
    await nurse.waitForSelector('#swap-status .alert-warning');
    await eventually(() => nurse.textContent('#swap-status')).toBe(
      `Swap requested with Nurse 1 on ${START}; a ward manager decides it. As the roster stands it would break night-eligibility.`,
    );
    const bad = `Nurse ${holder} gives N on ${START} to Nurse 1`;
    await eventually(() => nurse.textContent('#swap-list')).toBe(
      `${bad} (would break night-eligibility) `,
    );
    // A nurse decides nothing.
    expect(await nurse.locator('#swap-list button').count()).toBe(0);
    await nurse.context().close();

    // The manager: approving it is refused with the rule the API names; then it is rejected.
    const page = await pageAs(h.tenantId, h.manager as Who);
    await page.goto(`${rt.url}/roster?ward=W1&start=${START}`);
    await page.getByRole('button', { name: `Approve: ${bad}` }).click();
    await page.waitForSelector('#swap-status .alert-error');
    await eventually(() => page.textContent('#swap-status')).toMatch(
      /^The swap breaks night-eligibility: /,
    );
    expect((await h.manager.api.get(path)).body.assignments).toEqual(draft.assignments);
    await page.getByRole('button', { name: `Reject: ${bad}` }).click();
    await eventually(() => page.textContent('#swap-status')).toBe('Swap rejected.');
    await eventually(() => page.textContent('#swap-list')).toBe('No swap request is waiting.');

    // The manager asks on the holder's behalf to swap with the other night nurse, and approves.
    await page.selectOption('#swap-from', { label: `Nurse ${holder}` });
    await page.selectOption('#swap-date', { label: `Mon 01 ${START}: N` });
    await page.selectOption('#swap-to', { label: `Nurse ${other}` });
    await page.click('#swap-submit');
    await page.waitForSelector('#swap-status .alert-success');
    const good = `Nurse ${holder} gives N on ${START} to Nurse ${other}`;
    await page.getByRole('button', { name: `Approve: ${good}` }).click();
    await eventually(() => page.textContent('#swap-status')).toBe(`Swap approved: ${good}.`);
    await eventually(() => page.textContent('#swap-list')).toBe('No swap request is waiting.');
    // The grid shows the exchange: the other nurse on the night, the holder on the early.
    await eventually(() =>
      page.textContent(`#rs-table tr[data-user-id="${staff[other]!.user.id}"] .rs-shift`),
    ).toBe('N');
    await eventually(() =>
      page.textContent(`#rs-table tr[data-user-id="${staff[holder]!.user.id}"] .rs-shift`),
    ).toBe('E');
    const after = (await h.manager.api.get(path)).body.assignments as A[];
    expect(after.find((a) => a.shift === 'N')?.userId).toBe(staff[other]!.user.id);
    await page.context().close();
  }, 90_000);
});
