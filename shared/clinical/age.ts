/**
 * A patient's age on a date, in the units the lab's reference ranges and radiology's safety
 * screen use. Here, not behind the lab's index, so radiology's safety screen takes it without the
 * lab's services (issue 15's bundle sizes; see order-source.ts).
 */

/** Completed days, months and years from a date of birth to a date (both `YYYY-MM-DD`). */
export function ageOn(
  dateOfBirth: string,
  on: string,
): { days: number; months: number; years: number } {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  let months = (y - by) * 12 + (m - bm);
  if (d < bd) months -= 1;
  const days = Math.floor((Date.UTC(y, m - 1, d) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
  return { days, months: Math.max(months, 0), years: Math.max(Math.floor(months / 12), 0) };
}
