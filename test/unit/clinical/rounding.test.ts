import { describe, expect, it } from 'vitest';
import { roundHalfUp } from '../../../shared/clinical/rounding';

describe('roundHalfUp', () => {
  it.each([
    [36.05, 1, 36.1],
    [36.04, 1, 36],
    [35.05, 1, 35.1],
    [38.15, 1, 38.2],
    [1.005, 2, 1.01],
    [2.5, 0, 3],
    [20.49, 0, 20],
    [-2.5, 0, -3],
    [22.857142857, 1, 22.9],
    [7, 1, 7],
    [0, 0, 0],
  ])('rounds %s to %s decimals as %s', (value, decimals, expected) => {
    expect(roundHalfUp(value, decimals)).toBe(expected);
  });

  it('leaves non-finite values alone and copes with exponent notation', () => {
    expect(roundHalfUp(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(roundHalfUp(Number.NaN)).toBeNaN();
    expect(roundHalfUp(1e-7, 1)).toBe(0);
    expect(roundHalfUp(1e21)).toBe(1e21);
  });
});
