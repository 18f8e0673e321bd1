/**
 * The local runtime's roster solver (bin/local/roster-solver.ts): HiGHS in a worker thread, so a
 * solve does not stop the runtime's requests. A 20-nurse month is not proved optimal within a
 * 2-second limit, so the solve takes its whole limit; the caller's timers must keep firing
 * meanwhile (in the caller's thread the synchronous WebAssembly solve would hold them back).
 */
import { describe, expect, it } from 'vitest';
import { wardMonth } from '../../../bin/bench-roster';
import { solveInWorker } from '../../../bin/local/roster-solver';

describe('the local roster solver', () => {
  it('solves in a worker thread: the caller keeps running while HiGHS works, and gets the roster', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    try {
      const result = await solveInWorker(wardMonth(20), 2);
      expect(result.solver.seconds).toBeGreaterThanOrEqual(1.5);
      expect(result.assignments.length).toBeGreaterThan(100);
      // About 40 ticks in 2 s; a solve in this thread would leave none until it ends.
      expect(ticks).toBeGreaterThanOrEqual(10);
    } finally {
      clearInterval(timer);
    }
  }, 60_000);

  it("a solve that throws rejects with the solver's message, and the worker is gone", async () => {
    await expect(solveInWorker({} as Parameters<typeof solveInWorker>[0], 1)).rejects.toThrow(/\w/);
  }, 60_000);
});
