import { describe, expect, it } from 'vitest';
import {
  amountText,
  currencyDigits,
  formatMoney,
  parseAmount,
} from '../../../shared/web/client/common/money';

describe('money typed and shown in major units (shared/web/client/common/money.ts)', () => {
  it('reads what a cashier types into minor units', () => {
    const cases: [string, number | null][] = [
      ['1000', 100_000],
      ['1,000', 100_000],
      ['1,000.50', 100_050],
      ['1,00,000', 10_000_000],
      ['12,34,567.8', 123_456_780],
      ['650.5', 65_050],
      [' 650.50 ', 65_050],
      ['0.05', 5],
      ['7.', 700],
      ['650,50', null],
      ['1,0000', null],
      ['1.005', null],
      ['-5', null],
      ['abc', null],
      ['', null],
      ['12345678901234', null],
    ];
    for (const [typed, minor] of cases)
      expect([typed, parseAmount(typed, 'INR')]).toEqual([typed, minor]);
    expect(parseAmount('1,000', 'JPY')).toBe(1000);
    expect(parseAmount('1.5', 'JPY')).toBeNull();
    expect(parseAmount('1.005', 'KWD')).toBe(1005);
  });

  it('shows minor units as money with the currency, and as an amount to edit', () => {
    expect(currencyDigits('INR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatMoney(65_050, 'INR')).toContain('650.50');
    expect(formatMoney(65_050, 'INR')).toContain('₹');
    expect(amountText(65_050, 'INR')).toBe('650.50');
    expect(amountText(1500, 'JPY')).toBe('1500');
  });
});
