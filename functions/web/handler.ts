import { SCOPES } from '../../shared/auth/scopes';
import { createApiHandler } from '../../shared/http/api-handler';
import { webGroup } from '../../shared/routes/web';
import { withBasePath } from '../../shared/web/base-path';
import { renderAdmin, renderGetStarted, renderHome, renderLogin } from '../../shared/web/pages';

// Pages are static per deployment: render once per container, then adjust links to the mount prefix.
const pages = {
  home: renderHome(),
  getStarted: renderGetStarted(),
  login: renderLogin(),
  admin: renderAdmin({ scopes: SCOPES }),
};

export const handler = createApiHandler(webGroup, {
  health: async () => ({ status: 'ok' }),
  home: async ({ basePath }) => withBasePath(pages.home, basePath),
  getStarted: async ({ basePath }) => withBasePath(pages.getStarted, basePath),
  login: async ({ basePath }) => withBasePath(pages.login, basePath),
  admin: async ({ basePath }) => withBasePath(pages.admin, basePath),
});
