import { SCOPES } from '../../shared/auth/scopes';
import { createApiHandler } from '../../shared/http/api-handler';
import { NotFound } from '../../shared/http/errors';
import { webGroup } from '../../shared/routes/web';
import { withBasePath } from '../../shared/web/base-path';
import { loadPageScripts, pageScriptsDir } from '../../shared/web/page-scripts';
import { renderAdmin, renderGetStarted, renderHome, renderLogin } from '../../shared/web/pages';

// The pages' built scripts: next to this bundle on AWS, in the local runtime's build folder locally.
const scripts = loadPageScripts(pageScriptsDir(import.meta.dirname));

// Pages are static per deployment: render once per container, then adjust links to the mount prefix.
const pages = {
  home: renderHome(),
  getStarted: renderGetStarted({ scriptSrc: scripts.src('get-started') }),
  login: renderLogin({ scriptSrc: scripts.src('login') }),
  admin: renderAdmin({ scopes: SCOPES, scriptSrc: scripts.src('admin') }),
};

export const handler = createApiHandler(webGroup, {
  health: async () => ({ status: 'ok' }),
  home: async ({ basePath }) => withBasePath(pages.home, basePath),
  getStarted: async ({ basePath }) => withBasePath(pages.getStarted, basePath),
  login: async ({ basePath }) => withBasePath(pages.login, basePath),
  admin: async ({ basePath }) => withBasePath(pages.admin, basePath),
  asset: async ({ params }) => {
    const body = scripts.body(params.name);
    if (body === undefined) throw new NotFound('No such page script');
    return body;
  },
});
