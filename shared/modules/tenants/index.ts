/** What other modules and the authorizer may use of the tenants module. */

export { findTenantInfo } from './credentials';
export { Tenant } from './schemas';
export { activeApiKeyCount, findTenant, hospitalIds, TenantRecord } from './store';
