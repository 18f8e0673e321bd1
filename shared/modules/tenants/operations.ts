import { defineOperation, PUBLIC } from '../../kernel/operation';
import {
  NoInput,
  RegisteredTenant,
  RegisterTenantInput,
  Tenant,
  UpdateTenantInput,
} from './schemas';
import { currentTenant, registerTenant, updateTenant } from './service';

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

export const update = defineOperation({
  name: 'tenants.update',
  summary:
    'Rename the hospital, change its default country for phone numbers or its agent (MCP) rate limit per credential and minute (administrators only)',
  input: UpdateTenantInput,
  output: Tenant,
  access: { roles: [] },
  kind: 'write',
  idempotent: true,
  handler: updateTenant,
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
