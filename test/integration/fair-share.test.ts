/**
 * The fair share between hospitals (shared/edge/fair-share.ts): each hospital and each API key
 * has its own rate and burst, counted atomically, so of many parallel requests exactly the burst
 * passes, the 429 names the limit that was hit with a Retry-After, and another hospital is not
 * touched by the first one's traffic.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { FAIR_SHARE_ENV } from '../../shared/edge/fair-share';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let runtime: LocalRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.close());
afterEach(() => {
  for (const name of Object.values(FAIR_SHARE_ENV)) delete process.env[name];
  resetClock();
});

/** Moves the clock to 100 ms into a window of `ms` (windows are aligned on the epoch). */
function startOfWindow(ms: number): void {
  shiftClock(ms - (Date.now() % ms) + 100);
}

const statuses = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

describe('fair share', () => {
  it('lets exactly the burst of a hospital through in a window, and not another hospital’s', async () => {
    const a = await newTenant(runtime.url);
    const b = await newTenant(runtime.url);
    // 1 a second with bursts of 20: a window of 20 s holding 20 requests.
    process.env[FAIR_SHARE_ENV.hospitalRate] = '1';
    process.env[FAIR_SHARE_ENV.hospitalBurst] = '20';
    startOfWindow(20_000);
    const replies = await Promise.all(Array.from({ length: 30 }, () => a.admin.get('/patients')));
    expect(statuses(replies)).toEqual({ 200: 20, 429: 10 });
    const refused = replies.find((r) => r.status === 429);
    expectError(refused!, 429, /This hospital's limit of 1 requests a second \(bursts of 20\)/);
    expect(refused!.body).toMatchObject({ limit: 'hospital', ratePerSecond: 1, burst: 20 });
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(19);
    expect(retryAfter).toBeLessThanOrEqual(20);
    // The other hospital has its own share, untouched.
    expect((await b.admin.get('/patients')).status).toBe(200);
  });

  it('limits an API key within its hospital, without its refusals using up the hospital', async () => {
    const h = await newTenant(runtime.url);
    const { api: key } = await h.key(['patients:read']);
    process.env[FAIR_SHARE_ENV.hospitalRate] = '1';
    process.env[FAIR_SHARE_ENV.hospitalBurst] = '20';
    process.env[FAIR_SHARE_ENV.apiKeyRate] = '1';
    process.env[FAIR_SHARE_ENV.apiKeyBurst] = '5';
    startOfWindow(20_000);
    const keyReplies = await Promise.all(Array.from({ length: 12 }, () => key.get('/patients')));
    expect(statuses(keyReplies)).toEqual({ 200: 5, 429: 7 });
    const refused = keyReplies.find((r) => r.status === 429);
    expectError(refused!, 429, /This API key's limit of 1 requests a second \(bursts of 5\)/);
    expect(refused!.body).toMatchObject({ limit: 'apiKey', burst: 5 });
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    // The key's 5 admitted requests count for the hospital; its 7 refused ones do not.
    const userReplies = await Promise.all(
      Array.from({ length: 20 }, () => h.admin.get('/patients')),
    );
    expect(statuses(userReplies)).toEqual({ 200: 15, 429: 5 });
    expect(userReplies.find((r) => r.status === 429)!.body.limit).toBe('hospital');
  });

  it('counts nothing when the deployment sets no hospital rate', async () => {
    const h = await newTenant(runtime.url);
    const replies = await Promise.all(Array.from({ length: 25 }, () => h.admin.get('/patients')));
    expect(statuses(replies)).toEqual({ 200: 25 });
  });
});
