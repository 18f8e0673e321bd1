/** The fields of a staff user, declared once: the answer schema, the record and the inputs derive from them. */
import { PasswordSchema } from '../../auth/passwords';
import { changesSomething, email, idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { ROLES } from '../../kernel/roles';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

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
  password: z.optional(PasswordSchema),
});

export const CreatedUser = z.strictObject({ user: User, credentials: Credentials });

export const ListUsersInput = z.strictObject({ ...pageFields });
export const UserPage = pageOf(User);

export const UpdateUserInput = z
  .strictObject({
    id: idParam(),
    role: z.optional(RoleSchema),
    active: z.optional(z.boolean({ message: 'must be true or false' })),
    name: z.optional(nonEmpty(120)),
  })
  .check(z.refine((b) => changesSomething(b, ['id']), 'give at least one of role, active, name'));

/** A colleague as the staff directory answers them: for pickers (no e-mail, no sign-in state). */
export const DirectoryEntry = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export const DirectoryInput = z.strictObject({ role: z.optional(RoleSchema) });
export const Directory = z.strictObject({ items: z.array(DirectoryEntry) });
