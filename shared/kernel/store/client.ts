import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoEndpoint, region, tableName } from '../config';

/**
 * One document client per container, created on first use (outside any request) so the local
 * runtime can set the endpoint first. Local credentials are dummies: DynamoDB Local accepts any.
 * Services never touch it: they get a Store from their context.
 */
let doc: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
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

/** The local runtime swaps the client when it points at a new endpoint. */
export function resetDocumentClient(): void {
  doc = undefined;
}

export { tableName };
