import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock, systemClock } from '../../shared/kernel/clock';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// Failing webhook deliveries, as IT sees them (GET /webhooks/failing and the system monitor's
// `failed-webhooks` item): a receiver on loopback that always answers 500 is listed with its
// last error and next attempt while the retry job keeps trying, then as given up after the
// eighth attempt; once the receiver recovers, a redelivery takes it off the list.

const TZ = 'Asia/Kolkata';
let rt: LocalRuntime;
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
let server: Server;
let answer = 500;

beforeAll(async () => {
  clockToNineAm(TZ);
  rt = await startTestRuntime();
  h = await diagnosticsHospital(rt.url, TZ);
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = answer;
      res.end('x');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
}, 90_000);
afterAll(async () => {
  resetClock();
  await new Promise((ok) => server.close(ok));
});

async function criticalResult(hospital: typeof h = h) {
  const h = hospital;
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
}

/** An administrator's API key: the retries below span more than a session token's life. */
let itKey: Awaited<ReturnType<typeof h.key>>['api'];
const monitorItem = async () =>
  (await must(itKey.get('/system/monitor'), 200, 'monitor')).items.find(
    (i: any) => i.key === 'failed-webhooks',
  );

describe('failing webhook deliveries', () => {
  it('administrators only, and only their own hospital’s deliveries', async () => {
    expectError(await h.doctorUser.api.get('/webhooks/failing'), 403);
    const other = await diagnosticsHospital(rt.url, TZ);
    expect(await must(other.admin.get('/webhooks/failing'), 200, 'theirs')).toEqual({
      retrying: 0,
      gaveUp: 0,
      items: [],
    });
  });

  it('listed with the last error and next attempt, then as given up; a good redelivery clears it', async () => {
    itKey = (await h.key(['webhooks:read', 'webhooks:write', 'monitor:read'], 'IT')).api;
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/hooks`;
    expect(await must(itKey.get('/webhooks/failing'), 200, 'none')).toEqual({
      retrying: 0,
      gaveUp: 0,
      items: [],
    });
    const { subscription } = await must(
      h.admin.post('/webhooks', { url, eventTypes: ['lab.critical_result'] }),
      201,
      'subscribe',
    );
    await criticalResult();
    const first = await must(itKey.get('/webhooks/failing'), 200, 'failing');
    expect(first).toMatchObject({ retrying: 1, gaveUp: 0 });
    expect(first.items).toHaveLength(1);
    const d = first.items[0];
    expect(d).toMatchObject({
      subscriptionId: subscription.id,
      url,
      eventType: 'lab.critical_result',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'the receiver answered 500',
    });
    // The first retry waits 30 s.
    expect(Date.parse(d.nextAttemptAt) - Date.parse(d.updatedAt)).toBe(30_000);
    expect(await monitorItem()).toMatchObject({
      status: 'attention',
      count: 1,
      evidence: [d.id],
      detail:
        '1 webhook delivery(ies) failing: 1 retrying with backoff, 0 given up after every attempt',
    });

    // The retry job tries seven more times (30 s, 1, 2, 4, 8, 16 and 32 min apart), then gives up.
    for (let i = 0; i < 7; i++) {
      const next = (await must(itKey.get('/webhooks/failing'), 200, 'f')).items[0].nextAttemptAt;
      shiftClock(Date.parse(next) - systemClock.now().getTime() + 1000);
      await rt.events.runWebhookRetries();
    }
    const gaveUp = await must(itKey.get('/webhooks/failing'), 200, 'gave up');
    expect(gaveUp).toMatchObject({ retrying: 0, gaveUp: 1 });
    expect(gaveUp.items[0]).toMatchObject({
      id: d.id,
      status: 'failed',
      attempts: 8,
      lastError: 'the receiver answered 500',
    });
    expect(gaveUp.items[0].nextAttemptAt).toBeUndefined();
    expect((await monitorItem()).detail).toBe(
      '1 webhook delivery(ies) failing: 0 retrying with backoff, 1 given up after every attempt',
    );

    // The receiver is fixed; the redelivery succeeds and the list is empty again.
    answer = 200;
    await must(
      itKey.post(`/webhooks/${subscription.id}/deliveries/${d.id}/redeliver`, {}),
      200,
      'redeliver',
    );
    expect(await must(itKey.get('/webhooks/failing'), 200, 'cleared')).toEqual({
      retrying: 0,
      gaveUp: 0,
      items: [],
    });
    expect(await monitorItem()).toMatchObject({ status: 'ok', count: 0 });
  });

  it('a deleted subscription’s failing delivery is listed without a URL, then given up', async () => {
    answer = 500;
    const h2 = await diagnosticsHospital(rt.url, TZ);
    const { port } = server.address() as AddressInfo;
    const { subscription } = await must(
      h2.admin.post('/webhooks', {
        url: `http://127.0.0.1:${port}/hooks`,
        eventTypes: ['lab.critical_result'],
      }),
      201,
      'subscribe',
    );
    await criticalResult(h2);
    await must(h2.admin.call('DELETE', `/webhooks/${subscription.id}`), 200, 'delete');
    const pending = await must(h2.admin.get('/webhooks/failing'), 200, 'pending');
    expect(pending).toMatchObject({ retrying: 1, gaveUp: 0 });
    expect(pending.items[0]).not.toHaveProperty('url');
    shiftClock(31_000);
    await rt.events.runWebhookRetries();
    const gaveUp = await must(h2.admin.get('/webhooks/failing'), 200, 'gave up');
    expect(gaveUp).toMatchObject({ retrying: 0, gaveUp: 1 });
    expect(gaveUp.items[0]).toMatchObject({
      status: 'failed',
      lastError: 'the subscription was removed or paused',
    });
    expect(gaveUp.items[0]).not.toHaveProperty('url');
  });
});
