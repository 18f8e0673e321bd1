/**
 * A patient's age on a date, in the units reference ranges and radiology's safety screen use: a
 * file of its own so radiology takes it without lab's reference-range tables.
 */
import type { AgeUnit } from './ranges';

/** Completed days, months and years from a date of birth to a date (both `YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, on: string): Record<AgeUnit, number> {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  let months = (y - by) * 12 + (m - bm);
  if (d < bd) months -= 1;
  const days = Math.floor((Date.UTC(y, m - 1, d) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  return { days, months: Math.max(months, 0), years: Math.max(Math.floor(months / 12), 0) };
}
