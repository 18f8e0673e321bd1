/**
 * The theatre pages in Chromium (issue 17 item 9, issue 24 item 3): a coordinator opens a session
 * and a surgeon books cases with the patient and team picked by name, a clash explained and
 * nothing double-booked; the scrub nurse works the WHO checklist on a tablet, one phase at a time,
 * confirming only the items the checklist names her for, the counts at Sign Out, and the timeline
 * refusing anaesthesia before Sign In is complete. No CSP violation, no page error.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { CORE_ITEMS, must, type TheatreHospital, theatreHospital } from '../support/theatre';

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime();
/** A day ahead of now (real time: the browser's clock is not shifted), so no start is in the past. */
const ahead = (n: number) => addDays(utcToZonedParts(new Date(), TZ).date, n);

type Member = { token: string; user: { id: string; name: string } };

async function pageAs(h: TheatreHospital, who: Member, width = 1366): Promise<Page> {
  return rt.pageAs({ ...who, tenantId: h.tenantId }, { width });
}

async function pickPatient(page: Page, name: string) {
  await page.fill('#book-patient-q', name);
  await page.click(`#book-patient-results button:has-text("${name}")`);
  await page.waitForSelector('#book-source option[value^="encounter:"]', { state: 'attached' });
}

describe.skipIf(!chromiumAvailable)('the theatre list page in a real browser', () => {
  it('a coordinator opens a session; a surgeon books two cases by name, the clash explained and kept', async () => {
    const h = await theatreHospital(rt.url, TZ);
    const theatre = await h.theatre();
    const day = ahead(2);
    const [first, second] = [
      await h.patient({ name: 'Priya Theatre' }),
      await h.patient({ name: 'Ravi Theatre' }),
    ];
    await h.encounter(first.id);
    await h.encounter(second.id);

    // The coordinator opens the morning session, the team chosen by name.
    const coordinator = await pageAs(h, h.coordinator);
    await coordinator.goto(`${rt.url}/theatre?date=${day}`);
    await coordinator.waitForSelector(`#session-theatre option[value="${theatre.code}"]`, {
      state: 'attached',
    });
    // The lists and the pickers load in parallel: wait for the lists too.
    await coordinator.waitForSelector('#ot-lists p', { state: 'attached' });
    await eventually(() => coordinator.textContent('#ot-lists')).toContain('Open one with');
    await coordinator.selectOption('#session-theatre', theatre.code);
    await coordinator.fill('#session-date', day);
    await coordinator.fill('#session-from', '08:00');
    await coordinator.fill('#session-to', '13:00');
    await coordinator.selectOption('#session-surgeon', h.surgeon.user.id);
    await coordinator.selectOption('#session-anaesthetist', h.anaesthetist.user.id);
    await coordinator.click('#session-submit');
    await coordinator.waitForSelector('#session-status .alert-success');
    await coordinator.waitForSelector(`section[aria-label="Theatre ${theatre.code}"]`);
    await eventually(() => coordinator.textContent('#ot-lists')).toContain(
      '08:00–13:00 · elective · 0 cases',
    );
    await coordinator.context().close();

    // The surgeon books the first case at 08:00.
    const page = await pageAs(h, h.surgeon);
    await page.goto(`${rt.url}/theatre?date=${day}`);
    await page.waitForSelector('#book-session option[value]:not([value=""])', {
      state: 'attached',
    });
    const book = async (name: string, time: string) => {
      await pickPatient(page, name);
      await page.fill('#book-procedure', 'Laparoscopic cholecystectomy');
      await page.fill('#book-site', 'Gallbladder');
      await page.selectOption('#book-surgeon', h.surgeon.user.id);
      await page.selectOption('#book-anaesthetist', h.anaesthetist.user.id);
      await page.selectOption('#book-nurse', h.scrubNurse.user.id);
      await page.check('#book-consent');
      await page.selectOption('#book-session', { index: 1 });
      await page.fill('#book-start', time);
      await page.click('#book-submit');
      await page.waitForSelector('#book-status .alert');
      return (await page.textContent('#book-status')) ?? '';
    };
    expect(await book('Priya Theatre', '08:00')).toContain(
      'Booked Laparoscopic cholecystectomy for Priya Theatre at 08:00',
    );
    await page.waitForSelector('#ot-lists tr:has-text("Priya Theatre")');
    await eventually(() => page.textContent('#ot-lists tr:has-text("Priya Theatre")')).toContain(
      '08:00–09:00',
    );

    // The same team at 08:30 clashes: explained, nothing booked, the request kept.
    const clash = await book('Ravi Theatre', '08:30');
    expect(clash).toMatch(/^Not booked: .+/);
    expect(clash).toContain('choose another time');
    await eventually(() => page.locator('#ot-lists tbody tr').count()).toBe(1);
    await page.fill('#book-start', '09:00');
    await page.click('#book-submit');
    await page.waitForSelector('#book-status .alert-success');
    await page.waitForSelector('#ot-lists tr:has-text("Ravi Theatre")');
    await eventually(() => page.textContent('#ot-lists tr:has-text("Ravi Theatre")')).toContain(
      '09:00–10:00',
    );
    // The bar shows both cases; the list holds exactly two (the clash did not request a third).
    await eventually(() => page.locator('.ot-bar__case').count()).toBe(2);
    const lists = await must(h.coordinator.api.get(`/theatre/lists?date=${day}`), 200, 'lists');
    const cases = lists.theatres[0].sessions[0].cases;
    expect(cases.map((c: { patientName: string }) => c.patientName)).toEqual([
      'Priya Theatre',
      'Ravi Theatre',
    ]);
    await page.context().close();
  }, 120_000);
});

describe.skipIf(!chromiumAvailable)('the checklist page on a tablet', () => {
  it('the scrub nurse confirms only her items, one phase at a time; the timeline and counts are enforced', async () => {
    const h = await theatreHospital(rt.url, TZ);
    const theatre = await h.theatre();
    const day = ahead(3);
    const session = await h.session(theatre.code, day, '08:00', '12:00');
    const c = await h.requestCase();
    await must(
      h.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, {
        sessionId: session.id,
        start: h.at(day, '08:00'),
      }),
      200,
      'schedule',
    );

    const page = await pageAs(h, h.scrubNurse, 768); // a tablet held upright
    await page.goto(`${rt.url}/theatre/checklist#${c.id}`);
    await page.waitForSelector('#ck-items li');
    await eventually(() => page.textContent('#ck-phase-title')).toMatch(
      /^Sign In \(.+\): 0 of 7 confirmed$/,
    );
    await eventually(() =>
      page.getAttribute('#ck-phases button:nth-child(1)', 'aria-current'),
    ).toBe('step');
    // Her items have a large Confirm button; the anaesthetist's say who must confirm them.
    const confirmButtons = page.locator('#ck-items .ck-confirm');
    await eventually(() => confirmButtons.count()).toBe(2);
    for (const box of await confirmButtons.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().height),
    ))
      expect(box).toBeGreaterThanOrEqual(48);
    await eventually(() => page.textContent('li[data-item="pulse-oximeter"]')).toContain(
      `Only ${h.anaesthetist.user.name} can confirm this item, in person.`,
    );
    await page.click('li[data-item="patient-confirmed"] .ck-confirm');
    await page.waitForSelector('li[data-item="patient-confirmed"].ck-item--done');
    await page.click('li[data-item="site-marked"] .ck-confirm');
    await page.waitForSelector('li[data-item="site-marked"].ck-item--done');
    await eventually(() => page.textContent('li[data-item="site-marked"]')).toContain(
      `Confirmed: yes, by ${h.scrubNurse.user.name} (nurse) at`,
    );

    // In room, then anaesthesia start is refused while Sign In is incomplete.
    await page.click('#ck-timeline button:has-text("Record in room")');
    await page.waitForSelector('#ck-timeline button:has-text("In room")');
    await page.click('#ck-timeline button:has-text("Record anaesthesia start")');
    await page.waitForSelector('#ck-timeline-status .alert-error');
    await eventually(() => page.textContent('#ck-timeline-status')).toMatch(
      /Sign In \(.+\) is not complete: anaesthesia-check, pulse-oximeter/,
    );

    // The anaesthetist and the surgeon confirm theirs at their own devices; Time Out follows.
    const by = { nurse: h.scrubNurse, anaesthetist: h.anaesthetist, surgeon: h.surgeon };
    const confirm = (item: string, who: keyof typeof by, extra: object = {}) =>
      must(
        by[who].api.post(`/theatre/cases/${c.id}/checklist/confirmations`, { item, ...extra }),
        200,
        item,
      );
    for (const [item, who] of CORE_ITEMS['sign-in']!) if (who !== 'nurse') await confirm(item, who);
    for (const [item, who] of CORE_ITEMS['time-out']!) await confirm(item, who);
    for (const [item, who] of CORE_ITEMS['sign-out']!)
      if (item !== 'counts-complete') await confirm(item, who);

    await page.reload();
    await page.waitForSelector('#ck-items li');
    await eventually(() => page.textContent('#ck-phase-title')).toMatch(
      /^Sign Out \(.+\): 4 of 5 confirmed$/,
    );
    await eventually(() => page.textContent('#ck-phases')).toMatch(/1\. Sign In \(.+\) ✓ complete/);
    // Counts that differ need the action taken; with it, the item is confirmed.
    for (const kind of ['instruments', 'swabs', 'needles']) {
      await page.fill(`#ck-counts-complete-${kind}-before`, '10');
      await page.fill(`#ck-counts-complete-${kind}-after`, kind === 'swabs' ? '9' : '10');
    }
    await page.click('li[data-item="counts-complete"] .ck-confirm');
    await page.waitForSelector('li[data-item="counts-complete"] .alert-error');
    await page.fill(
      '#ck-counts-complete-action',
      'Swab found in the bin after a search; X-ray not needed, surgeon informed',
    );
    await page.click('li[data-item="counts-complete"] .ck-confirm');
    await page.waitForSelector('li[data-item="counts-complete"].ck-item--done');
    await eventually(() => page.textContent('#ck-phase-title')).toMatch(
      /^Sign Out \(.+\): 5 of 5 confirmed$/,
    );
    // No sideways scrolling at tablet width.
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.context().close();
  }, 120_000);
});
