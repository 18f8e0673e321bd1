import { currentTenant, registerTenant } from '../../shared/domain/identity/tenants';
import { createApiHandler } from '../../shared/http/api-handler';
import { tenantsGroup } from '../../shared/routes/tenants';

export const handler = createApiHandler(tenantsGroup, {
  register: ({ body, now }) => registerTenant(body, now),
  current: ({ tenantId }) => currentTenant(tenantId),
});
