import { describe, expect, it } from 'vitest';
import {
  discountNeedsSeniorRole,
  divideRounded,
  fromMinorUnits,
  minorDigits,
  moneyText,
  priceLine,
  sumLines,
  toMinorUnits,
} from '../../../shared/modules/billing/money';

describe('minor units', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorDigits('INR')).toBe(2);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('turns a decimal fee into integer minor units without float noise', () => {
    expect(toMinorUnits(500, 'INR')).toBe(50_000);
    expect(toMinorUnits(0.29, 'USD')).toBe(29); // 0.29 × 100 = 28.999999999999996
    expect(toMinorUnits(1234.56, 'INR')).toBe(123_456);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(toMinorUnits(1.235, 'KWD')).toBe(1235);
  });

  it('refuses more decimals than the currency has, rather than rounding money away', () => {
    expect(() => toMinorUnits(10.5, 'JPY')).toThrow(/more decimal places than JPY/);
    expect(() => toMinorUnits(0.001, 'INR')).toThrow(RangeError);
  });
});

describe('rounding: half away from zero', () => {
  it.each([
    [5n, 2n, 3n], // 2.5 → 3
    [7n, 2n, 4n], // 3.5 → 4
    [-5n, 2n, -3n], // −2.5 → −3
    [4n, 3n, 1n], // 1.33 → 1
    [5n, 3n, 2n], // 1.67 → 2
    [0n, 7n, 0n],
  ])('%s / %s = %s', (n, d, q) => {
    expect(divideRounded(n, d)).toBe(q);
  });
});

describe('a line with tax exclusive', () => {
  it('adds the tax on top of the net amount', () => {
    // 2 × 1000.00 at 18%: net 2000.00, tax 360.00.
    expect(
      priceLine({
        quantity: 2,
        unitPrice: 100_000,
        discount: 0,
        taxRateBp: 1800,
        taxInclusive: false,
      }),
    ).toEqual({ gross: 200_000, discount: 0, net: 200_000, tax: 36_000, total: 236_000 });
  });

  it('rounds the tax half up, once per line', () => {
    // 0.25 at 18% = 0.045 → 0.05 (4.5 paise → 5).
    expect(
      priceLine({ quantity: 1, unitPrice: 25, discount: 0, taxRateBp: 1800, taxInclusive: false }),
    ).toEqual({ gross: 25, discount: 0, net: 25, tax: 5, total: 30 });
    // 0.24 at 18% = 0.0432 → 0.04.
    expect(
      priceLine({ quantity: 1, unitPrice: 24, discount: 0, taxRateBp: 1800, taxInclusive: false })
        .tax,
    ).toBe(4);
    // 3 × 3.33 at 5%: 9.99 × 5% = 0.4995 → 0.50 (per line, not per unit: 3 × 0.17 would be 0.51).
    expect(
      priceLine({ quantity: 3, unitPrice: 333, discount: 0, taxRateBp: 500, taxInclusive: false }),
    ).toEqual({ gross: 999, discount: 0, net: 999, tax: 50, total: 1049 });
  });

  it('taxes the discounted amount', () => {
    // 1000.00 − 100.00 discount = 900.00; 12% = 108.00.
    expect(
      priceLine({
        quantity: 1,
        unitPrice: 100_000,
        discount: 10_000,
        taxRateBp: 1200,
        taxInclusive: false,
      }),
    ).toEqual({ gross: 100_000, discount: 10_000, net: 90_000, tax: 10_800, total: 100_800 });
  });
});

describe('a line with tax inclusive', () => {
  it('takes the tax out of the price, so net + tax is exactly the price', () => {
    // 118.00 incl. 18%: net 100.00, tax 18.00.
    expect(
      priceLine({
        quantity: 1,
        unitPrice: 11_800,
        discount: 0,
        taxRateBp: 1800,
        taxInclusive: true,
      }),
    ).toEqual({ gross: 11_800, discount: 0, net: 10_000, tax: 1800, total: 11_800 });
    // 100.00 incl. 18%: net 84.745… → 84.75, tax 15.25.
    expect(
      priceLine({
        quantity: 1,
        unitPrice: 10_000,
        discount: 0,
        taxRateBp: 1800,
        taxInclusive: true,
      }),
    ).toEqual({ gross: 10_000, discount: 0, net: 8475, tax: 1525, total: 10_000 });
    // 0.01 incl. 5%: net 0.00952 → 0.01, tax 0.
    expect(
      priceLine({ quantity: 1, unitPrice: 1, discount: 0, taxRateBp: 500, taxInclusive: true }),
    ).toEqual({ gross: 1, discount: 0, net: 1, tax: 0, total: 1 });
  });

  it('takes the discount off the price paid', () => {
    // 2 × 59.00 − 18.00 = 100.00 incl. 18% → net 84.75, tax 15.25.
    expect(
      priceLine({
        quantity: 2,
        unitPrice: 5900,
        discount: 1800,
        taxRateBp: 1800,
        taxInclusive: true,
      }),
    ).toEqual({ gross: 11_800, discount: 1800, net: 8475, tax: 1525, total: 10_000 });
  });

  it('at 0% the whole price is net', () => {
    expect(
      priceLine({ quantity: 4, unitPrice: 2550, discount: 0, taxRateBp: 0, taxInclusive: true }),
    ).toEqual({ gross: 10_200, discount: 0, net: 10_200, tax: 0, total: 10_200 });
  });
});

describe('guards', () => {
  it('refuses a discount above the line, fractions and negatives', () => {
    const base = { quantity: 1, unitPrice: 100, discount: 0, taxRateBp: 0, taxInclusive: false };
    expect(() => priceLine({ ...base, discount: 101 })).toThrow(/discount exceeds/);
    expect(() => priceLine({ ...base, unitPrice: 1.5 })).toThrow(
      /unitPrice must be a non-negative integer/,
    );
    expect(() => priceLine({ ...base, quantity: -1 })).toThrow(RangeError);
  });

  it('stays exact for large amounts (BigInt division)', () => {
    // 9 × 10^12 minor units at 18%: the product exceeds 2^53 but the result is exact.
    expect(
      priceLine({
        quantity: 1,
        unitPrice: 9_000_000_000_000,
        discount: 0,
        taxRateBp: 1800,
        taxInclusive: false,
      }).tax,
    ).toBe(1_620_000_000_000);
  });
});

describe('invoice totals', () => {
  it('are sums of the rounded lines', () => {
    const a = priceLine({
      quantity: 1,
      unitPrice: 25,
      discount: 0,
      taxRateBp: 1800,
      taxInclusive: false,
    });
    const b = priceLine({
      quantity: 1,
      unitPrice: 25,
      discount: 0,
      taxRateBp: 1800,
      taxInclusive: false,
    });
    // Each line's tax rounds 4.5 → 5: the invoice's tax is 10, not round(9) = 9.
    expect(sumLines([a, b])).toEqual({ gross: 50, discount: 0, net: 50, tax: 10, total: 60 });
  });
});

describe('discount threshold', () => {
  it('needs a senior role strictly above the threshold', () => {
    // 10% of 1000.00 = 100.00.
    expect(discountNeedsSeniorRole(10_000, 100_000, 1000)).toBe(false);
    expect(discountNeedsSeniorRole(10_001, 100_000, 1000)).toBe(true);
    expect(discountNeedsSeniorRole(1, 100_000, 0)).toBe(true);
  });
});

describe('fromMinorUnits', () => {
  it.each([
    [18_000, 'INR', '180.00'],
    [5, 'USD', '0.05'],
    [-250, 'USD', '-2.50'],
    [1500, 'JPY', '1500'],
    [1234, 'KWD', '1.234'],
  ])('%i %s is %s', (minor, currency, text) => {
    expect(fromMinorUnits(minor, currency)).toBe(text);
  });
});

describe('moneyText', () => {
  it('says an amount with its currency in major units', () => {
    expect(moneyText(71_150, 'INR')).toBe('INR 711.50');
    expect(moneyText(1500, 'JPY')).toBe('JPY 1500');
  });
});
