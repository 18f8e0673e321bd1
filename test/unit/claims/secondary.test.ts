import { describe, expect, it } from 'vitest';
import { type CoverageRules, secondarySplit } from '../../../shared/modules/claims/rules';

// The secondary payer's part once the primary has paid (NAIC Coordination of Benefits Model
// Regulation, MDL-120): what the secondary would have paid alone, never more than what the
// primary left unpaid of the line; the rest is the patient's, attributed to the secondary's own
// reasons in order. Worked out by hand (paise); per line other payer + payer + patient = total.

/** The secondary plan: 20% co-payment, ₹50 deductible, pharmacy excluded. */
const SECONDARY: CoverageRules = {
  copayBp: 2000,
  deductible: 5000,
  excludedServiceTypes: ['pharmacy'],
  preauthServiceTypes: [],
};

describe('secondarySplit: written-out examples', () => {
  it('pays what the primary left, up to what it would have paid alone', () => {
    const split = secondarySplit(
      [
        { serviceType: 'consultation', quantity: 1, total: 65_050 },
        { serviceType: 'laboratory', quantity: 1, total: 20_000 },
        { serviceType: 'pharmacy', quantity: 1, total: 3000 },
        { serviceType: 'radiology', quantity: 1, total: 10_000 },
        { serviceType: 'laboratory', quantity: 1, total: 10_000 },
      ],
      SECONDARY,
      [49_545, 9000, 0, 0, 1000],
    );
    // line | total  | primary | left   | alone (secondary as only plan)            | pays   | patient
    // 1    | 65,050 | 49,545  | 15,505 | 48,040 (deductible 5,000, copay 12,010)  | 15,505 | 0
    // 2    | 20,000 |  9,000  | 11,000 | 16,000 (copay 4,000)                      | 11,000 | 0
    // 3    |  3,000 |      0  |  3,000 |      0 (excluded)                         |      0 | 3,000 excluded
    // 4    | 10,000 |      0  | 10,000 |  8,000 (copay 2,000)                      |  8,000 | 2,000 copay
    // 5    | 10,000 |  1,000  |  9,000 |  8,000 (copay 2,000)                      |  8,000 | 1,000 copay
    expect(split.lines).toEqual([
      { otherPayer: 49_545, payer: 15_505, patient: 0, patientReasons: {} },
      { otherPayer: 9000, payer: 11_000, patient: 0, patientReasons: {} },
      { otherPayer: 0, payer: 0, patient: 3000, patientReasons: { excluded: 3000 } },
      { otherPayer: 0, payer: 8000, patient: 2000, patientReasons: { copay: 2000 } },
      { otherPayer: 1000, payer: 8000, patient: 1000, patientReasons: { copay: 1000 } },
    ]);
    expect([split.payer, split.patient]).toEqual([42_505, 6000]);
    expect(59_545 + split.payer + split.patient).toBe(108_050);
  });

  it('the patient keeps the deductible the primary did not absorb, deductible before co-payment', () => {
    // ₹100 consultation, primary paid ₹20: the secondary alone pays ₹40 (deductible ₹50, copay
    // ₹10); it pays ₹40 of the ₹80 left; the patient's ₹40 is deductible (first in order).
    const split = secondarySplit(
      [{ serviceType: 'consultation', quantity: 1, total: 10_000 }],
      SECONDARY,
      [2000],
    );
    expect(split.lines).toEqual([
      { otherPayer: 2000, payer: 4000, patient: 4000, patientReasons: { deductible: 4000 } },
    ]);
    // What the secondary credits to its deductible is what it would have alone: ₹50.
    expect(split.normal.lines[0]!.patientReasons.deductible).toBe(5000);
  });

  it('nothing left after the primary: the secondary pays nothing, the patient nothing', () => {
    const split = secondarySplit(
      [{ serviceType: 'laboratory', quantity: 1, total: 20_000 }],
      SECONDARY,
      [20_000],
    );
    expect(split.lines).toEqual([{ otherPayer: 20_000, payer: 0, patient: 0, patientReasons: {} }]);
  });
});
