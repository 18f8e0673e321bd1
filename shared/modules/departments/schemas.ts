import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

export const DepartmentCodeSchema = z
  .string({ message: 'must be a string' })
  .check(z.trim(), z.regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 uppercase letters or digits'));

export const Department = z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.optional(z.string()),
  description: z.optional(z.string()),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Department = z.output<typeof Department>;

export const CreateDepartmentInput = z.strictObject({
  name: nonEmpty(100),
  code: z.optional(DepartmentCodeSchema),
  description: z.optional(nonEmpty(500)),
});

export const ListDepartmentsInput = z.strictObject({ ...pageFields });
export const DepartmentPage = pageOf(Department);
export const DepartmentIdInput = z.strictObject({ id: idParam() });
