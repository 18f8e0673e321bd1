/**
 * `npm run smoke` (bin/smoke.ts) against the local runtime started in this process on a free
 * port: every step passes and is printed; a stage that does not answer fails at the first step
 * with what to do next, and the command exits non-zero.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { runSmoke, SmokeFailure } from '../../bin/smoke/steps';
import { startTestRuntime } from '../support/runtime';

let runtime: LocalRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.close());

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('npm run smoke', () => {
  it('passes every step against a running stage, printing each', async () => {
    const lines: string[] = [];
    await runSmoke({ url: `${runtime.url}/`, mcp: `${runtime.url}/` }, (l) => lines.push(l));
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'ok   health',
      'ok   hospital',
      'ok   patient',
      'ok   doctor and encounter',
      'ok   agent key',
      'ok   MCP',
      'ok   proposal over MCP',
      'ok   A2A',
      'ok   approval and execution',
    ]);
    expect(lines.at(-1)).toMatch(/executed \(EXECUTED\)/);
  }, 60_000);

  it('signs in with --email/--password and refuses a non-administrator', async () => {
    const lines: string[] = [];
    const failure = await runSmoke(
      { url: runtime.url, mcp: runtime.url, email: 'nobody@example.test', password: 'wrong' },
      (l) => lines.push(l),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmokeFailure);
    expect(failure).toMatchObject({ step: 'hospital', next: expect.stringMatching(/--email/) });
    expect((failure as Error).message).toMatch(/POST \/auth\/login answered 401/);
  }, 30_000);

  it('exits 1 at the first step that fails, saying what to do next', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/prod/`;
    const run = promisify(execFile)('npx', ['tsx', 'bin/smoke.ts', '--url', url, '--mcp', url]);
    const failure = (await run.catch((e: unknown) => e)) as {
      code: number;
      stderr: string;
      stdout: string;
    };
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(
      /^FAIL health: GET http:\/\/127\.0\.0\.1:\d+\/prod\/health did not answer \(connect ECONNREFUSED/m,
    );
    expect(failure.stderr).toMatch(/Next: Check --url: it is the stack output ApiUrl/);
  }, 60_000);

  it('exits 2 without --url and --mcp', async () => {
    const failure = (await promisify(execFile)('npx', ['tsx', 'bin/smoke.ts', '--url', 'x']).catch(
      (e: unknown) => e,
    )) as { code: number; stderr: string };
    expect(failure.code).toBe(2);
    expect(failure.stderr).toMatch(/Usage: npm run smoke -- --url <ApiUrl> --mcp <McpUrl>/);
  }, 60_000);
});
