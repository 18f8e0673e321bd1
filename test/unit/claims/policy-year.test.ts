import { describe, expect, it } from 'vitest';
import { policyYear } from '../../../shared/modules/claims/rules';

// The policy year a date falls in, for a policy whose years start on a month and day: from the
// latest anniversary on or before the date to the day before the next. Worked out by hand,
// including a year start of 29 February (the 28th in a year without it) and the dates either
// side of each boundary.

describe('policyYear', () => {
  it.each([
    // start, date, from, to
    ['04-01', '2026-11-25', '2026-04-01', '2027-03-31'],
    ['04-01', '2026-04-01', '2026-04-01', '2027-03-31'],
    ['04-01', '2026-03-31', '2025-04-01', '2026-03-31'],
    ['01-01', '2026-12-31', '2026-01-01', '2026-12-31'],
    ['01-01', '2027-01-01', '2027-01-01', '2027-12-31'],
    ['12-31', '2026-12-30', '2025-12-31', '2026-12-30'],
    ['03-01', '2024-02-29', '2023-03-01', '2024-02-29'],
    ['03-01', '2025-02-28', '2024-03-01', '2025-02-28'],
    ['02-29', '2025-02-27', '2024-02-29', '2025-02-27'],
    ['02-29', '2025-02-28', '2025-02-28', '2026-02-27'],
    ['02-29', '2028-02-28', '2027-02-28', '2028-02-28'],
    ['02-29', '2028-02-29', '2028-02-29', '2029-02-27'],
  ])('years starting %s: %s is in %s to %s', (start, date, from, to) => {
    expect(policyYear(start, date)).toEqual({ from, to });
  });
});
