import { defineOperation, PUBLIC } from '../../kernel/operation';
import * as exports from './export-jobs';
import {
  ExportIdInput,
  ExportJob,
  ExportJobPage,
  ExportPage,
  ExportPageInput,
  ListExportsInput,
  NoInput,
  RegisteredTenant,
  RegisterTenantInput,
  StartExportInput,
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

// The hospital's data export (export-jobs.ts): administrators only, signed in (no API key).
const adminsOnly = { roles: [] } as const;

export const startExport = defineOperation({
  name: 'tenants.startExport',
  summary:
    "Start an export of all of the hospital's data, run by the export function out of the request: 202 with the queued job; 409 naming the export under way, if any (administrators only, signed in)",
  input: StartExportInput,
  output: ExportJob,
  access: adminsOnly,
  kind: 'write',
  idempotent: false,
  resource: 'export',
  handler: exports.startExport,
  patientIds: () => [],
});

export const listExports = defineOperation({
  name: 'tenants.listExports',
  summary:
    "The hospital's data exports of the last 7 days, newest first, with their status and progress (administrators only, signed in)",
  input: ListExportsInput,
  output: ExportJobPage,
  access: adminsOnly,
  kind: 'read',
  idempotent: true,
  handler: exports.listExports,
  patientIds: () => [],
});

export const getExport = defineOperation({
  name: 'tenants.getExport',
  summary:
    'A data export: queued, running, done or failed (why), its progress (items read, pages written) and what to do next (administrators only, signed in)',
  input: ExportIdInput,
  output: ExportJob,
  access: adminsOnly,
  kind: 'read',
  idempotent: true,
  handler: exports.getExport,
  patientIds: () => [],
});

export const getExportPage = defineOperation({
  name: 'tenants.getExportPage',
  summary:
    "One page of a data export's bundle: patients as FHIR R4 resources, every other record as the service's JSON with its kind; never a password, key or token hash or a secret (administrators only, signed in)",
  input: ExportPageInput,
  output: ExportPage,
  access: adminsOnly,
  kind: 'read',
  idempotent: true,
  handler: exports.getExportPage,
  // A page holds patients' data: its patients go on their access logs when it is read.
  patientIds: (_input, output) => (output.records.Patient ?? []).map((p) => String(p.id)),
});
