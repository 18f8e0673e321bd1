/**
 * `npm start`: the whole service on one machine, no AWS account. DynamoDB Local in memory (or in
 * a folder with HMS_DATA_DIR / --data <dir>), every route on PORT (default 3000).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalSetupError, startDynamoLocal } from './local/dynamo-local';
import { startLocalRuntime } from './local/server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A persistent data folder keeps its JWT secret too, so tokens survive a restart. */
function jwtSecretFor(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const dataDirArg = argValue('--data') ?? process.env.HMS_DATA_DIR;
  const dataDir = dataDirArg ? resolve(dataDirArg) : undefined;
  const started = Date.now();
  console.log(`Starting DynamoDB Local (${dataDir ? `data in ${dataDir}` : 'in memory; set HMS_DATA_DIR or --data <dir> to keep data'})…`);
  const dynamo = await startDynamoLocal({ dataDir });
  let runtime;
  try {
    runtime = await startLocalRuntime({ port, host: process.env.HOST ?? '127.0.0.1', dynamoEndpoint: dynamo.endpoint, jwtSecret: jwtSecretFor(dataDir), log: (line) => console.log(line) });
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
  console.log(`Hospital Management Service is running at ${runtime.url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`  Register a hospital: ${runtime.url}/get-started`);
  console.log(`  Sign in:             ${runtime.url}/login`);
  console.log(`  Health:              ${runtime.url}/health`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await runtime.close();
    await dynamo.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof LocalSetupError || /already in use/.test(String(err?.message)) ? `Error: ${err.message}` : err);
  process.exit(1);
});
