import { describe, expect, it } from 'vitest';
import type { ReportDay } from '../../../shared/modules/reports/aggregates';
import {
  datesBetween,
  inpatientReport,
  outpatientReport,
  ratio,
  reportCsv,
} from '../../../shared/modules/reports/rules';

describe('report rules', () => {
  it('lists every date of a range, across months and leap days', () => {
    expect(datesBetween('2028-02-28', '2028-03-01')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(datesBetween('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
  });

  it('rounds ratios to one decimal and answers 0 for nothing to divide by', () => {
    expect(ratio(1, 3, 100)).toBe(33.3);
    expect(ratio(2, 3, 100)).toBe(66.7);
    expect(ratio(7, 2)).toBe(3.5);
    expect(ratio(5, 0)).toBe(0);
  });

  it('runs the midnight census on from days before the range and fills empty days', () => {
    const history: ReportDay[] = [
      { date: '2026-03-01', counters: { admitted: 4, 'admitted|ward=A': 4 } },
      {
        date: '2026-03-02',
        counters: {
          admitted: 1,
          discharged: 2,
          stayDays: 3,
          'admitted|ward=A': 1,
          'discharged|ward=A': 2,
        },
      },
      { date: '2026-03-04', counters: { discharged: 1, stayDays: 3, 'discharged|ward=B': 1 } },
    ];
    const r = inpatientReport(history, '2026-03-02', '2026-03-04');
    expect(r.days).toEqual([
      { date: '2026-03-02', values: { admissions: 1, discharges: 2, midnightCensus: 3 } },
      { date: '2026-03-03', values: { admissions: 0, discharges: 0, midnightCensus: 3 } },
      { date: '2026-03-04', values: { admissions: 0, discharges: 1, midnightCensus: 2 } },
    ]);
    expect(r.totals).toEqual({
      admissions: 1,
      discharges: 3,
      stayDays: 6,
      averageLengthOfStayDays: 2,
      censusAtEnd: 2,
    });
    expect(r.breakdowns[0]!.rows).toEqual([
      { key: 'A', label: 'A', values: { admitted: 1, discharged: 2 } },
      { key: 'B', label: 'B', values: { admitted: 0, discharged: 1 } },
    ]);
  });

  it('gives the no-show rate over visits and no-shows, per doctor too', () => {
    const history: ReportDay[] = [
      {
        date: '2026-03-02',
        counters: {
          booked: 5,
          visits: 3,
          noShows: 1,
          cancelled: 1,
          'visits|doctor=d1': 3,
          'noShows|doctor=d2': 1,
          'booked|doctor=d1': 3,
          'booked|doctor=d2': 2,
        },
      },
    ];
    const r = outpatientReport(history, '2026-03-02', '2026-03-02', {
      department: (id) => id,
      doctor: (id) => ({ d1: 'Dr Rao', d2: 'Dr Abe' })[id] ?? id,
    });
    expect(r.totals).toEqual({
      booked: 5,
      visits: 3,
      noShows: 1,
      cancelled: 1,
      noShowRatePercent: 25,
    });
    expect(r.breakdowns[1]!.rows.map((row) => [row.label, row.values.noShowRatePercent])).toEqual([
      ['Dr Abe', 100],
      ['Dr Rao', 0],
    ]);
  });

  it('writes CSV with quoting and neutralises spreadsheet formulas', () => {
    const csv = reportCsv({
      measures: ['n'],
      days: [{ date: '2026-03-02', values: { n: 2 } }],
      totals: { n: 2 },
      breakdowns: [
        {
          dimension: 'ward',
          rows: [{ key: 'w', label: '=HYPERLINK("x"), "B"', values: { n: 2 } }],
        },
      ],
    });
    expect(csv).toBe(
      'date,n\r\n2026-03-02,2\r\n\r\ntotal,value\r\nn,2\r\n\r\nward,label,n\r\nw,"\'=HYPERLINK(""x""), ""B""",2\r\n',
    );
  });
});
