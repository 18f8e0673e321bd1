/**
 * `npm run smoke -- --url <ApiUrl> --mcp <McpUrl> [--email <admin e-mail> --password <password>]`:
 * the step after `cdk deploy` (docs/deployment.md). Exercises the deployed stage end to end
 * (bin/smoke/steps.ts), prints each step, and exits 1 at the first failure with what to do next
 * (2 for wrong arguments).
 */
import { parseArgs } from 'node:util';
import { runSmoke, SmokeFailure } from './smoke/steps';

const usage =
  'Usage: npm run smoke -- --url <ApiUrl> --mcp <McpUrl> [--email <admin e-mail> --password <password>]';

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      mcp: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
    },
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!values.url || !values.mcp || Boolean(values.email) !== Boolean(values.password)) {
  console.error(usage);
  process.exit(2);
}

try {
  await runSmoke(
    {
      url: values.url,
      mcp: values.mcp,
      email: values.email,
      password: values.password,
    },
    (line) => console.log(line),
  );
  console.log('Smoke test passed.');
} catch (err) {
  if (!(err instanceof SmokeFailure)) throw err;
  console.error(`FAIL ${err.step}: ${err.message}\nNext: ${err.next}`);
  process.exit(1);
}
