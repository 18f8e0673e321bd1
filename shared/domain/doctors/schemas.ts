/** Request schemas of the department and doctor routes (reusable by agent capabilities). */
import * as z from 'zod';
import { idParam, nonEmpty } from '../../http/validation';
import { WeeklyScheduleSchema } from '../opd/schedule';

export const DepartmentCodeSchema = z
  .string({ message: 'must be a string' })
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 uppercase letters or digits');

export const CreateDepartmentBody = z.strictObject({
  name: nonEmpty(100),
  code: DepartmentCodeSchema.optional(),
  description: nonEmpty(500).optional(),
});
export type CreateDepartmentInput = z.output<typeof CreateDepartmentBody>;

/** True when `n` has at most two decimal places (tolerating binary floating-point noise). */
export function hasAtMostTwoDecimals(n: number): boolean {
  const cents = n * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export const ConsultationFeeSchema = z
  .number({ message: 'must be a number' })
  .min(0, 'must be between 0 and 1000000')
  .max(1_000_000, 'must be between 0 and 1000000')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places');

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** ISO 4217 alphabetic code known to the runtime's ICU data (USD, INR, EUR, …). */
export const CurrencySchema = z
  .string({ message: 'must be a string' })
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of 3 uppercase letters, e.g. USD or INR')
  .refine((c) => CURRENCIES.has(c), 'is not a known ISO 4217 currency code');

/** Used when a profile gives no currency. There is no tenant currency setting yet. */
export const DEFAULT_CURRENCY = 'USD';

export const CreateDoctorBody = z.strictObject({
  userId: idParam(),
  departmentId: idParam(),
  specialty: nonEmpty(100),
  consultationFee: ConsultationFeeSchema,
  currency: CurrencySchema.default(DEFAULT_CURRENCY),
  schedule: WeeklyScheduleSchema.optional(),
});
export type CreateDoctorInput = z.output<typeof CreateDoctorBody>;

export { WeeklyScheduleSchema };
