/**
 * Runs in every file of the projects whose files share a worker (vitest.config.ts): the process's
 * clock is back at the real time after each file, whatever the file did with `shiftClock`, so the
 * next file in the same worker starts from the real time, as it would in a fresh process.
 */
import { afterAll } from 'vitest';
import { resetClock } from '../../shared/kernel/clock';

// Registered before the file's own hooks, so it runs after them (hooks unwind as a stack).
afterAll(() => resetClock());
