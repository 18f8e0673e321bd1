/**
 * Currencies: a file of its own so billing takes the currency rules without the doctors' schemas
 * and schedule (issue 15's bundle sizes).
 */
import * as z from '../../kernel/zod';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** ISO 4217 alphabetic code known to the runtime's ICU data (USD, INR, EUR, …). */
export const CurrencySchema = z.string({ message: 'must be a string' }).check(
  z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of 3 uppercase letters, e.g. USD or INR'),
  z.refine((c) => CURRENCIES.has(c), 'is not a known ISO 4217 currency code'),
);

/** Used when a profile gives no currency. There is no tenant currency setting yet. */
export const DEFAULT_CURRENCY = 'USD';
