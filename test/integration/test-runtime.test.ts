/**
 * The tests' own runtime helper (test/support/runtime.ts): integration files share one local
 * runtime per worker, so it must stay up when a file lets it go, and a runtime of a file's own
 * must not leave the shared one deaf to the events it publishes.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publishEvent } from '../../shared/events/bus';
import { startTestRuntime } from '../support/runtime';

const health = async (url: string) => (await fetch(`${url}/health`)).status;

describe('startTestRuntime', () => {
  it('answers the worker’s one runtime each time; close() lets it go but leaves it serving', async () => {
    const first = await startTestRuntime();
    await first.close();
    const second = await startTestRuntime();
    expect(second.url).toBe(first.url);
    expect(second.server).toBe(first.server);
    expect(await health(second.url)).toBe(200);
    // It never closes an idle connection itself (test/support/runtime.ts): only the client does,
    // so a request after a long CPU-bound test cannot meet a socket the server is closing.
    expect(second.server.keepAliveTimeout).toBe(0);
  });

  it('a dedicated runtime is the caller’s own; the shared one starts afresh after it, with the event bus', async () => {
    const shared = await startTestRuntime();
    const own = await startTestRuntime({ dedicated: true });
    expect(own.url).not.toBe(shared.url);
    expect(await health(own.url)).toBe(200);
    await own.close();
    await expect(fetch(`${own.url}/health`)).rejects.toThrow();

    const next = await startTestRuntime();
    expect(next.url).not.toBe(shared.url);
    expect(next.url).not.toBe(own.url);
    // The replaced shared runtime is closed, and events now reach the new one's bus.
    await expect(fetch(`${shared.url}/health`)).rejects.toThrow();
    const probe = randomUUID();
    await publishEvent({ source: 'hms.test', detailType: 'Probe', detail: { probe } });
    expect(next.events.bus.published.map((e) => (e.detail as { probe?: string }).probe)).toContain(
      probe,
    );
  });
});
