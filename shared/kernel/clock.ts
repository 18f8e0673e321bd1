/**
 * Time source. Services take a Clock so rules that depend on "now" (trial end, lockouts, TTLs,
 * "today" in the hospital's timezone) can be tested. Production uses the system clock; the local
 * runtime's tests may shift it with `shiftClock` (never called by deployed code).
 */
export interface Clock {
  now(): Date;
}

let offsetMs = 0;

export const systemClock: Clock = {
  now: () => new Date(Date.now() + offsetMs),
};

/** Test hook: moves the system clock by `ms` for this process only. */
export function shiftClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}
