/** Booking rules that need only their inputs. */

/**
 * How far ahead a slot may be booked. Schedules change and patients forget: a year covers annual
 * reviews, and a mistyped year (2062 for 2026) is refused instead of stored out of everyone's sight.
 */
export const BOOKING_HORIZON_DAYS = 365;

/** Why `start` is too far ahead of `now`, or null. */
export function bookingHorizonProblem(start: Date, now: Date): string | null {
  const limit = now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000;
  if (start.getTime() <= limit) return null;
  return `is more than ${BOOKING_HORIZON_DAYS} days ahead (latest ${new Date(limit).toISOString().slice(0, 10)}); book within a year`;
}
