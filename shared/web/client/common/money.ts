/**
 * Money in the pages: the API counts minor units (paise, cents); staff read and type major units
 * with the currency ("₹1,000.50", "1,000", "650.5"). One place converts both ways, by string
 * arithmetic (no floating point on what is typed).
 */

/** Digits after the decimal point of a currency (INR 2, JPY 0, KWD 3). */
export function currencyDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** Minor units as money with its currency, e.g. 65050 INR → "₹650.50". */
export function formatMoney(minor: number, code: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(
    minor / 10 ** currencyDigits(code),
  );
}

/** Minor units as a plain amount to put in an input, e.g. 65050 INR → "650.50". */
export function amountText(minor: number, code: string): string {
  const d = currencyDigits(code);
  return (minor / 10 ** d).toFixed(d);
}

/**
 * What a cashier typed, in minor units; null if it is not an amount. Commas group thousands
 * ("1,000", Indian "1,00,000") and the point separates the fraction ("650.5"); a comma that is
 * not a thousands group ("650,50") is refused rather than guessed.
 */
export function parseAmount(text: string, code: string): number | null {
  const d = currencyDigits(code);
  const m = /^\s*(\d{1,3}(?:,\d{2,3})*,\d{3}|\d{1,15})(?:\.(\d*))?\s*$/.exec(text);
  if (!m) return null;
  const whole = m[1]!.replace(/,/g, '');
  const fraction = m[2] ?? '';
  if (fraction.length > d || whole.length > 13) return null;
  return Number(whole) * 10 ** d + Number(fraction.padEnd(d, '0') || 0);
}
