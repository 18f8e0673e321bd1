import { inject } from 'vitest';
import { type LocalRuntime, startLocalRuntime } from '../../bin/local/server';
import { TEST_TABLE } from './global-setup';

/** The local runtime on a free port, against the run's DynamoDB Local. */
export async function startTestRuntime(options: { stage?: string } = {}): Promise<LocalRuntime> {
  return startLocalRuntime({
    ...options,
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: TEST_TABLE,
    jwtSecret: 'test-secret-for-this-run-only-0123456789',
    // Tests run the agent actions job themselves (runtime.events.runSchedule) with a moved clock.
    schedule: false,
  });
}
