import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/**
 * One vitest project per kind of test: `vitest run --project unit` runs one kind, and only the
 * projects that need DynamoDB Local start it (test/support/global-setup.ts). The guard test
 * test/unit/suite/test-isolation.test.ts reads these lists.
 *
 * Files of a project run one after another in each worker, in one module graph: the service, the
 * AWS SDK and CDK are imported once per worker, not once per file (most of an integration file's
 * time used to be that import), and integration files share the worker's local runtime
 * (test/support/runtime.ts). A file that changes something for the whole process must undo it:
 * environment variables (delete what you set, in `finally` or `afterAll`), an aws-sdk-client-mock
 * (`restore()` it). The clock is reset after every file for you (test/support/file-setup.ts). A
 * file that mocks a module (`vi.mock`, `vi.doMock`) or cannot undo what it changes runs in a
 * process of its own: list it in OWN_PROCESS (it then runs in the sibling project
 * `<name>-own-process`, each file in a fresh process).
 */
export interface SuiteProject {
  name: string;
  include: string;
  /** Starts DynamoDB Local for the run (test/support/global-setup.ts) and provides its endpoint. */
  dynamo: boolean;
}

export const PROJECTS: readonly SuiteProject[] = [
  // Pure rules and the kernel with mocked AWS clients: no emulator.
  { name: 'unit', include: 'test/unit/**/*.test.ts', dynamo: false },
  // CDK assertions and cdk-nag: no emulator.
  { name: 'cdk', include: 'test/cdk/**/*.test.ts', dynamo: false },
  // Through the local runtime over HTTP, or the operations called directly, on DynamoDB Local.
  { name: 'integration', include: 'test/integration/**/*.test.ts', dynamo: true },
  // Chromium against the local runtime; each file launches and closes its own browser.
  { name: 'browser', include: 'test/browser/**/*.test.ts', dynamo: true },
];

/** Files that run in a process of their own (in the project `<name>-own-process`). */
export const OWN_PROCESS: readonly string[] = [
  // vi.mock of shared/auth/authorize: a module mock must not reach another file's imports.
  'test/unit/auth/authorizer-policy.test.ts',
  // mockClient(DynamoDBDocumentClient) for the whole file, never restored.
  'test/unit/kernel/transact.test.ts',
  // mockClient(DynamoDBDocumentClient) for the whole file, never restored.
  'test/unit/kernel/store-writes.test.ts',
  // Takes the process's EventBridge client and bus name over (useEventBusClient) to make PutEvents
  // fail: a shared worker's runtime would stop receiving the events of the files after it.
  'test/integration/outbox.test.ts',
  // Sets TENANT_ROLE_ARN and mocks the STS client class: every store of the process would sign
  // with the mock's session credentials while it runs.
  'test/integration/tenant-credentials.test.ts',
];

function projects(p: SuiteProject): TestProjectInlineConfiguration[] {
  const folder = p.include.slice(0, p.include.indexOf('/**'));
  const own = OWN_PROCESS.filter((f) => f.startsWith(`${folder}/`));
  const dynamo = p.dynamo
    ? { globalSetup: ['test/support/global-setup.ts'], setupFiles: ['test/support/file-setup.ts'] }
    : { setupFiles: ['test/support/file-setup.ts'] };
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name: p.name,
      include: [p.include],
      exclude: own,
      isolate: false,
      ...dynamo,
    },
  };
  if (!own.length) return [shared];
  return [
    shared,
    {
      extends: true,
      test: { name: `${p.name}-own-process`, include: own, isolate: true, ...dynamo },
    },
  ];
}

export default defineConfig({
  test: {
    globals: true,
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
      LOG_LEVEL: 'warn',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core, not vitest's cores - 1 (a single worker on two cores): an integration
    // worker spends about half its time waiting for DynamoDB Local, another process, so a second
    // worker uses the core the first leaves idle.
    maxWorkers: availableParallelism(),
    // The default reporter, then the ten slowest files and the time per project.
    reporters: ['default', './test/support/slowest-files.ts'],
    projects: PROJECTS.flatMap(projects),
    coverage: {
      provider: 'v8',
      // The code that runs on Lambda or in the local runtime, and the CDK app. Not measured here:
      // the pages' browser code (shared/web/client, run in Chromium by test/browser, out of V8's
      // reach in this process) and the scripts CI runs as commands (bin/*.ts: synth, bundles,
      // docs, bench; `npm start` is spawned by test/integration/local-start.test.ts).
      include: ['shared/**/*.ts', 'functions/**/*.ts', 'lib/**/*.ts', 'bin/local/**/*.ts'],
      exclude: ['shared/web/client/**'],
      reporter: ['text-summary'],
      // Measured on 2026-11-23 after the inpatient, pharmacy, billing, diagnostics, agent and
      // HITL areas landed: 92.5% statements, 83.2% branches, 97.4% functions, 93.8% lines (the
      // new areas' defensive branches are less covered than the kernel's). A change that drops
      // below these fails `npm test`.
      thresholds: { statements: 92, branches: 83, functions: 96, lines: 93 },
    },
  },
});
