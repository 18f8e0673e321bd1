import { inject } from 'vitest';
import { type LocalRuntime, startLocalRuntime } from '../../bin/local/server';
import { TEST_TABLE } from './global-setup';
import { TEST_SIGNING_KEYS } from './signing-keys';

export interface TestRuntimeOptions {
  /** Serve under `/<stage>/…`; such a runtime is the caller's own (see `dedicated`). */
  stage?: string;
  /**
   * A runtime of the caller's own, closed by its `close()`, instead of the worker's shared one.
   * Starting one takes the process's event bus and DynamoDB client over (they are per process, as
   * on Lambda), so the shared runtime is started afresh for the next caller.
   */
  dedicated?: boolean;
  /** Serve `npm start`'s development controls under /_local/ (bin/local/control.ts); implies `dedicated`. */
  localControl?: boolean;
}

/** Runtimes started in this process so far: a shared runtime started before the last is stale. */
let started = 0;
let shared: { runtime: Promise<LocalRuntime>; generation: number } | undefined;

async function launch(options: TestRuntimeOptions): Promise<LocalRuntime> {
  started += 1;
  const runtime = await startLocalRuntime({
    ...(options.stage ? { stage: options.stage } : {}),
    ...(options.localControl ? { localControl: true } : {}),
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    tableName: TEST_TABLE,
    signingKeys: TEST_SIGNING_KEYS,
    // Tests run the agent actions job themselves (runtime.events.runSchedule) with a moved clock.
    schedule: false,
  });
  // The server never closes an idle keep-alive connection; the client (undici) does, after 4 s.
  // Client and server share this process: when a test keeps the CPU busy past the server's
  // timeout (Ajv compiling every schema, 7 to 30 s), the server's timer and the test's next
  // request on that connection come due together, and the request may meet a closed socket
  // (ECONNRESET). A shared runtime keeps connections from earlier files, so it would happen more.
  runtime.server.keepAliveTimeout = 0;
  return runtime;
}

/**
 * The local runtime on a free port, against the run's DynamoDB Local.
 *
 * Without options it is the worker's shared runtime: a worker runs its files one after another
 * without re-importing the service (vitest.config.ts, `isolate: false`), and every file gets the
 * same runtime, started by the first. Its `close()` only lets it
 * go; the runtime ends with the worker. Tests keep their independence by making their own tenants
 * (as they always have: the table is shared by the whole run) and by restoring what they change
 * in the process (the clock is reset after every file by test/support/file-setup.ts; environment
 * variables they set they must delete again).
 */
export async function startTestRuntime(options: TestRuntimeOptions = {}): Promise<LocalRuntime> {
  if (options.stage || options.dedicated || options.localControl) return launch(options);
  if (!shared || shared.generation !== started) {
    const stale = shared;
    const runtime = launch({});
    shared = { runtime, generation: started };
    // Another runtime took the process's event bus over since: this one no longer gets its events.
    if (stale) await (await stale.runtime.catch(() => undefined))?.close();
    runtime.catch(() => {
      if (shared?.runtime === runtime) shared = undefined;
    });
  }
  const runtime = await shared.runtime;
  return { ...runtime, close: async () => {} };
}
