import { describe, expect, it } from 'vitest';
import { numberingProblems } from '../../../shared/modules/claims/health-rules';
import {
  adjudicationOutcome,
  ageAmounts,
  agingBucket,
  daysBetween,
  lineAdjudication,
} from '../../../shared/modules/claims/rules';

// Aging buckets at their edges (0-30, 31-60, 61-90, over 90 days), with a table worked out by
// hand for 2026-11-25; the adjudication outcome; invoice numbering gaps and duplicates.

describe('aging', () => {
  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, 'over-90'],
    [-5, '0-30'],
  ] as const)('%i days old is in %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('counts calendar days across months', () => {
    expect(daysBetween('2026-10-26', '2026-11-25')).toBe(30);
    expect(daysBetween('2026-08-26', '2026-11-25')).toBe(91);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('sums per debtor and bucket, largest first', () => {
    const aged = ageAmounts(
      [
        { key: 'P1', name: 'One', since: '2026-11-25', amount: 100 },
        { key: 'P1', name: 'One', since: '2026-10-26', amount: 200 },
        { key: 'P1', name: 'One', since: '2026-10-25', amount: 300 },
        { key: 'P2', name: 'Two', since: '2026-09-26', amount: 400 },
        { key: 'P2', name: 'Two', since: '2026-09-25', amount: 500 },
        { key: 'P2', name: 'Two', since: '2026-08-27', amount: 600 },
        { key: 'P3', name: 'Three', since: '2026-08-26', amount: 700 },
        { key: 'P3', name: 'Three', since: '2026-12-01', amount: 800 },
        { key: 'P4', name: 'Four', since: '2026-01-01', amount: 0 },
      ],
      '2026-11-25',
    );
    expect(aged).toEqual({
      rows: [
        {
          key: 'P2',
          name: 'Two',
          buckets: { '0-30': 0, '31-60': 400, '61-90': 1100, 'over-90': 0 },
          total: 1500,
        },
        {
          key: 'P3',
          name: 'Three',
          buckets: { '0-30': 800, '31-60': 0, '61-90': 0, 'over-90': 700 },
          total: 1500,
        },
        {
          key: 'P1',
          name: 'One',
          buckets: { '0-30': 300, '31-60': 300, '61-90': 0, 'over-90': 0 },
          total: 600,
        },
      ],
      totals: { '0-30': 1100, '31-60': 700, '61-90': 1100, 'over-90': 700 },
      total: 3600,
    });
  });
});

describe('adjudication', () => {
  it('outcome: complete, partial or error (FHIR ClaimResponse.outcome)', () => {
    expect(
      adjudicationOutcome([
        { claimed: 100, approved: 100 },
        { claimed: 0, approved: 0 },
      ]),
    ).toBe('complete');
    expect(
      adjudicationOutcome([
        { claimed: 100, approved: 100 },
        { claimed: 50, approved: 0 },
      ]),
    ).toBe('partial');
    expect(adjudicationOutcome([{ claimed: 100, approved: 99 }])).toBe('partial');
    expect(
      adjudicationOutcome([
        { claimed: 100, approved: 0 },
        { claimed: 50, approved: 0 },
      ]),
    ).toBe('error');
  });

  it('line status', () => {
    expect(lineAdjudication(100, 100)).toBe('approved');
    expect(lineAdjudication(100, 1)).toBe('partial');
    expect(lineAdjudication(100, 0)).toBe('denied');
  });
});

describe('invoice numbering', () => {
  it('finds the missing numbers of each year and the numbers used twice', () => {
    expect(
      numberingProblems([
        { id: 'a', number: 'INV-2026-000001' },
        { id: 'b', number: 'INV-2026-000002' },
        { id: 'd', number: 'INV-2026-000004' },
        { id: 'c', number: 'INV-2026-000004' },
        { id: 'e', number: 'INV-2025-000003' },
      ]),
    ).toEqual({
      gaps: ['INV-2025-000001', 'INV-2025-000002', 'INV-2026-000003'],
      duplicates: [{ number: 'INV-2026-000004', ids: ['c', 'd'] }],
    });
  });

  it('a clean series has neither', () => {
    expect(
      numberingProblems([
        { id: 'a', number: 'INV-2026-000002' },
        { id: 'b', number: 'INV-2026-000001' },
      ]),
    ).toEqual({ gaps: [], duplicates: [] });
  });
});
