import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoEndpoint, region, tableName } from '../config';

/**
 * One document client per container, created lazily so the local runtime can set the endpoint
 * before first use. Local credentials are dummies: DynamoDB Local accepts any.
 */
let doc: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  if (!doc) {
    const endpoint = dynamoEndpoint();
    const client = new DynamoDBClient({
      region: region(),
      ...(endpoint
        ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
      maxAttempts: 3,
    });
    doc = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return doc;
}

/** Test hook: the local runtime swaps the client when it points at a new endpoint. */
export function resetDb(): void {
  doc = undefined;
}

export const table = () => tableName();
