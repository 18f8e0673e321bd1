import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  todayIn,
} from '../../../shared/web/client/common/format';

// One date and time format on every page, in the hospital's time zone whatever the browser's
// (issue 24: a lab order showed different days in New York and Kolkata).
describe('dates on the pages (shared/web/client/common/format.ts)', () => {
  // 20:00 UTC is 01:30 the next day in Kolkata and 15:00 the same day in New York.
  const AT = '2026-11-25T20:00:09Z';

  it('shows one unambiguous format in the zone it is given', () => {
    const cases: [string, string, string, string, string][] = [
      // zone, date, date and time, time, time with seconds
      ['Asia/Kolkata', '26 Nov 2026', '26 Nov 2026, 01:30', '01:30', '01:30:09'],
      ['America/New_York', '25 Nov 2026', '25 Nov 2026, 15:00', '15:00', '15:00:09'],
      ['UTC', '25 Nov 2026', '25 Nov 2026, 20:00', '20:00', '20:00:09'],
    ];
    for (const [zone, date, dateTime, time, seconds] of cases) {
      expect(formatDate(AT, zone), zone).toBe(date);
      expect(formatDate(AT, zone, true), zone).toBe(dateTime);
      expect(formatDateTime(AT, zone), zone).toBe(dateTime);
      expect(formatTime(AT, zone), zone).toBe(time);
      expect(formatTime(AT, zone, true), zone).toBe(seconds);
      expect(todayIn(zone, new Date(AT)), zone).toBe(
        zone === 'Asia/Kolkata' ? '2026-11-26' : '2026-11-25',
      );
    }
  });

  it('says nothing for no date and shows what it cannot read as it came', () => {
    expect(formatDate(undefined, 'UTC')).toBe('');
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDate('not a date', 'UTC')).toBe('not a date');
  });
});
