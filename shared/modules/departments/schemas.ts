import * as z from 'zod';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';

export const DepartmentCodeSchema = z
  .string({ message: 'must be a string' })
  .trim()
  .regex(/^[A-Z0-9]{2,10}$/, 'must be 2 to 10 uppercase letters or digits');

export const Department = z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string().optional(),
  description: z.string().optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Department = z.output<typeof Department>;

export const CreateDepartmentInput = z.strictObject({
  name: nonEmpty(100),
  code: DepartmentCodeSchema.optional(),
  description: nonEmpty(500).optional(),
});

export const ListDepartmentsInput = z.strictObject({ ...pageFields });
export const DepartmentPage = pageOf(Department);
export const DepartmentIdInput = z.strictObject({ id: idParam() });
