/** What other modules and the authorizer may use of the tenants module. */

export { findTenantInfo } from './credentials';
export { type ExportRunOutcome, runExportJob } from './export-run';
export { EXPORT_COLLECTION } from './export-store';
export {
  BACKFILL_PROGRESS,
  type BackfillReport,
  backfillHospitalIndex,
} from './hospital-index-backfill';
export { EXPORT_JOB_TIMEOUT_SECONDS, TENANT_EXPORT_REQUESTED } from './rules';
export { TENANT_STATUSES, Tenant, UpdateTenantInput } from './schemas';
export {
  activeApiKeyCount,
  findTenant,
  hospitalIds,
  type TenantPatch,
  TenantRecord,
  tenantPatchUpdate,
} from './store';
