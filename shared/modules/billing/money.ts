/**
 * Money arithmetic for billing, in integer minor units (paise, cents) only: no floating point
 * touches an amount once it is stored. Tax rates are integer basis points (1800 = 18%), so a line
 * is priced with integer products and one rounded division (BigInt, so large amounts stay exact).
 *
 * Rounding (docs/billing.md): half away from zero, once per line, on the tax:
 * - tax exclusive: net = quantity × unit price − discount; tax = round(net × rate / 10000);
 *   total = net + tax;
 * - tax inclusive: total = quantity × unit price − discount; net = round(total × 10000 /
 *   (10000 + rate)); tax = total − net (so net + tax is always exactly the price the patient saw).
 * Invoice totals are sums of the lines' rounded figures, never re-rounded.
 */

/** Decimal places of a currency's minor unit (ISO 4217 via ICU): USD 2, JPY 0, KWD 3. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
}

/**
 * A decimal amount in major units (a doctor's fee, 500.5) as integer minor units (50050).
 * Refuses an amount with more decimals than the currency has rather than rounding money away.
 */
export function toMinorUnits(major: number, currency: string): number {
  const scaled = major * 10 ** minorDigits(currency);
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-6)
    throw new RangeError(`${major} has more decimal places than ${currency} allows`);
  return minor;
}

/** Integer minor units as the decimal major amount with the currency's digits: 18000 INR → "180.00". */
export function fromMinorUnits(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * An amount in a sentence for staff: the currency and major units, "INR 711.50", as the pages
 * show and take money (never the minor units the API counts in).
 */
export function moneyText(minor: number, currency: string): string {
  return `${currency} ${fromMinorUnits(minor, currency)}`;
}

/** round(numerator / denominator), halves away from zero; denominator > 0. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (2n * n + denominator) / (2n * denominator);
  return negative ? -q : q;
}

export const BASIS_POINTS = 10_000;

export interface LinePricing {
  quantity: number;
  /** Minor units per unit: net of tax when exclusive, tax included when inclusive. */
  unitPrice: number;
  /** Minor units taken off the line before tax (exclusive) or off the price paid (inclusive). */
  discount: number;
  taxRateBp: number;
  taxInclusive: boolean;
}

export interface LineAmounts {
  /** quantity × unit price, before the discount. */
  gross: number;
  discount: number;
  /** The taxable amount. */
  net: number;
  tax: number;
  /** What the patient pays for the line. */
  total: number;
}

export function priceLine(p: LinePricing): LineAmounts {
  for (const [name, v] of Object.entries(p)) {
    if (typeof v === 'number' && (!Number.isSafeInteger(v) || v < 0))
      throw new RangeError(`${name} must be a non-negative integer`);
  }
  const gross = p.quantity * p.unitPrice;
  if (!Number.isSafeInteger(gross)) throw new RangeError('quantity × unit price is too large');
  if (p.discount > gross) throw new RangeError('discount exceeds the line amount');
  const afterDiscount = gross - p.discount;
  const rate = BigInt(p.taxRateBp);
  const bp = BigInt(BASIS_POINTS);
  if (p.taxInclusive) {
    const net = Number(divideRounded(BigInt(afterDiscount) * bp, bp + rate));
    return { gross, discount: p.discount, net, tax: afterDiscount - net, total: afterDiscount };
  }
  const tax = Number(divideRounded(BigInt(afterDiscount) * rate, bp));
  return { gross, discount: p.discount, net: afterDiscount, tax, total: afterDiscount + tax };
}

/** Sums of the lines' figures: an invoice's subtotal, discount, tax and total. */
export function sumLines(lines: readonly LineAmounts[]): Omit<LineAmounts, 'gross'> & {
  gross: number;
} {
  return lines.reduce(
    (s, l) => ({
      gross: s.gross + l.gross,
      discount: s.discount + l.discount,
      net: s.net + l.net,
      tax: s.tax + l.tax,
      total: s.total + l.total,
    }),
    { gross: 0, discount: 0, net: 0, tax: 0, total: 0 },
  );
}

/**
 * Whether a discount is above what any biller may give on their own: more than `thresholdBp` of
 * the line's gross amount (then ADMIN or ACCOUNTANT must give it).
 */
export function discountNeedsSeniorRole(
  discount: number,
  gross: number,
  thresholdBp: number,
): boolean {
  return BigInt(discount) * BigInt(BASIS_POINTS) > BigInt(gross) * BigInt(thresholdBp);
}
