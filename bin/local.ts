/**
 * `npm start`: the whole service on one machine, no AWS account. DynamoDB Local in memory (or in
 * a folder with HMS_DATA_DIR / --data <dir>), every route on PORT (default 3000). Start-up waits
 * up to HMS_DYNAMODB_START_TIMEOUT_SECONDS (default 120) for DynamoDB Local, with progress lines.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { newKeySet, parseKeySet, rotateKeySet, rotationDue } from '../shared/auth/signing-keys';
import { inviteCodeHash, REGISTRATION_ENV } from '../shared/modules/tenants/registration';
import { demoOptionsFromArgs, printDemoSignIn } from './local/demo';
import {
  type DynamoLocal,
  LocalSetupError,
  launchDynamoLocal,
  START_TIMEOUT_ENV,
  startTimeoutSeconds,
} from './local/dynamo-local';
import { type LocalRuntime, listen, startLocalRuntime } from './local/server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * A persistent data folder keeps its signing key set too (signing-keys.json, owner-only), so
 * tokens survive a restart; it is rotated at start once the current key is 30 days old, with the
 * same overlap as on AWS (shared/auth/signing-keys.ts).
 */
function signingKeysFor(dataDir: string | undefined): string {
  const now = new Date();
  if (!dataDir) return JSON.stringify(newKeySet(now));
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'signing-keys.json');
  const stored = existsSync(file) ? parseKeySet(readFileSync(file, 'utf8'), true) : null;
  const set = !stored
    ? newKeySet(now)
    : rotationDue(stored, now)
      ? rotateKeySet(stored, now)
      : stored;
  if (set !== stored) writeFileSync(file, JSON.stringify(set), { mode: 0o600 });
  return JSON.stringify(set);
}

function portFromEnv(): number {
  const raw = process.env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535)
    throw new LocalSetupError(`PORT must be a number from 0 to 65535 (got "${raw}")`);
  return port;
}

/** What has started so far, so that a signal at any moment stops exactly that. */
const running: { server?: Server; dynamo?: DynamoLocal; runtime?: LocalRuntime } = {};
let stopping = false;

async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  if (running.runtime) await running.runtime.close();
  else if (running.server) await new Promise((done) => running.server!.close(done));
  // Also while DynamoDB Local is still starting: its Java process must not outlive us.
  await running.dynamo?.stop();
  process.exit(0);
}

async function main() {
  // Before anything starts, so that Ctrl-C during start-up still stops what has started.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const port = portFromEnv();
  const readyTimeoutSeconds = startTimeoutSeconds();
  const host = process.env.HOST ?? '127.0.0.1';
  // The production profile's registration setting (docs/deployment.md): --registration
  // open|invite-only|closed, --registration-invite <code> (or HMS_REGISTRATION and its hash).
  const registration = argValue('--registration');
  if (registration) process.env[REGISTRATION_ENV.mode] = registration;
  const invite = argValue('--registration-invite');
  if (invite) process.env[REGISTRATION_ENV.inviteSha256] = inviteCodeHash(invite);
  const dataDirArg = argValue('--data') ?? process.env.HMS_DATA_DIR;
  const dataDir = dataDirArg ? resolve(dataDirArg) : undefined;
  const started = Date.now();
  // `--demo [--seed s] [--size small|default]`: a demo hospital once the runtime is up (docs/demo.md).
  const demo = demoOptionsFromArgs(process.argv);

  // The port first: if it is taken, say so now, in one line, rather than after Java has started.
  running.server = await listen(port, host);
  const dynamo = await launchDynamoLocal({
    dataDir,
    readyTimeoutSeconds,
    // A slow start (a busy machine) shows it is still waiting, and for how long it will.
    onProgress: (waitedMs) =>
      console.log(
        `  still waiting for DynamoDB Local: ${Math.round(waitedMs / 1000)} s of at most ${readyTimeoutSeconds} s (${START_TIMEOUT_ENV} sets the limit)`,
      ),
  });
  running.dynamo = dynamo;
  console.log(
    `Starting DynamoDB Local on port ${dynamo.port} (${dataDir ? `data in ${dataDir}` : 'in memory; set HMS_DATA_DIR or --data <dir> to keep data'}; waiting up to ${readyTimeoutSeconds} s)…`,
  );
  await dynamo.ready;
  const runtime = await startLocalRuntime({
    server: running.server,
    port,
    host,
    dynamoEndpoint: dynamo.endpoint,
    signingKeys: signingKeysFor(dataDir),
    log: (line) => console.log(line),
    // Move the clock and run the agent actions job from outside (docs/local-clock.md).
    localControl: true,
  });
  running.runtime = runtime;
  if (stopping) return;
  console.log(
    `Hospital Management Service is running at ${runtime.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`  Register a hospital: ${runtime.url}/get-started`);
  console.log(`  Sign in:             ${runtime.url}/login`);
  console.log(`  Health:              ${runtime.url}/health`);
  console.log(
    `  MCP:                 ${runtime.url}/mcp (Streamable HTTP), ${runtime.url}/sse (SSE)`,
  );
  console.log(`  A2A agent card:      ${runtime.url}/.well-known/agent-card.json`);
  console.log(
    `  Local clock:         ${runtime.url}/_local/clock (POST {"advanceMinutes": n}; docs/local-clock.md)`,
  );
  if (demo) {
    const { createDemoHospital } = await import('../shared/demo/hospital');
    console.log(`Generating the demo hospital (seed ${demo.seed}, size ${demo.size})…`);
    // The request log of every generated record would bury the progress and the sign-in.
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'warn';
    const hospital = await createDemoHospital({
      ...demo,
      onProgress: (step, done, total) => console.log(`  [${done + 1}/${total}] ${step}`),
    });
    await runtime.events.bus.idle();
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
    if (stopping) return;
    printDemoSignIn(runtime.url, hospital, (line) => console.log(line));
  }
  console.log('Press Ctrl-C to stop.');
}

main().catch(async (err) => {
  // A signal during start-up makes the start-up fail (DynamoDB Local stopped); shutdown() exits.
  if (stopping) return;
  console.error(err instanceof LocalSetupError ? `Error: ${err.message}` : err);
  stopping = true;
  running.server?.close();
  await running.dynamo?.stop();
  process.exit(1);
});
