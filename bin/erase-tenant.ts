/**
 * `npm run erase-tenant -- --table <name> --tenant <id> [--endpoint <url>] [--region <r>] --yes`:
 * deletes every item of one hospital from the table (bin/erase/erase.ts), printing progress. An
 * operator's command, with the operator's AWS credentials (or DynamoDB Local's with --endpoint);
 * it refuses to run without --yes. Exits 2 for wrong arguments, 1 when DynamoDB fails.
 * docs/operations.md "Offboarding a hospital" says what stays in backups afterwards.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { eraseTenant } from './erase/erase';

const usage =
  'Usage: npm run erase-tenant -- --table <name> --tenant <id> [--endpoint <url>] [--region <region>] --yes';

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      table: { type: 'string' },
      tenant: { type: 'string' },
      endpoint: { type: 'string' },
      region: { type: 'string' },
      yes: { type: 'boolean' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const { table, tenant, endpoint, region } = values as Record<string, string | undefined>;
if (!table || !tenant) {
  console.error(usage);
  process.exit(2);
}
if (values.yes !== true) {
  console.error(
    `Refusing to erase tenant ${tenant} from ${table} without --yes: every item of the hospital is deleted and cannot be undone (docs/operations.md).\n${usage}`,
  );
  process.exit(2);
}

const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(endpoint
      ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  }),
);
try {
  const deleted = await eraseTenant({
    client,
    table,
    tenantId: tenant,
    log: (line) => console.log(line),
  });
  console.log(`Erased tenant ${tenant}: ${deleted} items deleted from ${table}.`);
} catch (err) {
  console.error(`Erase failed: ${(err as Error).message}`);
  process.exit(1);
}
