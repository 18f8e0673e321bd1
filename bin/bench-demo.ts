/**
 * `npm run bench:demo [-- --size small|default] [--seed s]`: how long the demo hospital takes to
 * generate on DynamoDB Local (every record through its operation), per step and in all, and the
 * records it made per module. Starts its own DynamoDB Local and runtime on free ports.
 */

import { demoOptionsFromArgs } from './local/demo';
import { launchDynamoLocal } from './local/dynamo-local';
import { listen, startLocalRuntime } from './local/server';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.LOG_LEVEL = 'warn';

async function main() {
  const options = demoOptionsFromArgs(['--demo', ...process.argv.slice(2)])!;
  const server = await listen(0);
  const dynamo = await launchDynamoLocal({ readyTimeoutSeconds: 120 });
  await dynamo.ready;
  const runtime = await startLocalRuntime({
    server,
    port: 0,
    dynamoEndpoint: dynamo.endpoint,
    schedule: false,
  });
  try {
    const { createDemoHospital } = await import('../shared/demo/hospital');
    const steps: [string, number][] = [];
    let last = Date.now();
    let current = '';
    const hospital = await createDemoHospital({
      ...options,
      onProgress: (step) => {
        if (current) steps.push([current, Date.now() - last]);
        current = step;
        last = Date.now();
      },
    });
    steps.push([current, Date.now() - last]);
    console.log(
      `Demo hospital, seed ${hospital.seed}, size ${hospital.size}, ${hospital.tenant.timeZone}`,
    );
    console.log(`Generated in ${(hospital.durationMs / 1000).toFixed(1)} s on DynamoDB Local`);
    console.log('\nPer step:');
    for (const [step, ms] of steps) console.log(`  ${step.padEnd(30)} ${(ms / 1000).toFixed(2)} s`);
    console.log('\nRecords:');
    for (const [what, n] of Object.entries(hospital.counts))
      console.log(`  ${what.padEnd(36)} ${n}`);
    const total = Object.values(hospital.counts).reduce((a, b) => a + b, 0);
    console.log(`  ${'total'.padEnd(36)} ${total}`);
  } finally {
    await runtime.close();
    await dynamo.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
