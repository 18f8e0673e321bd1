import { defineOperation, PUBLIC } from '../../kernel/operation';
import {
  ExportInput,
  ExportPage,
  NoInput,
  RegisteredTenant,
  RegisterTenantInput,
  Tenant,
  UpdateTenantInput,
} from './schemas';
import { currentTenant, exportTenant, registerTenant, updateTenant } from './service';

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

export const exportData = defineOperation({
  name: 'tenants.export',
  summary:
    "Export all of the hospital's data, a page at a time: patients as FHIR R4 resources, every other record as the service's JSON with its kind; never a password, key or token hash or a secret (administrators only, signed in)",
  input: ExportInput,
  output: ExportPage,
  access: { roles: [] },
  kind: 'read',
  idempotent: true,
  handler: exportTenant,
  // An export reads every patient's data: each page's patients go on their access logs.
  patientIds: (_input, output) => (output.records.Patient ?? []).map((p) => String(p.id)),
});
