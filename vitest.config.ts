import { defineConfig } from 'vitest/config';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export default defineConfig({
  test: {
    globals: true,
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
      LOG_LEVEL: 'warn',
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
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
