import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from '../../shared/domain/identity/api-keys';
import { createApiHandler } from '../../shared/http/api-handler';
import { apiKeysGroup } from '../../shared/routes/api-keys';

export const handler = createApiHandler(apiKeysGroup, {
  create: ({ tenantId, principal, body, now }) => createApiKey(tenantId, principal.id, body, now),
  list: ({ tenantId, query }) => listApiKeys(tenantId, query),
  revoke: ({ tenantId, params, now }) => revokeApiKey(tenantId, params.id, now),
  rotate: ({ tenantId, params, now }) => rotateApiKey(tenantId, params.id, now),
});
