import { describe, expect, it } from 'vitest';
import {
  compareKeys,
  fold,
  matchesQuery,
  nextDirection,
  sortKey,
  sortOrder,
} from '../../../shared/web/client/common/table';

describe('the sortable table helper (shared/web/client/common/table.ts)', () => {
  it('reads numbers, money, percentages and dates as such, anything else as folded text', () => {
    expect(sortKey('12')).toEqual({ kind: 'number', value: 12 });
    expect(sortKey('₹1,200.50')).toEqual({ kind: 'number', value: 1200.5 });
    expect(sortKey('$ 9.99')).toEqual({ kind: 'number', value: 9.99 });
    expect(sortKey('-3')).toEqual({ kind: 'number', value: -3 });
    expect(sortKey('40%')).toEqual({ kind: 'number', value: 40 });
    expect(sortKey('25 Nov 2026, 14:05')).toEqual({
      kind: 'date',
      value: Date.UTC(2026, 10, 25, 14, 5),
    });
    expect(sortKey('03 Jan 2027')).toEqual({ kind: 'date', value: Date.UTC(2027, 0, 3) });
    expect(sortKey('  Émile  Zola ')).toEqual({ kind: 'text', value: 'emile zola' });
    expect(sortKey('INV-2026-12')).toEqual({ kind: 'text', value: 'inv-2026-12' });
    expect(sortKey('')).toEqual({ kind: 'text', value: '' });
  });

  it('orders numbers by value, text with numbers inside by their value, empty text last', () => {
    const keys = ['₹1,000.00', '₹95.00', '₹250.00'].map(sortKey);
    expect(sortOrder(keys, 'ascending')).toEqual([1, 2, 0]);
    expect(sortOrder(keys, 'descending')).toEqual([0, 2, 1]);
    const names = ['Bed 10', 'bed 2', '', 'Bed 1'].map(sortKey);
    expect(sortOrder(names, 'ascending')).toEqual([3, 1, 0, 2]);
    // Numbers before dates before text when a column mixes them.
    expect(compareKeys(sortKey('5'), sortKey('a'))).toBeLessThan(0);
    expect(compareKeys(sortKey('a'), sortKey('5'))).toBeGreaterThan(0);
    expect(compareKeys(sortKey('5'), sortKey('01 Jan 2026'))).toBeLessThan(0);
    expect(compareKeys(sortKey('01 Jan 2026'), sortKey('5'))).toBeGreaterThan(0);
    expect(compareKeys(sortKey(''), sortKey(''))).toBe(0);
    expect(compareKeys(sortKey(''), sortKey('b'))).toBeGreaterThan(0);
  });

  it('keeps equal keys in their order in both directions (a stable sort)', () => {
    const keys = ['b', 'a', 'b', 'a'].map(sortKey);
    expect(sortOrder(keys, 'ascending')).toEqual([1, 3, 0, 2]);
    expect(sortOrder(keys, 'descending')).toEqual([0, 2, 1, 3]);
  });

  it('matches a row holding every typed word, whatever the case, accents and spacing', () => {
    const row = 'INV-2026-7  Asha Rao (MRN-000123)  issued  ₹1,180.00';
    expect(matchesQuery(row, '')).toBe(true);
    expect(matchesQuery(row, '   ')).toBe(true);
    expect(matchesQuery(row, 'asha')).toBe(true);
    expect(matchesQuery(row, 'RAO issued')).toBe(true);
    expect(matchesQuery(row, 'rao balanced')).toBe(false);
    expect(matchesQuery('José Núñez', 'jose nunez')).toBe(true);
    expect(fold(' A\tB  c ')).toBe('a b c');
  });

  it('sorts ascending first, then alternates', () => {
    expect(nextDirection(null)).toBe('ascending');
    expect(nextDirection('ascending')).toBe('descending');
    expect(nextDirection('descending')).toBe('ascending');
  });
});
