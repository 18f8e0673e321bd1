import { createApiHandler } from '../../shared/http/api-handler';
import { tenantsGroup } from '../../shared/routes/tenants';
import { currentTenant, registerTenant } from '../../shared/domain/identity/tenants';

export const handler = createApiHandler(tenantsGroup, {
  register: ({ body, now }) => registerTenant(body, now),
  current: ({ tenantId }) => currentTenant(tenantId),
});
