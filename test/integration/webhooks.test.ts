import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock, systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import { subscriptionItem } from '../../shared/modules/webhooks/store';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// Webhooks against real HTTP receivers on loopback: signatures verified with the snippet the docs
// give (read from docs/notifications.md), a receiver that fails then recovers (retries with
// backoff), an event delivered twice sent once, redelivery, secret rotation with overlap.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
type Hospital = Awaited<ReturnType<typeof diagnosticsHospital>>;
let h: Hospital;
type Verify = (
  header: string,
  body: string,
  secret: string,
  tolerance?: number,
  now?: number,
) => boolean;
let verify: Verify;

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on 127.0.0.1 answering `statuses` in turn (then 200), recording what it received. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received };
}
const servers: Server[] = [];

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await diagnosticsHospital(rt.url, TZ);
  // The documented snippet, exactly as docs/notifications.md gives it.
  const doc = readFileSync('docs/notifications.md', 'utf8');
  const snippet = /<!-- verify-snippet -->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!snippet) throw new Error('docs/notifications.md has no verify snippet');
  const file = join(tmpdir(), `verify-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, snippet);
  verify = ((await import(pathToFileURL(file).href)) as { verifyHmsSignature: Verify })
    .verifyHmsSignature;
}, 90_000);
afterAll(async () => {
  resetClock();
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
});

async function criticalResult() {
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
  const event = rt.events.bus.published.find(
    (e) => e['detail-type'] === 'LabCriticalResult' && (e.detail as any).orderId === order.id,
  )!;
  return { order, event };
}

const nowSeconds = () => Math.floor(systemClock.now().getTime() / 1000);
const signature = (r: Received) => String(r.headers['hms-signature']);

describe('webhooks', () => {
  let ok: Awaited<ReturnType<typeof receiver>>;
  let sub: any;
  let secret: string;

  it('delivers a signed event once, verifiable with the documented snippet', async () => {
    ok = await receiver();
    const created = await must(
      h.admin.post('/webhooks', {
        url: ok.url,
        eventTypes: ['lab.critical_result'],
        description: 'LIS bridge',
      }),
      201,
      'subscribe',
    );
    sub = created.subscription;
    secret = created.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(sub).toMatchObject({ url: ok.url, active: true, secretHint: secret.slice(-4) });
    expect(JSON.stringify(await must(h.admin.get('/webhooks'), 200, 'list'))).not.toContain(secret);

    const { order, event } = await criticalResult();
    expect(ok.received).toHaveLength(1);
    const got = ok.received[0]!;
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      id: `lab-critical:${(event.detail as any).alertId}`,
      type: 'lab.critical_result',
      data: { orderId: order.id, mrn: order.mrn },
    });
    expect(body.data.tenantId).toBeUndefined();
    expect(got.headers['hms-event-id']).toBe(body.id);
    expect(verify(signature(got), got.body, secret, 300, nowSeconds())).toBe(true);
    // A changed body, another secret, or the same request replayed after the window: refused.
    expect(
      verify(signature(got), got.body.replace('critical', 'Critical'), secret, 300, nowSeconds()),
    ).toBe(false);
    expect(verify(signature(got), got.body, 'whsec_other', 300, nowSeconds())).toBe(false);
    expect(verify(signature(got), got.body, secret, 300, nowSeconds() + 301)).toBe(false);

    // The same event delivered twice, and twice at once: still one delivery.
    await Promise.all([rt.events.bus.deliver(event), rt.events.bus.deliver(event)]);
    expect(ok.received).toHaveLength(1);
    const deliveries = await must(h.admin.get(`/webhooks/${sub.id}/deliveries`), 200, 'deliveries');
    expect(deliveries.items).toHaveLength(1);
    expect(deliveries.items[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      eventId: body.id,
    });
  });

  it('retries a failing receiver with backoff until it recovers', async () => {
    const flaky = await receiver([503, 500]);
    const created = await must(
      h.admin.post('/webhooks', { url: flaky.url, eventTypes: ['lab.critical_result'] }),
      201,
      'subscribe',
    );
    const before = ok.received.length;
    await criticalResult();
    expect(flaky.received).toHaveLength(1);
    expect(ok.received).toHaveLength(before + 1);
    const deliveries = async () =>
      (await must(h.admin.get(`/webhooks/${created.subscription.id}/deliveries`), 200, 'd'))
        .items[0];
    let d = await deliveries();
    const t0 = systemClock.now().getTime();
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 503,
      lastError: 'the receiver answered 503',
    });
    expect(Date.parse(d.nextAttemptAt) - t0).toBeGreaterThan(25_000);
    expect(Date.parse(d.nextAttemptAt) - t0).toBeLessThanOrEqual(30_000);

    // Not due yet: the job leaves it.
    await rt.events.runWebhookRetries();
    expect(flaky.received).toHaveLength(1);
    shiftClock(31_000);
    await rt.events.runWebhookRetries();
    expect(flaky.received).toHaveLength(2);
    d = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
    // The second wait is twice the first.
    const wait = Date.parse(d.nextAttemptAt) - systemClock.now().getTime();
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    shiftClock(61_000);
    await rt.events.runWebhookRetries();
    d = await deliveries();
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200 });
    expect(d.nextAttemptAt).toBeUndefined();
    expect(flaky.received).toHaveLength(3);
    // Every attempt carried the same event and body, each signed for its own time.
    expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
    for (const r of flaky.received)
      expect(
        verify(signature(r), r.body, created.secret, 300, Number(/t=(\d+)/.exec(signature(r))![1])),
      ).toBe(true);
    await rt.events.runWebhookRetries();
    expect(flaky.received).toHaveLength(3);
  });

  it('redelivers by hand, and signs with both secrets during a rotation’s overlap', async () => {
    const d = (await must(h.admin.get(`/webhooks/${sub.id}/deliveries`), 200, 'd')).items[0];
    const again = await must(
      h.admin.post(`/webhooks/${sub.id}/deliveries/${d.id}/redeliver`, {}),
      200,
      'redeliver',
    );
    expect(again).toMatchObject({ id: d.id, status: 'delivered', attempts: 1 });
    const last = () => ok.received[ok.received.length - 1]!;
    expect(last().headers['hms-event-id']).toBe(d.eventId);
    expect(last().body).toBe(d.payload);

    const rotated = await must(
      h.admin.post(`/webhooks/${sub.id}/rotate-secret`, { overlapMinutes: 2 }),
      200,
      'rotate',
    );
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.subscription.previousSecretExpiresAt).toBeDefined();
    await must(
      h.admin.post(`/webhooks/${sub.id}/deliveries/${d.id}/redeliver`, {}),
      200,
      'redeliver',
    );
    expect(signature(last()).match(/v1=/g)).toHaveLength(2);
    expect(verify(signature(last()), last().body, rotated.secret, 300, nowSeconds())).toBe(true);
    expect(verify(signature(last()), last().body, secret, 300, nowSeconds())).toBe(true);

    shiftClock(3 * 60_000);
    await must(
      h.admin.post(`/webhooks/${sub.id}/deliveries/${d.id}/redeliver`, {}),
      200,
      'redeliver',
    );
    expect(signature(last()).match(/v1=/g)).toHaveLength(1);
    expect(verify(signature(last()), last().body, rotated.secret, 300, nowSeconds())).toBe(true);
    expect(verify(signature(last()), last().body, secret, 300, nowSeconds())).toBe(false);
  });

  it('validates subscriptions, keeps them to administrators and to their hospital', async () => {
    expectError(
      await h.admin.post('/webhooks', {
        url: 'http://example.com/x',
        eventTypes: ['lab.critical_result'],
      }),
      400,
      /url.*https/,
    );
    expectError(
      await h.admin.post('/webhooks', {
        url: 'https://u:p@example.com/x',
        eventTypes: ['lab.critical_result'],
      }),
      400,
      /credentials/,
    );
    expectError(
      await h.admin.post('/webhooks', { url: 'https://example.com/x', eventTypes: [] }),
      400,
      /eventTypes/,
    );
    expectError(
      await h.admin.post('/webhooks', {
        url: 'https://example.com/x',
        eventTypes: ['lab.everything'],
      }),
      400,
      /eventTypes/,
    );
    expectError(
      await h.admin.post(`/webhooks/${sub.id}/rotate-secret`, { overlapMinutes: 20_000 }),
      400,
      /overlapMinutes/,
    );
    expectError(
      await h.doctorUser.api.post('/webhooks', {
        url: 'https://example.com/x',
        eventTypes: ['lab.critical_result'],
      }),
      403,
    );
    expectError(await h.doctorUser.api.get('/webhooks'), 403);
    const other = await diagnosticsHospital(rt.url, TZ);
    expectError(await other.admin.get(`/webhooks/${sub.id}/deliveries`), 404);
    expectError(await other.admin.post(`/webhooks/${sub.id}/rotate-secret`, {}), 404);
    expect((await must(other.admin.get('/webhooks'), 200, 'theirs')).items).toEqual([]);
    // Removed: no more deliveries to it.
    const before = ok.received.length;
    await must(h.admin.call('DELETE', `/webhooks/${sub.id}`), 200, 'delete');
    await criticalResult();
    expect(ok.received).toHaveLength(before);
  });

  it('refuses receivers that are not public addresses, at subscription and again at delivery', async () => {
    // Literal addresses, also in the decimal, octal and mapped forms the URL parser normalises.
    for (const url of [
      'https://10.0.0.5/hooks',
      'https://169.254.169.254/latest/meta-data/',
      'https://2130706433/hooks',
      'https://0177.0.0.1/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00:ec2::254]/hooks',
      'https://[fe80::1]/hooks',
      // a name that resolves to loopback: refused after resolution
      'https://localhost/hooks',
    ])
      expectError(
        await h.admin.post('/webhooks', { url, eventTypes: ['lab.critical_result'] }),
        400,
        /url.*public address/,
      );
    // Plain http to loopback is the local runtime's opt-in only; https to loopback never.
    expectError(
      await h.admin.post('/webhooks', {
        url: ok.url.replace('http://', 'https://'),
        eventTypes: ['lab.critical_result'],
      }),
      400,
      /url.*public address/,
    );

    // A name that answered a public address when it was subscribed and a private one at
    // delivery (DNS rebinding): written as the record would be, pointing at a live receiver.
    const target = await receiver();
    const port = new URL(target.url).port;
    const at = systemClock.now().toISOString();
    const rebound = {
      id: `rebound-${Date.now()}`,
      tenantId: h.tenantId,
      url: `https://localhost:${port}/hooks`,
      eventTypes: ['lab.critical_result' as const],
      active: true,
      secret: 'whsec_rebound_test_secret_0000000000',
      secretHint: '0000',
      createdAt: at,
      updatedAt: at,
    };
    const store = new Stores().forTenant(h.tenantId);
    await store.put({ Item: subscriptionItem(store, rebound) });
    await criticalResult();
    const deliveries = await must(
      h.admin.get(`/webhooks/${rebound.id}/deliveries`),
      200,
      'deliveries',
    );
    expect(deliveries.items).toHaveLength(1);
    expect(deliveries.items[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(
        /^refused: localhost resolves to (127\.0\.0\.1|::1), which is not a public address \(loopback\)$/,
      ),
    });
    expect(deliveries.items[0].lastStatusCode).toBeUndefined();
    expect(target.received).toHaveLength(0);
    await must(h.admin.call('DELETE', `/webhooks/${rebound.id}`), 200, 'delete');
  });
});
