import * as z from 'zod';
import { PasswordSchema, SlugSchema, TimeZoneSchema } from '../domain/identity/tenant-rules';
import { defineGroup, defineRoute, PUBLIC } from '../http/route';
import { email, nonEmpty } from '../http/validation';

export const RegisterTenantBody = z.strictObject({
  hospitalName: nonEmpty(120),
  slug: SlugSchema,
  adminName: nonEmpty(120),
  adminEmail: email(),
  adminPassword: PasswordSchema.optional(),
  timezone: TimeZoneSchema.default('UTC'),
});

export const tenantsGroup = defineGroup({
  name: 'tenants',
  description: 'Hospital self-registration and the current tenant profile',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    register: defineRoute({
      method: 'POST',
      path: '/tenants',
      tag: 'Tenants',
      summary: 'Register a hospital (tenant) with its first administrator; starts a 14-day trial',
      access: PUBLIC,
      body: RegisterTenantBody,
      status: 201,
    }),
    current: defineRoute({
      method: 'GET',
      path: '/tenants/current',
      tag: 'Tenants',
      summary: "The caller's hospital: name, slug, status, trial end and time zone",
      access: { roles: 'any', scope: 'any' },
    }),
  },
});
