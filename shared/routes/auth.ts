import * as z from 'zod';
import { defineGroup, defineRoute, PUBLIC } from '../http/route';
import { email } from '../http/validation';

export const authGroup = defineGroup({
  name: 'auth',
  description: 'Sign-in and the current user',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite', jwtSecret: true },
  routes: {
    login: defineRoute({
      method: 'POST',
      path: '/auth/login',
      tag: 'Authentication',
      summary: 'Exchange e-mail and password for a one-hour access token',
      access: PUBLIC,
      body: z.strictObject({
        email: email(),
        password: z.string().min(1, 'must not be empty').max(128, 'must be at most 128 characters'),
      }),
    }),
    me: defineRoute({
      method: 'GET',
      path: '/auth/me',
      tag: 'Authentication',
      summary: 'The signed-in user profile',
      access: { roles: 'any' },
    }),
  },
});
