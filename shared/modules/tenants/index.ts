/** What other modules and the authorizer may use of the tenants module. */

export { findTenantInfo } from './credentials';
export {
  BACKFILL_PROGRESS,
  type BackfillReport,
  backfillHospitalIndex,
} from './hospital-index-backfill';
export { TENANT_STATUSES, Tenant, UpdateTenantInput } from './schemas';
export {
  activeApiKeyCount,
  findTenant,
  hospitalIds,
  type TenantPatch,
  TenantRecord,
  tenantPatchUpdate,
} from './store';
