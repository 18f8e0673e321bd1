/** Five failed sign-ins for an e-mail within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };

/**
 * The stored count of one e-mail's sign-in attempts that have not (yet) succeeded. The window
 * starts at its first attempt; `lockedUntil` is set by the failure that reaches the limit (older
 * records may hold `null` for "not locked"). A success deletes the record.
 *
 * Attempts are counted before the password is checked, so that a burst of parallel guesses gets
 * at most `maxFailures` password checks: the others find the count over the limit.
 */
export interface LockoutState {
  failures: number;
  windowStart: string;
  lockedUntil?: string | null | undefined;
}

const windowOpen = (s: LockoutState, now: Date) =>
  now.getTime() - Date.parse(s.windowStart) < LOCKOUT.windowMs;
const lockRunning = (s: LockoutState, now: Date) =>
  !!s.lockedUntil && Date.parse(s.lockedUntil) > now.getTime();

/**
 * What one more attempt at `now` does to the stored state:
 * - `locked`: refuse it (429) without checking the password;
 * - `count`: add one to the open window's count (atomically, in the store);
 * - `restart`: begin a new window with this attempt (no record, the window has passed, or a lock
 *   has expired).
 */
export function attemptStep(
  state: LockoutState | undefined,
  now: Date,
): 'locked' | 'count' | 'restart' {
  if (!state) return 'restart';
  if (state.lockedUntil) return lockRunning(state, now) ? 'locked' : 'restart';
  return windowOpen(state, now) ? 'count' : 'restart';
}

/** After counting an attempt: more attempts than allowed failures are in this window, so refuse it. */
export function overLimit(counted: LockoutState): boolean {
  return counted.failures > LOCKOUT.maxFailures;
}

/** After a counted attempt failed: it was the last one allowed, so the e-mail locks now. */
export function locksAfterFailure(counted: LockoutState): boolean {
  return counted.failures >= LOCKOUT.maxFailures;
}

/** A lock set at `now` ends 15 minutes later. */
export function lockEnd(now: Date): string {
  return new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
}
