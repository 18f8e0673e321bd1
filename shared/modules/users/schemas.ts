/** The fields of a staff user, declared once: the answer schema, the record and the inputs derive from them. */
import * as z from 'zod';
import { PasswordSchema } from '../../auth/passwords';
import { changesSomething, email, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { ROLES } from '../../kernel/roles';
import { TimestampSchema } from '../../kernel/time/dates';

export const RoleSchema = z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` });

/** A staff user as the API answers it (never the password hash). */
export const User = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  active: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type User = z.output<typeof User>;

/** Sign-in credentials shown once: a chosen password is echoed, a generated one revealed. */
export const Credentials = z.strictObject({ email: z.string(), password: z.string() });

export const CreateUserInput = z.strictObject({
  name: nonEmpty(120),
  email: email(),
  role: RoleSchema,
  password: PasswordSchema.optional(),
});

export const CreatedUser = z.strictObject({ user: User, credentials: Credentials });

export const ListUsersInput = z.strictObject({ ...pageFields });
export const UserPage = pageOf(User);

export const UpdateUserInput = z
  .strictObject({
    id: idParam(),
    role: RoleSchema.optional(),
    active: z.boolean({ message: 'must be true or false' }).optional(),
    name: nonEmpty(120).optional(),
  })
  .refine((b) => changesSomething(b, ['id']), 'give at least one of role, active, name');
