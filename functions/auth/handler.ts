import { login } from '../../shared/domain/identity/login';
import { getUser } from '../../shared/domain/identity/users';
import { createApiHandler } from '../../shared/http/api-handler';
import { authGroup } from '../../shared/routes/auth';

export const handler = createApiHandler(authGroup, {
  login: ({ body, now }) => login(body, now),
  me: async ({ principal }) => {
    const user = await getUser(principal.tenantId, principal.id);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      tenantId: principal.tenantId,
      tenantSlug: principal.tenantSlug,
    };
  },
});
