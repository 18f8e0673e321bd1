/**
 * `npm start` on a busy machine (bin/local/dynamo-local.ts): the wait for DynamoDB Local is as
 * long as HMS_DYNAMODB_START_TIMEOUT_SECONDS says (default 120 s), says it is still waiting, and
 * fails in one line naming the limit and how to raise it. A stand-in endpoint plays the slow
 * emulator, so this takes about a second, not minutes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_START_TIMEOUT_SECONDS,
  LocalSetupError,
  startTimeoutSeconds,
  waitUntilAnswering,
} from '../../../bin/local/dynamo-local';

describe('HMS_DYNAMODB_START_TIMEOUT_SECONDS', () => {
  it('defaults to 120 s when unset or empty', () => {
    expect(DEFAULT_START_TIMEOUT_SECONDS).toBe(120);
    expect(startTimeoutSeconds({})).toBe(120);
    expect(startTimeoutSeconds({ HMS_DYNAMODB_START_TIMEOUT_SECONDS: '' })).toBe(120);
  });

  it.each([
    ['1', 1],
    ['30', 30],
    ['300', 300],
    [' 600 ', 600],
    ['3600', 3600],
  ])('%j → %i s', (raw, seconds) => {
    expect(startTimeoutSeconds({ HMS_DYNAMODB_START_TIMEOUT_SECONDS: raw })).toBe(seconds);
  });

  it.each(['0', '-5', '1.5', '2m', 'soon', '3601', '1e3'])('%j is refused in one line', (raw) => {
    const call = () => startTimeoutSeconds({ HMS_DYNAMODB_START_TIMEOUT_SECONDS: raw });
    expect(call).toThrow(LocalSetupError);
    expect(call).toThrow(
      `HMS_DYNAMODB_START_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600 (got "${raw}")`,
    );
  });
});

/** A stand-in for DynamoDB Local on a free port, answering with `handle`. */
async function standIn(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((ok) => s.close(ok));
  }
});

describe('waiting for DynamoDB Local', () => {
  it('an endpoint that never answers: progress while waiting, then one error naming the limit and the variable', async () => {
    // Accepts the connection, never answers: a JVM too busy to serve its first request.
    const endpoint = await standIn(() => {});
    const progress: number[] = [];
    const started = Date.now();
    const failure = await waitUntilAnswering(endpoint, {
      timeoutMs: 1_000,
      progressEveryMs: 300,
      onProgress: (waited) => progress.push(waited),
    }).catch((err: unknown) => err);
    const took = Date.now() - started;
    expect(failure).toBeInstanceOf(LocalSetupError);
    expect((failure as Error).message).toBe(
      `DynamoDB Local did not answer on ${endpoint} within 1 s; on a busy machine, allow it longer with HMS_DYNAMODB_START_TIMEOUT_SECONDS=<seconds>`,
    );
    // The hanging attempt is cut off at the limit, not left to hang.
    expect(took).toBeGreaterThanOrEqual(1_000);
    expect(took).toBeLessThan(3_000);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThanOrEqual(250);
  });

  it('an endpoint that answers late but within the limit: waits for it, reporting progress', async () => {
    const opensAt = Date.now() + 900;
    const endpoint = await standIn((_req, res) => {
      if (Date.now() < opensAt) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ TableNames: [] }));
    });
    const progress: number[] = [];
    await waitUntilAnswering(endpoint, {
      timeoutMs: 5_000,
      progressEveryMs: 250,
      onProgress: (waited) => progress.push(waited),
    });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt);
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });

  it('stops at once when the process can no longer answer (it exited)', async () => {
    const endpoint = await standIn(() => {});
    await expect(
      waitUntilAnswering(endpoint, {
        timeoutMs: 60_000,
        gone: () => 'DynamoDB Local exited during start-up: out of memory',
      }),
    ).rejects.toThrow('DynamoDB Local exited during start-up: out of memory');
  });
});
