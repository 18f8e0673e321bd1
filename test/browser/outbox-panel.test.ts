import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { shiftClock } from '../../shared/kernel/clock';
import { chromiumAvailable, eventually, useBrowserRuntime } from '../support/browser';
import { diagnosticsHospital, must } from '../support/diagnostics';

// The outbox panel of the /admin overview in Chromium: the monitor's delivery items (event
// backlog, dead events, failed notifications) from the same answer, and for an administrator the
// latest messages of the notifications outbox; a manager sees the counts without the messages; a
// receptionist sees no panel. Failed webhook deliveries (a receiver on loopback that always
// answers 500) are counted and listed with their last error and next retry, then as given up.
// No CSP violation on the way.

const TZ = 'Asia/Kolkata';
const rt = useBrowserRuntime({ nineAmIn: TZ });

let failingReceiver: Server | undefined;

afterAll(async () => {
  if (failingReceiver) await new Promise((ok) => failingReceiver!.close(ok));
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
    const page = await rt.signedIn(admin);
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
      ['failed-webhooks', 'ok'],
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
    const managerPage = await rt.signedIn(manager);
    await managerPage.goto(`${rt.url}/admin#/overview`);
    await managerPage.locator('#outbox-items li[data-key="failed-notifications"]').waitFor();
    await managerPage.waitForLoadState('networkidle');
    await eventually(() => managerPage.locator('#outbox-messages-block').isHidden()).toBe(true);

    const desk = await user('RECEPTIONIST');
    const other = await rt.signedIn(desk);
    await other.goto(`${rt.url}/admin#/overview`);
    await other.locator('#stat-doctors-foot:not(:text("Loading…"))').waitFor();
    await other.waitForLoadState('networkidle');
    await eventually(() => other.locator('#outbox-panel').isHidden()).toBe(true);
  }, 120_000);

  it('counts and lists failed webhook deliveries: last error and next retry, then given up', async () => {
    const h = await diagnosticsHospital(rt.url, TZ);
    failingReceiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = 500;
        res.end('down');
      });
    });
    await new Promise<void>((ok) => failingReceiver!.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(failingReceiver.address() as AddressInfo).port}/hooks`;
    await must(
      h.admin.post('/webhooks', { url, eventTypes: ['lab.critical_result'] }),
      201,
      'subscribe',
    );
    const email = `it-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const made = await h.admin.post('/users', { name: 'IT Admin', email, role: 'ADMIN' });
    const password = made.body.credentials.password as string;
    const { encounter } = await h.encounterFor({ sex: 'female', dateOfBirth: '1980-06-01' });
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

    const page = await rt.signedIn({ email, password });
    await page.goto(`${rt.url}/admin#/overview`);
    const row = page.locator('#outbox-webhooks tbody tr').first();
    await row.waitFor();
    await eventually(() =>
      page.locator('#outbox-items li[data-key="failed-webhooks"]').getAttribute('data-status'),
    ).toBe('attention');
    await eventually(() => page.locator('#outbox-badge').textContent()).toBe('1 need attention');
    await eventually(() => page.textContent('#outbox-webhooks-summary')).toBe(
      '1 retrying, 0 given up',
    );
    await eventually(() => row.locator('td').allTextContents()).toEqual([
      'lab.critical_result',
      url,
      '1',
      'the receiver answered 500',
      expect.stringMatching(/^Retry at /),
    ]);

    // Eight attempts in all, the last about 1.5 hours on: then the retry job gives up.
    for (let i = 0; i < 7; i++) {
      shiftClock(3_601_000);
      await rt.events.runWebhookRetries();
    }
    const later = await rt.signedIn({ email, password });
    await later.goto(`${rt.url}/admin#/overview`);
    const gaveUp = later.locator('#outbox-webhooks tbody tr[data-status="failed"]');
    await gaveUp.waitFor();
    await eventually(() => later.textContent('#outbox-webhooks-summary')).toBe(
      '0 retrying, 1 given up',
    );
    await eventually(() => gaveUp.locator('td').allTextContents()).toEqual([
      'lab.critical_result',
      url,
      '8',
      'the receiver answered 500',
      'Gave up: redeliver by hand',
    ]);
  }, 120_000);
});
