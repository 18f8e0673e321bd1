import { describe, expect, it } from 'vitest';
import { type CoverageRules, splitInvoice } from '../../../shared/modules/claims/rules';

// The payer/patient split of an invoice by a plan's rules, with each example worked out by hand
// (amounts in paise). Per line: excluded → patient; needs pre-authorisation without one →
// patient; room limit per day; deductible in line order; co-payment rounded half away from zero;
// then the pre-authorised amount caps the payer's part. Every line: payer + patient = total.

const plan = (rules: Partial<CoverageRules>): CoverageRules => ({
  copayBp: 0,
  deductible: 0,
  excludedServiceTypes: [],
  preauthServiceTypes: [],
  ...rules,
});

describe('splitInvoice: written-out examples', () => {
  it('co-payment 10%: rounded half away from zero per line', () => {
    const split = splitInvoice(
      [
        { serviceType: 'consultation', quantity: 1, total: 65_050 },
        { serviceType: 'laboratory', quantity: 1, total: 12_345 },
      ],
      plan({ copayBp: 1000 }),
    );
    expect(split.lines).toEqual([
      { payer: 58_545, patient: 6505, patientReasons: { copay: 6505 } },
      { payer: 11_110, patient: 1235, patientReasons: { copay: 1235 } },
    ]);
    expect(split).toMatchObject({ payer: 69_655, patient: 7740 });
    expect(split.payer + split.patient).toBe(77_395);
  });

  it('deductible ₹500: taken from the lines in order until used up', () => {
    const split = splitInvoice(
      [
        { serviceType: 'consultation', quantity: 1, total: 30_000 },
        { serviceType: 'laboratory', quantity: 1, total: 40_000 },
        { serviceType: 'radiology', quantity: 1, total: 10_000 },
      ],
      plan({ deductible: 50_000 }),
    );
    expect(split.lines).toEqual([
      { payer: 0, patient: 30_000, patientReasons: { deductible: 30_000 } },
      { payer: 20_000, patient: 20_000, patientReasons: { deductible: 20_000 } },
      { payer: 10_000, patient: 0, patientReasons: {} },
    ]);
    expect(split).toMatchObject({ payer: 30_000, patient: 50_000 });
  });

  it('room limit ₹2,500 a day: the excess of each bed-day line is the patient’s', () => {
    const split = splitInvoice(
      [
        { serviceType: 'bed-day', quantity: 4, total: 1_200_000 },
        { serviceType: 'bed-day', quantity: 2, total: 400_000 },
        { serviceType: 'procedure', quantity: 1, total: 150_000 },
      ],
      plan({ roomDayLimit: 250_000 }),
    );
    expect(split.lines).toEqual([
      { payer: 1_000_000, patient: 200_000, patientReasons: { 'room-limit': 200_000 } },
      { payer: 400_000, patient: 0, patientReasons: {} },
      { payer: 150_000, patient: 0, patientReasons: {} },
    ]);
    expect(split).toMatchObject({ payer: 1_550_000, patient: 200_000 });
  });

  it('exclusions with a deductible and co-payment', () => {
    const split = splitInvoice(
      [
        { serviceType: 'pharmacy', quantity: 12, total: 3000 },
        { serviceType: 'consultation', quantity: 1, total: 65_050 },
        { serviceType: 'laboratory', quantity: 1, total: 20_000 },
      ],
      plan({ excludedServiceTypes: ['pharmacy'], copayBp: 1000, deductible: 10_000 }),
    );
    expect(split.lines).toEqual([
      { payer: 0, patient: 3000, patientReasons: { excluded: 3000 } },
      { payer: 49_545, patient: 15_505, patientReasons: { deductible: 10_000, copay: 5505 } },
      { payer: 18_000, patient: 2000, patientReasons: { copay: 2000 } },
    ]);
    expect(split).toMatchObject({ payer: 67_545, patient: 20_505 });
    expect(split.payer + split.patient).toBe(88_050);
  });

  const preauthPlan = plan({
    preauthServiceTypes: ['procedure', 'bed-day'],
    copayBp: 2000,
    roomDayLimit: 100_000,
  });

  it('pre-authorised ₹3,000: the payer’s part of those lines is capped, in line order', () => {
    const split = splitInvoice(
      [
        { serviceType: 'bed-day', quantity: 3, total: 360_000 },
        { serviceType: 'procedure', quantity: 1, total: 200_000 },
      ],
      preauthPlan,
      300_000,
    );
    expect(split.lines).toEqual([
      {
        payer: 240_000,
        patient: 120_000,
        patientReasons: { 'room-limit': 60_000, copay: 60_000 },
      },
      {
        payer: 60_000,
        patient: 140_000,
        patientReasons: { copay: 40_000, 'preauth-limit': 100_000 },
      },
    ]);
    expect(split).toMatchObject({ payer: 300_000, patient: 260_000 });
  });

  it('without a pre-authorisation, the services that need one are the patient’s in full', () => {
    const split = splitInvoice(
      [
        { serviceType: 'bed-day', quantity: 3, total: 360_000 },
        { serviceType: 'consultation', quantity: 1, total: 50_000 },
      ],
      preauthPlan,
    );
    expect(split.lines).toEqual([
      { payer: 0, patient: 360_000, patientReasons: { 'no-preauth': 360_000 } },
      { payer: 40_000, patient: 10_000, patientReasons: { copay: 10_000 } },
    ]);
    expect(split).toMatchObject({ payer: 40_000, patient: 370_000 });
  });

  it('a plan that covers everything in full leaves the patient nothing', () => {
    const split = splitInvoice(
      [{ serviceType: 'procedure', quantity: 1, total: 99_999 }],
      plan({}),
    );
    expect(split).toEqual({
      lines: [{ payer: 99_999, patient: 0, patientReasons: {} }],
      payer: 99_999,
      patient: 0,
    });
  });
});
