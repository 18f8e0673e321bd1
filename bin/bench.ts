/**
 * `npm run bench -- [--duration <s>] [--connections <n>] [--warmup <s>] [--out <file>]`
 * (defaults: 10 s runs, 10 connections, 5 s unmeasured warm-up per scenario, .local-data/bench-results.json)
 *
 * Load-tests the local runtime (not Lambda): starts DynamoDB Local and the local runtime on a free
 * loopback port, registers a hospital, signs its administrator in, creates an API key, then runs
 * bounded autocannon runs against a few read endpoints. POST /auth/login is not load-tested
 * (scrypt is slow on purpose); one sign-in's latency is measured separately (median of 5).
 * Prints a table, writes the results as JSON and stops everything it started.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
// @ts-expect-error -- autocannon 9 ships no type declarations (and @types/autocannon is not installed); typed below.
import autocannonUntyped from 'autocannon';
import { type DynamoLocal, startDynamoLocal } from './local/dynamo-local';
import { type LocalRuntime, startLocalRuntime } from './local/server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// One JSON log line per request would dominate the measurement and bury the output.
process.env.LOG_LEVEL ??= 'warn';
// Measure what Lambda runs: answers are not re-parsed against their output schemas there.
process.env.HMS_STRICT_CHECKS ??= '0';

interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  timeout?: number;
  workers?: number;
}

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
  total?: number;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: Histogram & { totalCount: number };
  requests: Histogram & { sent: number };
}

const autocannon = autocannonUntyped as (opts: AutocannonOptions) => Promise<AutocannonResult>;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

const REST_READ = 'GET /departments (API key, REST)';
const MCP_READ = 'tools/call list-departments (API key, MCP Streamable HTTP)';

interface ScenarioResult {
  scenario: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

const USAGE =
  'Usage: npm run bench -- [--duration <seconds, default 10>] [--connections <n, default 10>] [--warmup <seconds, default 5>] [--out <file>]';

function usage(message: string): never {
  console.error(`Error: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const opts = {
    duration: 10,
    connections: 10,
    warmup: 5,
    out: resolve(import.meta.dirname, '../.local-data/bench-results.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    const positiveInt = (name: string, max: number) => {
      const n = Number(value);
      if (value === undefined || !Number.isInteger(n) || n < 1 || n > max)
        usage(`${name} must be a whole number from 1 to ${max}`);
      i++;
      return n;
    };
    if (flag === '--duration') opts.duration = positiveInt('--duration', 600);
    else if (flag === '--connections') opts.connections = positiveInt('--connections', 1000);
    else if (flag === '--warmup') opts.warmup = positiveInt('--warmup', 60);
    else if (flag === '--out') {
      if (!value) usage('--out needs a file path');
      opts.out = resolve(value);
      i++;
    } else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else usage(`unknown argument ${flag}`);
  }
  return opts;
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads several answer shapes by field
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

function expectStatus(what: string, reply: { status: number; body: unknown }, expected: number) {
  if (reply.status !== expected)
    throw new Error(
      `${what} answered ${reply.status} (expected ${expected}): ${JSON.stringify(reply.body)}`,
    );
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** autocannon records whole milliseconds; 0 means "under 1 ms". */
const ms = (value: number) => (value === 0 ? '<1' : String(value));

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    '| ' +
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join(' | ') +
    ' |';
  const sep =
    '|' +
    widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|') +
    '|';
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  let dynamo: DynamoLocal | undefined;
  let runtime: LocalRuntime | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await runtime?.close().catch(() => undefined);
      await dynamo?.stop().catch(() => undefined);
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping…`);
    void stop().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    console.log('Starting DynamoDB Local (in memory)…');
    dynamo = await startDynamoLocal();
    runtime = await startLocalRuntime({
      port: 0,
      host: '127.0.0.1',
      dynamoEndpoint: dynamo.endpoint,
      tableName: 'hospital-bench',
    });
    const base = runtime.url;
    console.log(`Local runtime at ${base}`);

    // Fixture: one hospital, its administrator's token, and an API key.
    const suffix = randomUUID().slice(0, 8);
    const reg = await call(base, 'POST', '/tenants', {
      hospitalName: `Bench Hospital ${suffix}`,
      slug: `bench-${suffix}`,
      adminName: 'Bench Admin',
      adminEmail: `bench-admin-${suffix}@example.test`,
    });
    expectStatus('POST /tenants', reg, 201);
    const tenantId: string = reg.body.tenant.id;
    const credentials = {
      email: reg.body.credentials.email as string,
      password: reg.body.credentials.password as string,
    };

    console.log('Measuring POST /auth/login (5 sequential sign-ins, scrypt included)…');
    const loginMs: number[] = [];
    let token = '';
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const login = await call(base, 'POST', '/auth/login', credentials);
      loginMs.push(performance.now() - t0);
      expectStatus('POST /auth/login', login, 200);
      token = login.body.accessToken;
    }

    const adminHeaders = { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId };
    const key = await call(
      base,
      'POST',
      '/api-keys',
      { name: 'bench key', scopes: ['tenant:read', 'users:read'] },
      adminHeaders,
    );
    expectStatus('POST /api-keys', key, 201);
    const apiKeyHeaders = { authorization: `Bearer ${key.body.secret as string}` };

    // MCP against REST: the same read operation (departments.list) with the same kind of key,
    // one as an MCP tool over Streamable HTTP, one as a REST route. The hospital's MCP rate limit
    // is raised so that the load measures the path, not the 429s.
    expectStatus(
      'POST /departments',
      await call(base, 'POST', '/departments', { name: 'Bench Medicine' }, adminHeaders),
      201,
    );
    expectStatus(
      'PATCH /tenants/current',
      await call(
        base,
        'PATCH',
        '/tenants/current',
        { agentRateLimitPerMinute: 100000 },
        adminHeaders,
      ),
      200,
    );
    const readerKey = await call(
      base,
      'POST',
      '/api-keys',
      { name: 'bench reader', scopes: ['doctors:read'] },
      adminHeaders,
    );
    expectStatus('POST /api-keys (doctors:read)', readerKey, 201);
    const readerHeaders = { authorization: `Bearer ${readerKey.body.secret as string}` };

    const scenarios: Scenario[] = [
      { name: 'GET /health (public)', method: 'GET', path: '/health', headers: {} },
      {
        name: 'GET /tenants/current (API key)',
        method: 'GET',
        path: '/tenants/current',
        headers: apiKeyHeaders,
      },
      {
        name: 'GET /auth/me (JWT + x-tenant-id)',
        method: 'GET',
        path: '/auth/me',
        headers: adminHeaders,
      },
      { name: REST_READ, method: 'GET', path: '/departments', headers: readerHeaders },
      {
        name: MCP_READ,
        method: 'POST',
        path: '/mcp',
        headers: {
          ...readerHeaders,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list-departments', arguments: {} },
        },
      },
    ];

    // Refuse to measure error responses: each scenario must answer 200 before it is load-tested.
    for (const s of scenarios)
      expectStatus(
        `${s.method} ${s.path}`,
        await call(base, s.method, s.path, s.body, s.headers),
        200,
      );

    const load = (s: Scenario, duration: number) =>
      // workers: 1 runs the load generator in a worker thread, so it does not share the event
      // loop of the runtime it measures (both are in this process).
      autocannon({
        url: base + s.path,
        method: s.method,
        headers: s.headers,
        ...(s.body === undefined ? {} : { body: JSON.stringify(s.body) }),
        connections: opts.connections,
        duration,
        timeout: 10,
        workers: 1,
      });

    // DynamoDB Local is a JVM: its first few thousand requests run interpreted and are several
    // times slower. Warm every scenario up first (unmeasured), so run order does not skew results.
    for (const s of scenarios) {
      console.log(`Warming up ${s.name}: ${opts.warmup} s, not measured…`);
      await load(s, opts.warmup);
    }

    const results: ScenarioResult[] = [];
    for (const s of scenarios) {
      console.log(`▶ ${s.name}: ${opts.duration} s, ${opts.connections} connections…`);
      const r = await load(s, opts.duration);
      const statusCodes = Object.fromEntries(
        Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]),
      );
      const result: ScenarioResult = {
        scenario: s.name,
        requestsPerSecond: round(r.requests.average),
        latencyP50Ms: r.latency.p50,
        latencyP99Ms: r.latency.p99,
        latencyMaxMs: r.latency.max,
        requests: r.latency.totalCount,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        statusCodes,
      };
      results.push(result);
      console.log(
        `  ${result.requestsPerSecond} req/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
    }

    const login = {
      scenario: 'POST /auth/login (single, sequential)',
      samples: loginMs.map((ms) => round(ms)),
      medianMs: round(median(loginMs)),
    };
    const rows = [
      ['Scenario', 'Requests/s', 'p50 (ms)', 'p99 (ms)', 'Requests', 'Non-2xx', 'Errors'],
      ...results.map((r) => [
        r.scenario,
        r.requestsPerSecond.toFixed(1),
        ms(r.latencyP50Ms),
        ms(r.latencyP99Ms),
        String(r.requests),
        String(r.non2xx),
        String(r.errors + r.timeouts),
      ]),
      [login.scenario, '-', `${login.medianMs} (median of 5)`, '-', '5', '0', '0'],
    ];
    const environment = {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      target: 'local runtime (bin/local/server.ts) + DynamoDB Local, loopback',
      logLevel: process.env.LOG_LEVEL,
    };
    console.log(
      `\nResults (${opts.duration} s per run, ${opts.connections} connections, ${environment.cpus} CPUs, Node ${environment.node}):\n`,
    );
    console.log(table(rows));
    // Issue 15's goal: a read tool over MCP costs at most 1.3 times its REST route.
    const p50 = (name: string) => results.find((r) => r.scenario === name)?.latencyP50Ms ?? 0;
    const mcpVsRest = {
      restP50Ms: p50(REST_READ),
      mcpP50Ms: p50(MCP_READ),
      ratio: p50(REST_READ) > 0 ? round(p50(MCP_READ) / p50(REST_READ)) : null,
      goal: 1.3,
    };
    console.log(
      `\nMCP read tool vs REST (median latency): ${mcpVsRest.mcpP50Ms} ms vs ${mcpVsRest.restP50Ms} ms, ratio ${mcpVsRest.ratio ?? '-'} (goal at most ${mcpVsRest.goal})`,
    );

    const report = {
      date: new Date().toISOString(),
      settings: {
        durationSeconds: opts.duration,
        connections: opts.connections,
        warmupSeconds: opts.warmup,
      },
      environment,
      scenarios: results,
      mcpVsRest,
      login,
    };
    mkdirSync(dirname(opts.out), { recursive: true });
    writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWrote ${opts.out}`);
  } finally {
    await stop();
  }
  console.log(
    `Stopped the runtime and DynamoDB Local (total ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? `Error: ${err.message}` : err);
    process.exit(1);
  },
);
