import { describe, expect, it } from 'vitest';
import { type TheatreDay, theatreUtilisationReport } from '../../../shared/modules/reports/theatre';

// The theatre-utilisation report from the theatre module's day figures: sums per day and per
// theatre, and the ratios of the sums, against a table written out by hand.

const day = (
  theatre: string,
  session: number,
  booked: number,
  used: number,
  extra: Partial<TheatreDay> = {},
): TheatreDay => ({
  theatre,
  sessionMinutes: session,
  bookedMinutes: booked,
  usedMinutes: used,
  casesCompleted: 0,
  lateStarts: 0,
  overruns: 0,
  cancellationsOnTheDay: {},
  ...extra,
});

describe('theatre-utilisation report', () => {
  const report = theatreUtilisationReport([
    {
      date: '2026-11-23',
      theatres: [
        day('OT1', 480, 420, 360, {
          casesCompleted: 3,
          lateStarts: 1,
          cancellationsOnTheDay: { 'patient-unfit': 1 },
        }),
        day('OT2', 240, 240, 250, { casesCompleted: 2, overruns: 1 }),
      ],
    },
    { date: '2026-11-24', theatres: [] },
    {
      date: '2026-11-25',
      theatres: [
        day('OT1', 480, 300, 120, {
          casesCompleted: 1,
          cancellationsOnTheDay: { 'no-bed': 2, 'patient-unfit': 1 },
        }),
      ],
    },
  ]);

  it('gives each day its session and used minutes and their ratio', () => {
    expect(report.days).toEqual([
      // (360 + 250) / (480 + 240) = 610 / 720 = 84.7 %
      {
        date: '2026-11-23',
        values: { sessionMinutes: 720, usedMinutes: 610, utilisationPercent: 84.7 },
      },
      // No session: 0 %, not a division by zero.
      { date: '2026-11-24', values: { sessionMinutes: 0, usedMinutes: 0, utilisationPercent: 0 } },
      // 120 / 480 = 25 %
      {
        date: '2026-11-25',
        values: { sessionMinutes: 480, usedMinutes: 120, utilisationPercent: 25 },
      },
    ]);
  });

  it('totals the range and breaks it down by theatre and by cancellation reason', () => {
    expect(report.totals).toEqual({
      sessionMinutes: 1200,
      bookedMinutes: 960,
      usedMinutes: 730,
      casesCompleted: 6,
      lateStarts: 1,
      overruns: 1,
      cancelledOnTheDay: 4,
      utilisationPercent: 60.8, // 730 / 1200
      bookedPercent: 80, // 960 / 1200
    });
    expect(report.breakdowns).toEqual([
      {
        dimension: 'theatre',
        rows: [
          {
            key: 'OT1',
            label: 'OT1',
            values: {
              sessionMinutes: 960,
              bookedMinutes: 720,
              usedMinutes: 480,
              casesCompleted: 4,
              lateStarts: 1,
              overruns: 0,
              cancelledOnTheDay: 4, // 1 + 2 + 1
              utilisationPercent: 50,
              bookedPercent: 75,
            },
          },
          {
            key: 'OT2',
            label: 'OT2',
            values: {
              sessionMinutes: 240,
              bookedMinutes: 240,
              usedMinutes: 250,
              casesCompleted: 2,
              lateStarts: 0,
              overruns: 1,
              cancelledOnTheDay: 0,
              utilisationPercent: 104.2, // an overrun: more used than planned
              bookedPercent: 100,
            },
          },
        ],
      },
      {
        dimension: 'cancellationReason',
        rows: [
          { key: 'no-bed', label: 'no-bed', values: { cancelled: 2 } },
          { key: 'patient-unfit', label: 'patient-unfit', values: { cancelled: 2 } },
        ],
      },
    ]);
  });
});
