/** What other modules and the authorizer may use of the tenants module. */
export { Tenant } from './schemas';
export { activeApiKeyCount, findTenant, TenantRecord } from './store';
export { findTenantInfo } from './credentials';
