/**
 * The worker of bin/local/roster-solver.ts: solves one roster problem and answers. Plain
 * JavaScript that loads the TypeScript solver through tsx's API, so it runs under `npm start`
 * and under the tests alike (a worker does not inherit the test runner's TypeScript loader).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { problem, timeLimitSeconds } = workerData;
try {
  const { generateRoster } = await tsImport(
    '../../shared/modules/roster/index.ts',
    import.meta.url,
  );
  parentPort?.postMessage({ ok: true, result: await generateRoster(problem, timeLimitSeconds) });
} catch (err) {
  parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
