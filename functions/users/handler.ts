import { createUser, listUsers, updateUser } from '../../shared/domain/identity/users';
import { createApiHandler } from '../../shared/http/api-handler';
import { usersGroup } from '../../shared/routes/users';

export const handler = createApiHandler(usersGroup, {
  create: ({ tenantId, body, now }) => createUser(tenantId, body, now),
  list: ({ tenantId, query }) => listUsers(tenantId, query),
  update: ({ tenantId, principal, params, body, now }) =>
    updateUser(tenantId, principal.id, params.id, body, now),
});
