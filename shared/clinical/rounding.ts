/**
 * Rounds half away from zero on the decimal digits as written, so 36.05 → 36.1 (plain
 * Math.round(36.05 * 10) gives 360 because 36.05 is stored as 36.0499999…).
 */
export function roundHalfUp(value: number, decimals = 0): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // Exponent notation (1e-7, 1e+21) cannot take the string shift; such values are far outside
  // any vital sign range, so plain arithmetic is exact enough there.
  if (text.includes('e')) return (sign * Math.round(magnitude * 10 ** decimals)) / 10 ** decimals;
  const shifted = Math.round(Number(`${text}e${decimals}`));
  return sign * Number(`${shifted}e-${decimals}`);
}
