import { tenantsGroup } from '../../shared/api/tenants';
import { createRestHandler } from '../../shared/http/rest-handler';

export const handler = createRestHandler(tenantsGroup);
