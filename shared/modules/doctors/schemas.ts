import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { CurrencySchema, DEFAULT_CURRENCY } from './currency';
import { WeeklyScheduleSchema } from './schedule';

export { CurrencySchema, DEFAULT_CURRENCY } from './currency';

/** True when `n` has at most two decimal places (tolerating binary floating-point noise). */
export function hasAtMostTwoDecimals(n: number): boolean {
  const cents = n * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export const ConsultationFeeSchema = z
  .number({ message: 'must be a number' })
  .check(
    z.gte(0, 'must be between 0 and 1000000'),
    z.lte(1_000_000, 'must be between 0 and 1000000'),
    z.refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places'),
  );

/** A doctor's profile: the DOCTOR user's department, specialty, fee and weekly OPD schedule. */
export const Doctor = z.strictObject({
  /** The user's id: one profile per staff user, so "my schedule" needs no lookup. */
  id: z.string(),
  userId: z.string(),
  /** Copied from the user record when the profile is created. */
  name: z.string(),
  email: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  specialty: z.string(),
  consultationFee: z.number(),
  currency: z.string(),
  schedule: z.nullable(WeeklyScheduleSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Doctor = z.output<typeof Doctor>;

export const CreateDoctorInput = z.strictObject({
  userId: idParam(),
  departmentId: idParam(),
  specialty: nonEmpty(100),
  consultationFee: ConsultationFeeSchema,
  currency: z._default(CurrencySchema, DEFAULT_CURRENCY),
  schedule: z.optional(WeeklyScheduleSchema),
});

export const ListDoctorsInput = z.strictObject({
  ...pageFields,
  departmentId: z.optional(idParam()),
});
export const DoctorPage = pageOf(Doctor);
export const DoctorIdInput = z.strictObject({ id: idParam() });
export const SetScheduleInput = z.strictObject({ id: idParam(), schedule: WeeklyScheduleSchema });
