import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoEndpoint, region, tableName } from '../config';
import { tenantCredentialProvider, tenantRoleArn } from './tenant-credentials';

/**
 * One document client per container, created on first use (outside any request) so the local
 * runtime can set the endpoint first. Local credentials are dummies: DynamoDB Local accepts any.
 * Services never touch it: they get a Store from their context.
 *
 * A tenant-scoped function on AWS (`TENANT_ROLE_ARN` set, lib/functions.ts) has one more client
 * per tenant, signed with that tenant's session credentials (tenant-credentials.ts), which IAM
 * confines to the tenant's partitions; the container's own client then reaches the global lookups
 * only.
 */
let doc: DynamoDBDocumentClient | undefined;
const tenantDocs = new Map<string, DynamoDBDocumentClient>();
/** As many as tenant-credentials.ts keeps sessions for. */
const MAX_TENANT_CLIENTS = 200;

function makeClient(credentials?: DynamoDBClientConfig['credentials']): DynamoDBDocumentClient {
  const endpoint = dynamoEndpoint();
  const client = new DynamoDBClient({
    region: region(),
    ...(endpoint ? { endpoint } : {}),
    ...(credentials
      ? { credentials }
      : endpoint
        ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    maxAttempts: 3,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

/**
 * The client for a store of `tenantId` (null: the global store). Without a tenant role every
 * store shares the container's client.
 */
export function documentClient(tenantId: string | null = null): DynamoDBDocumentClient {
  const roleArn = tenantRoleArn();
  if (tenantId !== null && roleArn) {
    let client = tenantDocs.get(tenantId);
    if (!client) {
      client = makeClient(tenantCredentialProvider(roleArn, tenantId));
      tenantDocs.set(tenantId, client);
      if (tenantDocs.size > MAX_TENANT_CLIENTS) tenantDocs.delete(tenantDocs.keys().next().value!);
    }
    return client;
  }
  doc ??= makeClient();
  return doc;
}

/** The local runtime swaps the client when it points at a new endpoint. */
export function resetDocumentClient(): void {
  doc = undefined;
  tenantDocs.clear();
}

export { tableName };
