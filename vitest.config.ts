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
      include: ['shared/**/*.ts', 'functions/**/*.ts', 'bin/**/*.ts', 'lib/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
