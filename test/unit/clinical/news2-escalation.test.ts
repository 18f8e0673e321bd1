/**
 * NEWS2 escalation at the RCP's thresholds (NEWS2, 2017, Chart 4 "clinical response"), from
 * complete and incomplete observation sets, and who NEWS2 applies to (not under 16, not in
 * pregnancy or up to six weeks after delivery). Expected values are the chart's, written out.
 */
import { describe, expect, it } from 'vitest';
import {
  calculateNews2,
  news2EscalationLevel,
  news2NeedsEscalation,
  news2NotApplicableReason,
  readingEscalation,
} from '../../../shared/clinical/news2';
import { PregnancyStatusSchema, pregnancyWithholdsNews2 } from '../../../shared/clinical/pregnancy';

const NORMAL = {
  respiratoryRate: 16,
  spo2: 97,
  supplementalOxygen: false,
  systolic: 120,
  pulse: 70,
  consciousness: 'A',
  temperatureC: 37.0,
} as const;

describe('the clinical response to a NEWS2 score (Chart 4)', () => {
  it.each([
    // [aggregate, a single parameter scored 3, response]
    [0, false, null],
    [4, false, null],
    [3, true, 'urgent'], // a red score: urgent ward-based response
    [4, true, 'urgent'],
    [5, false, 'urgent'], // key threshold for urgent response
    [6, false, 'urgent'],
    [6, true, 'urgent'],
    [7, false, 'emergency'], // urgent or emergency response: critical-care team
    [12, true, 'emergency'],
  ] as const)('total %i, red score %s → %s', (score, three, level) => {
    expect(news2EscalationLevel(score, three)).toBe(level);
  });

  it('flags a complete set at 5 or more, or with any single 3', () => {
    // RR 22 (2) + pulse 95 (1) + temperature 38.5 (1) + SBP 105 (1) = 5, no red score.
    const five = calculateNews2({
      ...NORMAL,
      respiratoryRate: 22,
      pulse: 95,
      temperatureC: 38.5,
      systolic: 105,
    });
    expect(five).toMatchObject({ score: 5, anyParameterScoredThree: false, risk: 'medium' });
    expect(news2NeedsEscalation(five)).toBe(true);
    expect(readingEscalation(NORMAL, 1)).toEqual({ level: null, complete: true, score: 0 });
  });
});

describe('escalation from an incomplete set (the single-parameter flag needs no full set)', () => {
  it('SpO2 84 with RR 30 and systolic 80 but no temperature: 9 already, an emergency', () => {
    expect(readingEscalation({ spo2: 84, respiratoryRate: 30, systolic: 80 }, 1)).toEqual({
      level: 'emergency',
      complete: false,
      score: 9,
    });
  });

  it('one parameter scoring 3 is urgent whatever is missing; the measured sum is a lower bound', () => {
    expect(readingEscalation({ pulse: 135 }, 1)).toEqual({
      level: 'urgent',
      complete: false,
      score: 3,
    });
    // RR 22 (2) + SpO2 93 (2) + temperature 38.5 (1) = 5 without pulse, BP or consciousness.
    expect(
      readingEscalation({ respiratoryRate: 22, spo2: 93, temperatureC: 38.5 }, 1),
    ).toMatchObject({ level: 'urgent', score: 5 });
    expect(readingEscalation({ pulse: 80 }, 1)).toEqual({ level: null, complete: false, score: 0 });
    expect(readingEscalation({ temperatureC: 38.5 }, 1)).toMatchObject({ level: null, score: 1 });
    // New confusion (C) scores 3 on its own.
    expect(readingEscalation({ consciousness: 'C' }, 1)).toMatchObject({ level: 'urgent' });
  });
});

describe('who NEWS2 applies to', () => {
  it('is withheld in pregnancy and up to six weeks after delivery, as for under-16s', () => {
    expect(news2NotApplicableReason(30, 'pregnant')).toMatch(
      /NEWS2 is not validated in pregnancy .*obstetric early warning score/,
    );
    expect(news2NotApplicableReason(30, 'postpartum')).toMatch(/after delivery/);
    expect(news2NotApplicableReason(30, null)).toBeNull();
    expect(news2NotApplicableReason(15, null)).toMatch(/aged 16 and over/);
  });

  it('a postpartum status lapses 42 days after the delivery date', () => {
    const record = { status: 'postpartum', deliveryDate: '2026-01-01' } as const;
    expect(pregnancyWithholdsNews2(record, '2026-01-01')).toBe('postpartum');
    expect(pregnancyWithholdsNews2(record, '2026-02-12')).toBe('postpartum'); // day 42
    expect(pregnancyWithholdsNews2(record, '2026-02-13')).toBeNull();
    expect(pregnancyWithholdsNews2({ status: 'pregnant' }, '2026-02-13')).toBe('pregnant');
    expect(pregnancyWithholdsNews2({ status: 'not-pregnant' }, '2026-02-13')).toBeNull();
    expect(pregnancyWithholdsNews2(undefined, '2026-02-13')).toBeNull();
  });

  it('a postpartum status needs its delivery date, not in the future', () => {
    expect(PregnancyStatusSchema.safeParse({ status: 'postpartum' }).success).toBe(false);
    expect(
      PregnancyStatusSchema.safeParse({ status: 'postpartum', deliveryDate: '2026-01-01' }).success,
    ).toBe(true);
    expect(
      PregnancyStatusSchema.safeParse({ status: 'pregnant', deliveryDate: '2026-01-01' }).success,
    ).toBe(false);
  });
});
