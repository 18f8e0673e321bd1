import { describe, expect, it } from 'vitest';
import {
  attemptStep,
  LOCKOUT,
  type LockoutState,
  lockEnd,
  locksAfterFailure,
  overLimit,
} from '../../../shared/modules/auth/lockout';

const MIN = 60_000;
const T0 = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/**
 * The store as login.ts drives it, one attempt at a time: count (or restart, or refuse), then on a
 * failure lock when the limit is used up. Returns the answer the caller gets.
 */
function attempt(store: { state?: LockoutState }, now: Date, passwordOk: boolean): 200 | 401 | 429 {
  const step = attemptStep(store.state, now);
  if (step === 'locked') return 429;
  const counted: LockoutState =
    step === 'restart'
      ? { failures: 1, windowStart: now.toISOString() }
      : { ...store.state!, failures: store.state!.failures + 1 };
  store.state = counted;
  if (overLimit(counted)) return 429;
  if (passwordOk) {
    delete store.state;
    return 200;
  }
  if (locksAfterFailure(counted)) store.state = { ...counted, lockedUntil: lockEnd(now) };
  return 401;
}

describe('lockout rule', () => {
  it('declares five failures in 15 minutes locking for 15 minutes', () => {
    expect(LOCKOUT).toEqual({ maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN });
  });

  it('four failures then the right password: signed in, and the count is forgotten', () => {
    const store: { state?: LockoutState } = {};
    for (let i = 0; i < 4; i++) expect(attempt(store, at(i * MIN), false)).toBe(401);
    expect(attempt(store, at(4 * MIN), true)).toBe(200);
    expect(store.state).toBeUndefined();
  });

  it('the 5th failure within the window locks for exactly 15 minutes from that failure', () => {
    const store: { state?: LockoutState } = {};
    for (let i = 0; i < 5; i++) expect(attempt(store, at(i * MIN), false)).toBe(401);
    expect(store.state?.lockedUntil).toBe(at(4 * MIN + 15 * MIN).toISOString());
    // Even the right password is refused while locked, up to the last millisecond.
    expect(attempt(store, at(5 * MIN), true)).toBe(429);
    expect(attempt(store, at(19 * MIN - 1), true)).toBe(429);
    expect(attempt(store, at(19 * MIN), true)).toBe(200);
  });

  it('still counts a failure 1 ms before the window closes; a failure at 15 minutes starts a new window', () => {
    const near: { state?: LockoutState } = {};
    for (let i = 0; i < 4; i++) attempt(near, at(i * MIN), false);
    expect(attempt(near, at(15 * MIN - 1), false)).toBe(401);
    expect(near.state?.lockedUntil).toBe(at(30 * MIN - 1).toISOString());

    const past: { state?: LockoutState } = {};
    for (let i = 0; i < 4; i++) attempt(past, at(i * MIN), false);
    expect(attempt(past, at(15 * MIN), false)).toBe(401);
    expect(past.state).toEqual({ failures: 1, windowStart: at(15 * MIN).toISOString() });
  });

  it('starts over after an expired lock', () => {
    const store: { state?: LockoutState } = {};
    for (let i = 0; i < 5; i++) attempt(store, at(i * MIN), false);
    const now = at(4 * MIN + 15 * MIN + 1);
    expect(attemptStep(store.state, now)).toBe('restart');
    expect(attempt(store, now, false)).toBe(401);
    expect(store.state).toEqual({ failures: 1, windowStart: now.toISOString() });
  });

  it('reads the null lockedUntil of older records as "not locked"', () => {
    expect(
      attemptStep({ failures: 2, windowStart: T0.toISOString(), lockedUntil: null }, at(MIN)),
    ).toBe('count');
    expect(
      attemptStep({ failures: 2, windowStart: T0.toISOString(), lockedUntil: null }, at(15 * MIN)),
    ).toBe('restart');
    expect(attemptStep(undefined, T0)).toBe('restart');
  });

  it('parallel attempts: counted before the password check, at most five are checked; the rest are refused', () => {
    // Twelve attempts all counted before any password check finishes (the race of a burst).
    const store: { state?: LockoutState } = {};
    const counts: LockoutState[] = [];
    for (let i = 0; i < 12; i++) {
      const step = attemptStep(store.state, T0);
      expect(step).toBe(i === 0 ? 'restart' : 'count');
      store.state =
        step === 'restart'
          ? { failures: 1, windowStart: T0.toISOString() }
          : { ...store.state!, failures: store.state!.failures + 1 };
      counts.push(store.state);
    }
    expect(counts.filter((c) => !overLimit(c))).toHaveLength(LOCKOUT.maxFailures);
    // The one whose failure used up the window locks the e-mail.
    expect(counts.filter((c) => !overLimit(c) && locksAfterFailure(c))).toHaveLength(1);
  });
});
