/**
 * The local runtime's roster solver: HiGHS in a worker thread. A solve is one synchronous call
 * into the WebAssembly solver for up to its time limit (20 s by default); in the runtime's own
 * thread it would stop every request meanwhile, the job's progress reads included. On AWS the
 * roster-generation function serves nothing else and solves in its own thread.
 */
import { Worker } from 'node:worker_threads';
import type { generateRoster } from '../../shared/modules/roster/index';

type Solve = typeof generateRoster;
type Answer = { ok: true; result: Awaited<ReturnType<Solve>> } | { ok: false; error: string };

export const solveInWorker: Solve = (problem, timeLimitSeconds) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./roster-solver-worker.mjs', import.meta.url), {
      workerData: { problem, timeLimitSeconds },
    });
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The roster solver's worker stopped (exit code ${code})`));
    });
  });
