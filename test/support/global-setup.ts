import type { TestProject } from 'vitest/node';
import { ensureTable, startDynamoLocal } from '../../bin/local/dynamo-local';

export const TEST_TABLE = 'hospital-test';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/** One DynamoDB Local for the whole run; every test file makes its own tenants in it. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal();
  await ensureTable(dynamo.endpoint, TEST_TABLE);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    await dynamo.stop();
  };
}
