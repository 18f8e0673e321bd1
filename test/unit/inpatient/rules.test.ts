import { describe, expect, it } from 'vitest';
import { news2NeedsEscalation, news2Trend } from '../../../shared/clinical/news2';
import {
  bedDayChargeLines,
  dischargeBlockers,
  lengthOfStay,
} from '../../../shared/modules/admissions/rules';
import {
  ADMISSION_STATUS_TRANSITIONS,
  assertAdmissionTransition,
} from '../../../shared/modules/admissions/status';
import {
  counterDeltas,
  recount,
  seriesCodes,
  sexPolicyAdmits,
} from '../../../shared/modules/beds/rules';
import {
  assertManualBedChange,
  BED_STATE_TRANSITIONS,
  BED_STATES,
} from '../../../shared/modules/beds/status';

describe('bed state table (HL7 0116)', () => {
  it('is the table written out by hand', () => {
    expect(BED_STATE_TRANSITIONS).toEqual({
      unoccupied: ['occupied', 'closed', 'isolated', 'contaminated', 'housekeeping'],
      occupied: ['housekeeping'],
      housekeeping: ['unoccupied', 'contaminated', 'closed'],
      closed: ['unoccupied', 'housekeeping'],
      isolated: ['unoccupied', 'housekeeping', 'closed'],
      contaminated: ['housekeeping', 'closed'],
    });
  });

  it('refuses every manual change not in the table, and every change into or out of occupied', () => {
    const allowed: string[] = [];
    for (const from of BED_STATES)
      for (const to of BED_STATES) {
        if (from === to) continue;
        try {
          assertManualBedChange(from, to);
          allowed.push(`${from}→${to}`);
        } catch (err) {
          expect((err as { code: string }).code).toBe('conflict');
        }
      }
    expect(allowed.sort()).toEqual(
      [
        'unoccupied→closed',
        'unoccupied→isolated',
        'unoccupied→contaminated',
        'unoccupied→housekeeping',
        'housekeeping→unoccupied',
        'housekeeping→contaminated',
        'housekeeping→closed',
        'closed→unoccupied',
        'closed→housekeeping',
        'isolated→unoccupied',
        'isolated→housekeeping',
        'isolated→closed',
        'contaminated→housekeeping',
        'contaminated→closed',
      ].sort(),
    );
  });
});

describe('admission state table (FHIR Encounter.status, inpatient)', () => {
  it('allows only discharge and entered-in-error from in-progress', () => {
    const moves = Object.entries(ADMISSION_STATUS_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual(['in-progress→discharged', 'in-progress→entered-in-error']);
    expect(() => assertAdmissionTransition('discharged', 'discharged')).toThrow(
      "Cannot change admission status from 'discharged' to 'discharged'; allowed next states: none",
    );
  });
});

describe('availability counters', () => {
  it('sums the moves of one transaction per ward, with free beds per feature', () => {
    const deltas = counterDeltas([
      { wardId: 'w1', features: ['oxygen'], from: 'occupied', to: 'housekeeping' },
      { wardId: 'w1', features: ['oxygen', 'monitor'], from: 'unoccupied', to: 'occupied' },
      { wardId: 'w2', features: ['suction'], to: 'unoccupied' },
      { wardId: 'w3', features: ['oxygen'], from: 'closed', to: 'closed' },
    ]);
    expect([...deltas]).toEqual([
      [
        'w1',
        { states: { housekeeping: 1, unoccupied: -1 }, features: { oxygen: -1, monitor: -1 } },
      ],
      ['w2', { states: { unoccupied: 1 }, features: { suction: 1 } }],
    ]);
  });

  it('a transfer inside one ward from an unoccupied bed leaves only the state counts', () => {
    const deltas = counterDeltas([
      { wardId: 'w', features: [], from: 'occupied', to: 'housekeeping' },
      { wardId: 'w', features: [], from: 'unoccupied', to: 'occupied' },
    ]);
    expect(deltas.get('w')).toEqual({ states: { housekeeping: 1, unoccupied: -1 }, features: {} });
  });

  it('recounts beds', () => {
    expect(
      recount(
        [
          { state: 'unoccupied', features: ['oxygen'] },
          { state: 'occupied', features: ['oxygen'] },
          { state: 'unoccupied', features: [] },
        ],
        ['oxygen', 'monitor'],
      ),
    ).toEqual({
      bedCounts: {
        unoccupied: 2,
        occupied: 1,
        housekeeping: 0,
        closed: 0,
        isolated: 0,
        contaminated: 0,
      },
      freeByFeature: { oxygen: 1, monitor: 0 },
    });
  });
});

describe('wards', () => {
  it('sex policy: single-sex wards admit their sex; other and unknown only mixed wards', () => {
    expect(
      ['male', 'female', 'other', 'unknown'].map((sex) => [
        sexPolicyAdmits('male', sex),
        sexPolicyAdmits('female', sex),
        sexPolicyAdmits('mixed', sex),
      ]),
    ).toEqual([
      [true, false, true],
      [false, true, true],
      [false, false, true],
      [false, false, true],
    ]);
  });

  it('series codes are zero-padded to the widest number', () => {
    expect(seriesCodes('A', 1, 3)).toEqual(['A01', 'A02', 'A03']);
    expect(seriesCodes('ICU-', 98, 4)).toEqual(['ICU-098', 'ICU-099', 'ICU-100', 'ICU-101']);
  });
});

describe('length of stay (hospital time zone)', () => {
  it.each([
    // [admitted (UTC), ended (UTC), zone, days, hours]
    ['2026-03-28T10:00:00Z', '2026-03-30T09:00:00Z', 'Europe/London', 2, 47], // spring forward
    ['2026-10-24T09:00:00Z', '2026-10-26T10:00:00Z', 'Europe/London', 2, 49], // fall back
    ['2026-11-23T16:30:00Z', '2026-11-24T02:30:00Z', 'Asia/Kolkata', 1, 10], // 22:00 → 08:00 IST
    ['2026-11-23T03:00:00Z', '2026-11-23T12:00:00Z', 'Asia/Kolkata', 0, 9], // same local day
    ['2026-11-23T18:00:00Z', '2026-11-23T19:00:00Z', 'Asia/Kolkata', 1, 1], // 23:30 → 00:30 IST
  ])('%s → %s in %s: %i days, %f hours', (from, to, zone, days, hours) => {
    expect(lengthOfStay(from, to, zone)).toEqual({ days, hours });
  });
});

describe('bed-day charge lines', () => {
  const seg = (wardId: string, at: string, dailyCharge = 100) => ({
    wardId,
    wardName: wardId.toUpperCase(),
    dailyCharge,
    at,
  });

  it('charges each local midnight to the ward the patient was in, beds of one ward merged', () => {
    expect(
      bedDayChargeLines(
        [
          seg('a', '2026-11-20T10:00:00Z'),
          seg('a', '2026-11-21T10:00:00Z'), // another bed in ward a
          seg('b', '2026-11-22T10:00:00Z', 500),
        ],
        '2026-11-25T05:00:00Z',
        'UTC',
      ),
    ).toEqual([
      { wardId: 'a', wardName: 'A', days: 2, dailyCharge: 100, amount: 200 },
      { wardId: 'b', wardName: 'B', days: 3, dailyCharge: 500, amount: 1500 },
    ]);
  });

  it('a stay within one day is charged one day, to the ward left from', () => {
    expect(
      bedDayChargeLines(
        [seg('a', '2026-11-20T08:00:00Z'), seg('b', '2026-11-20T12:00:00Z', 300)],
        '2026-11-20T18:00:00Z',
        'UTC',
      ),
    ).toEqual([{ wardId: 'b', wardName: 'B', days: 1, dailyCharge: 300, amount: 300 }]);
  });

  it('a ward passed through between two midnights is not charged', () => {
    expect(
      bedDayChargeLines(
        [
          seg('a', '2026-11-20T08:00:00Z'),
          seg('b', '2026-11-21T09:00:00Z'),
          seg('c', '2026-11-21T15:00:00Z'),
        ],
        '2026-11-22T10:00:00Z',
        'UTC',
      ).map((l) => [l.wardId, l.days]),
    ).toEqual([
      ['a', 1],
      ['c', 1],
    ]);
  });
});

describe('discharge blockers', () => {
  const escalating = { score: 8, needsEscalation: true, recordedAt: '2026-11-23T08:00:00.000Z' };
  it('open holds block every disposition; an escalating NEWS2 blocks planned ones only', () => {
    const hold = { h1: { kind: 'lab order', description: 'Culture pending', placedAt: 'x' } };
    expect(dischargeBlockers({ disposition: 'deceased', holds: hold })).toEqual([
      'open lab order h1: Culture pending',
    ]);
    expect(
      dischargeBlockers({ disposition: 'home', holds: {}, latestNews2: escalating }),
    ).toHaveLength(1);
    for (const d of ['other-facility', 'against-medical-advice', 'absconded', 'deceased'] as const)
      expect(dischargeBlockers({ disposition: d, holds: {}, latestNews2: escalating }), d).toEqual(
        [],
      );
    expect(
      dischargeBlockers({
        disposition: 'home',
        holds: {},
        latestNews2: { ...escalating, needsEscalation: false },
      }),
    ).toEqual([]);
  });
});

describe('NEWS2 escalation and trend (shared/clinical/news2)', () => {
  it('flags the high and medium bands or any parameter scoring 3', () => {
    expect(news2NeedsEscalation({ risk: 'high', anyParameterScoredThree: false })).toBe(true);
    expect(news2NeedsEscalation({ risk: 'low-medium', anyParameterScoredThree: true })).toBe(true);
    // 5–6 is the RCP's key threshold for an urgent response (Chart 4; issue 16).
    expect(news2NeedsEscalation({ risk: 'medium', anyParameterScoredThree: false })).toBe(true);
    expect(news2NeedsEscalation({ risk: 'low', anyParameterScoredThree: false })).toBe(false);
    expect(news2NeedsEscalation({ risk: null, anyParameterScoredThree: null })).toBe(false);
    expect(news2NeedsEscalation(null)).toBe(false);
  });
  it('trend compares complete scores', () => {
    expect([
      news2Trend(2, 5),
      news2Trend(5, 2),
      news2Trend(3, 3),
      news2Trend(null, 3),
      news2Trend(3, null),
    ]).toEqual(['rising', 'falling', 'unchanged', null, null]);
  });
});
