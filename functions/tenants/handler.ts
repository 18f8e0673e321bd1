import { tenantsGroup } from '../../shared/api/tenants';
import { createRestHandler } from '../../shared/http/rest-handler';
import { restOperations } from '../../shared/http/rest-operations';

export const handler = createRestHandler(tenantsGroup, restOperations());
