import { defineOperation, PUBLIC } from '../../kernel/operation';
import { NoInput, RegisteredTenant, RegisterTenantInput, Tenant } from './schemas';
import { currentTenant, registerTenant } from './service';

export const register = defineOperation({
  name: 'tenants.register',
  summary: 'Register a hospital (tenant) with its first administrator; starts a 14-day trial',
  input: RegisterTenantInput,
  output: RegisteredTenant,
  access: PUBLIC,
  kind: 'write',
  idempotent: false,
  handler: registerTenant,
});

export const current = defineOperation({
  name: 'tenants.current',
  summary: "The caller's hospital: name, slug, status, trial end, time zone and country",
  input: NoInput,
  output: Tenant,
  access: { roles: 'any', scope: 'any' },
  kind: 'read',
  idempotent: true,
  handler: currentTenant,
});
