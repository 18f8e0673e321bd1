import type { TestProject } from 'vitest/node';
import { type DynamoLocal, ensureTable, startDynamoLocal } from '../../bin/local/dynamo-local';

export const TEST_TABLE = 'hospital-test';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/**
 * The projects that need DynamoDB Local (integration, browser) each name this file as their
 * globalSetup; vitest runs it once per project, in its own main process, and only for projects
 * with files to run, so `vitest run test/unit` starts no Java at all. The projects of one run share
 * one DynamoDB Local (kept on globalThis, since each project loads this module anew), stopped when
 * the last of them tears down. Every test file makes its own tenants in it.
 */
const SHARED = Symbol.for('hms.test.dynamoLocal');
interface Shared {
  users: number;
  dynamo: Promise<DynamoLocal>;
}
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

async function startWithTable(): Promise<DynamoLocal> {
  const dynamo = await startDynamoLocal();
  try {
    await ensureTable(dynamo.endpoint, TEST_TABLE);
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
  return dynamo;
}

export default async function setup(project: TestProject) {
  holder[SHARED] ??= { users: 0, dynamo: startWithTable() };
  const shared = holder[SHARED];
  shared.users += 1;
  try {
    project.provide('dynamoEndpoint', (await shared.dynamo).endpoint);
  } catch (err) {
    shared.users -= 1;
    if (shared.users === 0) delete holder[SHARED];
    throw err;
  }
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await (await shared.dynamo).stop();
  };
}
