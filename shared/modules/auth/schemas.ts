import { email } from '../../kernel/fields';
import * as z from '../../kernel/zod';
import { RoleSchema } from '../users';

export const LoginInput = z.strictObject({
  email: email(),
  password: z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(128, 'must be at most 128 characters')),
});

export const AccessToken = z.strictObject({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().check(z.int()),
  tenantId: z.string(),
  tenantSlug: z.string(),
  user: z.strictObject({ id: z.string(), email: z.string(), name: z.string(), role: RoleSchema }),
});

export const Me = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  tenantId: z.string(),
  tenantSlug: z.string(),
});

export const NoInput = z.strictObject({});
