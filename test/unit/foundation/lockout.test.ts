import { describe, it, expect } from 'vitest';
import { LOCKOUT, lockoutDecision, type LockoutState } from '../../../shared/domain/identity/lockout';

const MIN = 60_000;
const T0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Feeds `count` failures one minute apart, starting at T0, as login.ts stores them (lockedUntil null). */
function failures(count: number, start: LockoutState | undefined = undefined): LockoutState {
  let state = start;
  for (let i = 0; i < count; i++) {
    const next = lockoutDecision(state, at(i * MIN));
    state = { ...next, lockedUntil: next.lockedUntil ?? null };
  }
  return state!;
}

describe('lockoutDecision', () => {
  it('declares five failures in 15 minutes locking for 15 minutes', () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN });
  });

  it('counts the 1st to 4th failures without locking', () => {
    let state: LockoutState | undefined;
    for (let n = 1; n <= 4; n++) {
      const next = lockoutDecision(state, at((n - 1) * MIN));
      expect(next.failures).toBe(n);
      expect(next.windowStart).toBe(T0.toISOString());
      expect(next.lockedUntil).toBeUndefined();
      // The store writes `lockedUntil: null` for "not locked"; counting must continue past that.
      state = { ...next, lockedUntil: null };
    }
  });

  it('locks on the 5th failure within the window, for exactly 15 minutes from that failure', () => {
    const four = failures(4);
    const now = at(10 * MIN);
    const next = lockoutDecision(four, now);
    expect(next.failures).toBe(5);
    expect(next.lockedUntil).toBe(new Date(now.getTime() + 15 * MIN).toISOString());
  });

  it('still counts a failure 1 ms before the window closes', () => {
    const next = lockoutDecision(failures(4), at(15 * MIN - 1));
    expect(next.failures).toBe(5);
    expect(next.lockedUntil).toBe(at(30 * MIN - 1).toISOString());
  });

  it('starts a new window (count 1) for a failure once the window has passed', () => {
    const now = at(15 * MIN);
    const next = lockoutDecision(failures(4), now);
    expect(next).toEqual({ failures: 1, windowStart: now.toISOString() });
  });

  it('starts over after an expired lock', () => {
    const locked = failures(5);
    expect(locked.lockedUntil).toBe(at(4 * MIN + 15 * MIN).toISOString());
    const now = at(4 * MIN + 15 * MIN + 1);
    const next = lockoutDecision(locked, now);
    expect(next).toEqual({ failures: 1, windowStart: now.toISOString() });
  });

  it('starts a count for a first failure (no stored state)', () => {
    expect(lockoutDecision(undefined, T0)).toEqual({ failures: 1, windowStart: T0.toISOString() });
  });
});
