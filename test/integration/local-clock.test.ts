/**
 * `npm start`'s development controls (bin/local/control.ts, docs/local-clock.md) as a check
 * written outside the project would use them: move the clock forward over HTTP, run the agent
 * actions job, and see a pending proposal expire. A runtime started without them (the tests',
 * like the deployed API) answers those paths as any unknown route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, systemClock } from '../../shared/kernel/clock';
import { hitlHospital } from '../support/hitl';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime | undefined;
beforeAll(async () => {
  clockToNineAm('Asia/Kolkata');
  rt = await startTestRuntime({ localControl: true });
}, 60_000);
afterAll(async () => {
  resetClock();
  await rt?.close();
});

const url = () => rt!.url;
const post = (path: string, body: unknown, contentType = 'application/json') =>
  fetch(`${url()}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const clock = async () =>
  (await (await fetch(`${url()}/_local/clock`)).json()) as { now: string; offsetMinutes: number };

describe('the local clock', () => {
  it('answers the runtime’s time, and moves it forward by whole minutes, adding up', async () => {
    const before = await clock();
    expect(Math.abs(Date.parse(before.now) - systemClock.now().getTime())).toBeLessThan(2_000);

    const moved = await post('/_local/clock', { advanceMinutes: 90 });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as { now: string; offsetMinutes: number };
    expect(after.offsetMinutes - before.offsetMinutes).toBeCloseTo(90, 1);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(90 * 60_000);
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeLessThan(90 * 60_000 + 5_000);

    await post('/_local/clock', { advanceMinutes: 30 });
    expect((await clock()).offsetMinutes - before.offsetMinutes).toBeCloseTo(120, 1);
  });

  it('refuses anything but a whole number of minutes from 1 to a leap year, and then stays put', async () => {
    const before = (await clock()).offsetMinutes;
    const refusals: [unknown, RegExp][] = [
      [{}, /^Invalid body: advanceMinutes: is required/],
      [{ advanceMinutes: 0 }, /^Invalid body: advanceMinutes: /],
      [{ advanceMinutes: -5 }, /^Invalid body: advanceMinutes: /],
      [{ advanceMinutes: 1.5 }, /^Invalid body: advanceMinutes: /],
      [{ advanceMinutes: '10' }, /^Invalid body: advanceMinutes: /],
      [{ advanceMinutes: 527_041 }, /^Invalid body: advanceMinutes: /],
      [{ advanceMinutes: 5, back: true }, /^Invalid body: back: is not a known field/],
      ['{"advanceMinutes": 5', /^The body must be a JSON object/],
    ];
    for (const [body, message] of refusals) {
      const res = await post('/_local/clock', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringMatching(message),
      });
    }
    const form = await post(
      '/_local/clock',
      'advanceMinutes=5',
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ statusCode: 415, message: /application\/json/ });
    expect((await fetch(`${url()}/_local/clock`, { method: 'DELETE' })).status).toBe(405);
    expect((await post('/_local/calendar', {})).status).toBe(404);
    expect((await clock()).offsetMinutes).toBeCloseTo(before, 3);
  });

  it('lets a pending proposal expire: five minutes on, the job run over HTTP expires it', async () => {
    const h = await hitlHospital(url());
    expect(
      (
        await h.admin.put('/agent-actions/settings', {
          types: { prescription: { lifetimeMinutes: 5 } },
        })
      ).status,
    ).toBe(200);
    const { encounter } = await h.encounter();
    const proposed = await h.proposeRx(encounter.id);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const id: string = proposed.body.id;

    const early = await post('/_local/jobs/agent-actions', {});
    expect(early.status).toBe(200);
    expect(
      ((await early.json()) as { report: { expired: string[] } }).report.expired,
    ).not.toContain(id);
    expect((await h.doctorUser.api.get(`/agent-actions/${id}`)).body.status).toBe('PENDING');

    expect((await post('/_local/clock', { advanceMinutes: 6 })).status).toBe(200);
    const run = await post('/_local/jobs/agent-actions', {});
    expect(run.status).toBe(200);
    const ran = (await run.json()) as { report: { expired: string[] }; now: string };
    expect(ran.report.expired).toContain(id);
    expect(Date.parse(ran.now)).toBeGreaterThan(Date.parse(proposed.body.expiresAt));
    expect((await h.doctorUser.api.get(`/agent-actions/${id}`)).body.status).toBe('EXPIRED');
    expect((await h.otherDoctor.api.post(`/agent-actions/${id}/approve`)).status).toBe(409);

    expect((await post('/_local/jobs/agent-actions', { now: 'later' })).status).toBe(400);
  });
});

describe('a runtime without the controls (the tests’ own, like the deployed API)', () => {
  it('answers /_local/ paths as an unknown route, and its clock does not move', async () => {
    const plain = await startTestRuntime();
    const before = systemClock.now().getTime() - Date.now();
    const res = await fetch(`${plain.url}/_local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMinutes: 60 }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: expect.stringMatching(/^No route for POST \/_local\/clock;/),
    });
    expect((await fetch(`${plain.url}/_local/jobs/agent-actions`, { method: 'POST' })).status).toBe(
      404,
    );
    expect(Math.abs(systemClock.now().getTime() - Date.now() - before)).toBeLessThan(1_000);
  });
});
