import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm start` as a user runs it (`node --import tsx bin/local.ts`, package.json), in a child
 * process: a taken port and an old Java fail fast in one line, and Ctrl-C (also during start-up)
 * leaves no DynamoDB Local behind. One process, not the `tsx` CLI: the CLI relays a signal to its
 * child and SIGKILLs it when the child has not acknowledged within 30 ms, which a loaded machine
 * misses (exit 130, DynamoDB Local's Java left running).
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface Started {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, ms: number) => Promise<RegExpMatchArray>;
  exit: (ms: number) => Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function start(env: Record<string, string>, args: string[] = []): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, HMS_DATA_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const within = <T>(p: Promise<T>, ms: number, what: string) =>
    Promise.race([
      p,
      new Promise<never>((_, fail) =>
        setTimeout(() => fail(new Error(`${what} within ${ms} ms; output so far:\n${out}`)), ms),
      ),
    ]);
  return {
    child,
    output: () => out,
    waitFor: (pattern, ms) =>
      within(
        new Promise<RegExpMatchArray>((found) => {
          const check = () => {
            const m = out.match(pattern);
            if (m) return found(m);
            setTimeout(check, 50);
          };
          check();
        }),
        ms,
        `no ${pattern}`,
      ),
    exit: (ms) => within(exited, ms, 'did not exit'),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Process ids of DynamoDB Local Java processes listening on `port` (their command line says `-port N`). */
function dynamoPids(port: number): number[] {
  return execFileSync('ps', ['-ax', '-o', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes('DynamoDBLocal.jar') && new RegExp(`-port ${port}(\\s|$)`).test(l))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });

const holdPort = () =>
  new Promise<Server>((ok) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => ok(server));
  });

describe('npm start (bin/local.ts)', () => {
  it('a taken port fails within seconds, in one line naming the port, before Java starts', async () => {
    const held = await holdPort();
    const port = (held.address() as { port: number }).port;
    try {
      const app = start({ PORT: String(port) });
      expect(await app.exit(15_000)).not.toBe(0);
      expect(lines(app.output())).toEqual([
        expect.stringMatching(new RegExp(`^Error: Port ${port} is already in use.*PORT=`)),
      ]);
    } finally {
      held.close();
    }
  });

  it('a Java older than 17 fails in one line saying what to install', async () => {
    const fakeBin = mkdtempSync(join(tmpdir(), 'old-java-'));
    try {
      // `java -version` of Java 8 prints to stderr, as the real one does.
      writeFileSync(
        join(fakeBin, 'java'),
        "#!/bin/sh\necho 'java version \"1.8.0_381\"' >&2\necho 'Java(TM) SE Runtime Environment (build 1.8.0_381-b09)' >&2\n",
      );
      chmodSync(join(fakeBin, 'java'), 0o755);
      const app = start({ PORT: '0', PATH: `${fakeBin}${delimiter}${process.env.PATH}` });
      expect(await app.exit(15_000)).not.toBe(0);
      expect(lines(app.output())).toEqual([
        expect.stringMatching(
          /^Error: Java 8 found, but DynamoDB Local needs Java 17 or newer\. Install .*openjdk-17/,
        ),
      ]);
    } finally {
      rmSync(fakeBin, { recursive: true, force: true });
    }
  });

  it('starts, answers /health, and on SIGINT exits 0 with its DynamoDB Local gone', async () => {
    const app = start({ PORT: '0' });
    const [, dynamoPort] = await app.waitFor(/Starting DynamoDB Local on port (\d+)/, 15_000);
    // The default wait for DynamoDB Local, as the line says (HMS_DYNAMODB_START_TIMEOUT_SECONDS unset).
    expect(app.output()).toMatch(/Starting DynamoDB Local on port \d+ \(.*; waiting up to 120 s\)/);
    const [, url] = await app.waitFor(/is running at (http:\/\/\S+) \(ready in/, 45_000);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(dynamoPids(Number(dynamoPort))).toHaveLength(1);
    // Started with the JVM options that halve its start-up and CPU (bin/local/dynamo-local.ts).
    const environ = readFileSync(`/proc/${dynamoPids(Number(dynamoPort))[0]}/environ`, 'utf8');
    expect(environ.split('\0')).toContain(
      'JAVA_TOOL_OPTIONS=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
    );
    // npm start serves the local clock (docs/local-clock.md); the tests' runtime does not.
    const clock = await fetch(`${url}/_local/clock`);
    expect(clock.status).toBe(200);
    expect(await clock.json()).toMatchObject({ offsetMinutes: expect.any(Number) });

    app.child.kill('SIGINT');
    expect(await app.exit(15_000)).toBe(0);
    expect(dynamoPids(Number(dynamoPort))).toEqual([]);
    expect(await accepts(Number(dynamoPort))).toBe(false);
    expect(await accepts(Number(new URL(url!).port))).toBe(false);
  }, 90_000);

  it('SIGINT while DynamoDB Local is still starting stops its Java process too', async () => {
    const app = start({ PORT: '0' });
    const [, dynamoPort] = await app.waitFor(/Starting DynamoDB Local on port (\d+)/, 15_000);
    // The Java process exists but DynamoDB Local has not answered yet.
    await expect
      .poll(() => dynamoPids(Number(dynamoPort)).length, { timeout: 5_000, interval: 20 })
      .toBe(1);
    expect(app.output()).not.toMatch(/is running at/);
    app.child.kill('SIGINT');
    expect(await app.exit(15_000)).toBe(0);
    expect(dynamoPids(Number(dynamoPort))).toEqual([]);
  });
  it('a start-up limit that is not a number of seconds fails in one line, before Java starts', async () => {
    const app = start({ PORT: '0', HMS_DYNAMODB_START_TIMEOUT_SECONDS: 'soon' });
    expect(await app.exit(15_000)).not.toBe(0);
    expect(lines(app.output())).toEqual([
      'Error: HMS_DYNAMODB_START_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600 (got "soon")',
    ]);
  });

  it('a DynamoDB Local that does not answer within the limit fails in one line naming it, and is stopped', async () => {
    // A `java` that passes the version check, then never answers (a machine too busy to start it).
    const fakeBin = mkdtempSync(join(tmpdir(), 'slow-java-'));
    try {
      writeFileSync(
        join(fakeBin, 'java'),
        `#!/bin/sh\nif [ "$1" = "-version" ]; then echo 'openjdk version "17.0.15" 2025-04-15' >&2; exit 0; fi\necho $$ > "${fakeBin}/pid"\nexec sleep 300\n`,
      );
      chmodSync(join(fakeBin, 'java'), 0o755);
      const app = start({
        PORT: '0',
        HMS_DYNAMODB_START_TIMEOUT_SECONDS: '1',
        PATH: `${fakeBin}${delimiter}${process.env.PATH}`,
      });
      expect(await app.exit(15_000)).toBe(1);
      const out = lines(app.output());
      expect(out).toEqual([
        expect.stringMatching(/^Starting DynamoDB Local on port \d+ \(.*; waiting up to 1 s\)…$/),
        expect.stringMatching(
          /^Error: DynamoDB Local did not answer on http:\/\/127\.0\.0\.1:\d+ within 1 s; on a busy machine, allow it longer with HMS_DYNAMODB_START_TIMEOUT_SECONDS=<seconds>$/,
        ),
      ]);
      // The stand-in Java process was stopped, not left behind.
      const pid = Number(readFileSync(join(fakeBin, 'pid'), 'utf8'));
      expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      rmSync(fakeBin, { recursive: true, force: true });
    }
  }, 90_000);

  it('--demo starts with a demo hospital and prints a sign-in that works', async () => {
    const app = start({ PORT: '0' }, ['--demo', '--size', 'small', '--seed', 'start-test']);
    const [, url] = await app.waitFor(/is running at (http:\/\/\S+) \(ready in/, 45_000);
    await app.waitFor(/Press Ctrl-C to stop/, 60_000);
    const out = app.output();
    expect(out).toMatch(/\[1\/17\] staff/);
    expect(out).toMatch(
      /Demo hospital "Demo General Hospital" ready in [\d.]+ s .*seed start-test, size small/,
    );
    const tenantId = /Tenant id:\s+(\S+)/.exec(out)![1]!;
    const [, email, password] = /email (\S+)\s+password (\S+)/.exec(out)!;
    const doctorEmail = /DOCTOR\s+(\S+@\S+)/.exec(out)![1]!;
    const login = async (who: string) => {
      const r = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: who, password }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { accessToken: string }).accessToken;
    };
    const patients = await fetch(`${url}/patients?limit=100`, {
      headers: { authorization: `Bearer ${await login(email!)}`, 'x-tenant-id': tenantId },
    });
    expect(((await patients.json()) as { items: unknown[] }).items).toHaveLength(30);
    // A role user shown in the sign-in signs in with the same password.
    const me = await fetch(`${url}/auth/me`, {
      headers: { authorization: `Bearer ${await login(doctorEmail)}`, 'x-tenant-id': tenantId },
    });
    expect(((await me.json()) as { role: string }).role).toBe('DOCTOR');
    app.child.kill('SIGINT');
    expect(await app.exit(15_000)).toBe(0);
  }, 90_000);

  it('--demo with an unknown size fails in one line naming the sizes', async () => {
    const app = start({ PORT: '0' }, ['--demo', '--size', 'huge']);
    expect(await app.exit(15_000)).not.toBe(0);
    expect(lines(app.output())).toEqual([
      'Error: --size must be one of small, default (got "huge")',
    ]);
  });
});
