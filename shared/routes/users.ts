import * as z from 'zod';
import { ROLES } from '../auth/roles';
import { PasswordSchema } from '../domain/identity/tenant-rules';
import { defineGroup, defineRoute } from '../http/route';
import { email, idParam, nonEmpty } from '../http/validation';
import { pageQuery } from '../table/pagination';

const RoleSchema = z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` });

export const usersGroup = defineGroup({
  name: 'users',
  description: 'Staff user management (administrators only)',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    create: defineRoute({
      method: 'POST',
      path: '/users',
      tag: 'Staff',
      summary: 'Create a staff user; a strong password is generated when none is given',
      access: { roles: [] },
      body: z.strictObject({
        name: nonEmpty(120),
        email: email(),
        role: RoleSchema,
        password: PasswordSchema.optional(),
      }),
      status: 201,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/users',
      tag: 'Staff',
      summary: 'List staff users',
      access: { roles: [], scope: 'users:read' },
      query: z.strictObject({ ...pageQuery }),
    }),
    update: defineRoute({
      method: 'PATCH',
      path: '/users/{id}',
      tag: 'Staff',
      summary:
        "Change a user's role, name or active flag; a deactivated user's tokens stop working",
      // Deactivating someone must work even after the trial ended.
      access: { roles: [], allowAfterTrial: true },
      params: z.strictObject({ id: idParam() }),
      body: z
        .strictObject({
          role: RoleSchema.optional(),
          active: z.boolean({ message: 'must be true or false' }).optional(),
          name: nonEmpty(120).optional(),
        })
        .refine(
          (b) => b.role !== undefined || b.active !== undefined || b.name !== undefined,
          'give at least one of role, active, name',
        ),
    }),
  },
});
