import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock } from '../../shared/kernel/clock';
import {
  chromiumAvailable,
  eventually,
  launchChromium,
  signIn,
  watchPage,
} from '../support/browser';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The outbox panel of the /admin overview in Chromium: the monitor's delivery items (event
// backlog, dead events, failed notifications) from the same answer, and for an administrator the
// latest messages of the notifications outbox; a manager sees the counts without the messages; a
// receptionist sees no panel. No CSP violation on the way.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  if (!chromiumAvailable) return;
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  resetClock();
  await browser?.close();
});

async function signedIn(email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchPage(page, problems);
  await signIn(page, rt.url, email, password);
  return page;
}

afterEach(() => {
  expect(problems).toEqual([]);
});

describe.skipIf(!chromiumAvailable)('the outbox panel in a real browser', () => {
  it('an administrator sees the delivery counts and the latest message; a manager the counts only', async () => {
    const h = await diagnosticsHospital(rt.url, TZ);
    // A critical result: one e-mail to the ordering doctor through the notifications outbox.
    const { encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1975-02-10' });
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'encounter', id: encounter.id },
        codes: ['718-7'],
      }),
      201,
      'order',
    );
    await must(h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '718-7', value: 6.2 }],
      }),
      200,
      'results',
    );
    await rt.events.bus.idle();
    const user = async (role: string) => {
      const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      const r = await h.admin.post('/users', { name: `${role} User`, email, role });
      return { email, password: r.body.credentials.password as string };
    };

    const admin = await user('ADMIN');
    const page = await signedIn(admin.email, admin.password);
    await page.goto(`${rt.url}/admin#/overview`);
    const firstMessage = page.locator('#outbox-messages tbody tr').first();
    await firstMessage.waitFor();
    expect(
      await page
        .locator('#outbox-items li')
        .evaluateAll((lis) => lis.map((li) => [li.dataset.key, li.dataset.status])),
    ).toEqual([
      ['outbox-backlog', 'ok'],
      ['dead-events', 'ok'],
      ['failed-notifications', 'ok'],
    ]);
    await eventually(() => page.locator('#outbox-badge').textContent()).toBe('All delivered');
    await eventually(() => firstMessage.getAttribute('data-status')).toBe('sent');
    await eventually(() => firstMessage.locator('td').allTextContents()).toEqual([
      expect.any(String),
      'lab-critical-result',
      'email',
      h.doctorUser.user.email,
      'sent',
      '',
    ]);

    const manager = await user('MANAGER');
    const managerPage = await signedIn(manager.email, manager.password);
    await managerPage.goto(`${rt.url}/admin#/overview`);
    await managerPage.locator('#outbox-items li[data-key="failed-notifications"]').waitFor();
    await managerPage.waitForLoadState('networkidle');
    await eventually(() => managerPage.locator('#outbox-messages-block').isHidden()).toBe(true);

    const desk = await user('RECEPTIONIST');
    const other = await signedIn(desk.email, desk.password);
    await other.goto(`${rt.url}/admin#/overview`);
    await other.locator('#stat-doctors-foot:not(:text("Loading…"))').waitFor();
    await other.waitForLoadState('networkidle');
    await eventually(() => other.locator('#outbox-panel').isHidden()).toBe(true);
  }, 120_000);
});
