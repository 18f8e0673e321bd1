/**
 * Who may use `npm start`'s development controls (bin/local/control.ts): callers on this machine
 * only, whatever HOST the runtime listens on. The HTTP behaviour is tested through the runtime in
 * test/integration/local-clock.test.ts; a caller from another machine cannot be made there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { isLocalHost, isLoopback, localControl } from '../../../bin/local/control';
import type { LocalEvents } from '../../../bin/local/event-bus';
import { resetClock, systemClock } from '../../../shared/kernel/clock';

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:192.168.1.20', false],
    ['128.0.0.1', false],
    ['fe80::1', false],
    ['::', false],
    ['0.0.0.0', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });
});

describe('isLocalHost (the Host header)', () => {
  it.each([
    ['localhost:3000', true],
    ['LOCALHOST', true],
    ['127.0.0.1:3105', true],
    ['127.0.0.1', true],
    ['[::1]:3000', true],
    ['evil.example:3000', false],
    ['localhost.evil.example', false],
    ['192.168.1.20:3000', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });
});

/** A request as node:http hands it over, from `remoteAddress`, to `host`. */
function request(method: string, remoteAddress: string, body = '', host = 'localhost:3000') {
  return Object.assign(Readable.from(body ? [Buffer.from(body)] : []), {
    method,
    headers: { 'content-type': 'application/json', host },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;
}

function response() {
  const out = { status: 0, body: undefined as unknown };
  const res = {
    writeHead: (status: number) => {
      out.status = status;
      return res;
    },
    end: (text: string) => {
      out.body = JSON.parse(text);
    },
  } as unknown as ServerResponse;
  return { res, out };
}

describe('the local controls', () => {
  let jobRuns = 0;
  const events = {
    runSchedule: async () => {
      jobRuns += 1;
      return { expired: [], republished: [], failed: [] };
    },
    bus: { idle: async () => {} },
  } as unknown as LocalEvents;
  const control = localControl(events);
  afterEach(() => resetClock());

  it('leave every other path to the runtime', async () => {
    const { res, out } = response();
    expect(await control(request('GET', '127.0.0.1'), res, '/health')).toBe(false);
    expect(await control(request('GET', '127.0.0.1'), res, '/_localx/clock')).toBe(false);
    expect(out.status).toBe(0);
  });

  it('refuse a caller on another machine with 403, and neither move the clock nor run the job', async () => {
    for (const [path, body] of [
      ['/_local/clock', '{"advanceMinutes": 60}'],
      ['/_local/jobs/agent-actions', '{}'],
    ] as const) {
      const { res, out } = response();
      expect(await control(request('POST', '192.168.1.20', body), res, path)).toBe(true);
      expect(out).toEqual({
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: 'The local controls answer only callers on this machine',
        },
      });
    }
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(jobRuns).toBe(0);
  });

  it('refuse a page of another site whose name resolves to this machine (DNS rebinding)', async () => {
    const { res, out } = response();
    const rebound = request('POST', '127.0.0.1', '{"advanceMinutes": 60}', 'evil.example:3000');
    expect(await control(rebound, res, '/_local/clock')).toBe(true);
    expect(out.status).toBe(403);
    expect(Math.abs(systemClock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('serve a caller on this machine', async () => {
    const moved = response();
    await control(
      request('POST', '::ffff:127.0.0.1', '{"advanceMinutes": 60}'),
      moved.res,
      '/_local/clock',
    );
    expect(moved.out.status).toBe(200);
    expect(systemClock.now().getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const ran = response();
    await control(request('POST', '::1', ''), ran.res, '/_local/jobs/agent-actions');
    expect(ran.out.status).toBe(200);
    expect(jobRuns).toBe(1);
  });
});
