/** Five failed sign-ins for an e-mail within 15 minutes lock it for 15 minutes. */
export const LOCKOUT = { maxFailures: 5, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 };

export interface LockoutState {
  failures: number;
  windowStart: string;
  lockedUntil?: string | null | undefined;
}

/** The state after one more failure at `now`. */
export function lockoutDecision(current: LockoutState | undefined, now: Date): { failures: number; windowStart: string; lockedUntil?: string } {
  const windowOpen = current && now.getTime() - Date.parse(current.windowStart) < LOCKOUT.windowMs && !current.lockedUntil;
  const failures = windowOpen ? current.failures + 1 : 1;
  const windowStart = windowOpen ? current.windowStart : now.toISOString();
  if (failures >= LOCKOUT.maxFailures) {
    return { failures, windowStart, lockedUntil: new Date(now.getTime() + LOCKOUT.lockMs).toISOString() };
  }
  return { failures, windowStart };
}
