import { SCOPES } from '../../shared/auth/scopes';
import { createApiHandler } from '../../shared/http/api-handler';
import { webGroup } from '../../shared/routes/web';
import { renderAdmin, renderGetStarted, renderHome, renderLogin } from '../../shared/web/pages';

// Pages are static per deployment: render once per container.
const pages = {
  home: renderHome(),
  getStarted: renderGetStarted(),
  login: renderLogin(),
  admin: renderAdmin({ scopes: SCOPES }),
};

export const handler = createApiHandler(webGroup, {
  health: async () => ({ status: 'ok' }),
  home: async () => pages.home,
  getStarted: async () => pages.getStarted,
  login: async () => pages.login,
  admin: async () => pages.admin,
});
