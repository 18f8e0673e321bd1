import { defineGroup, page, route } from '../http/route';
import { SCOPES } from '../kernel/scopes';
import * as system from '../modules/system/operations';
import { withBasePath } from '../web/base-path';
import { renderAdmin, renderGetStarted, renderHome, renderLogin } from '../web/pages';

/** Pages are static per deployment: rendered once per container, then given the mount prefix. */
function once(render: () => string): (basePath: string) => string {
  let html: string | undefined;
  return (basePath) => withBasePath((html ??= render()), basePath);
}

export const webGroup = defineGroup({
  name: 'web',
  description: 'Product pages and the health check',
  memoryMb: 256,
  timeoutSeconds: 5,
  permissions: { table: 'none' },
  routes: [
    route(system.health, { method: 'GET', path: '/health', tag: 'System' }),
    page({
      name: 'home',
      path: '/',
      tag: 'Pages',
      summary: 'Landing page',
      render: once(renderHome),
    }),
    page({
      name: 'getStarted',
      path: '/get-started',
      tag: 'Pages',
      summary: 'Hospital registration page',
      render: once(renderGetStarted),
    }),
    page({
      name: 'login',
      path: '/login',
      tag: 'Pages',
      summary: 'Sign-in page',
      render: once(renderLogin),
    }),
    page({
      name: 'admin',
      path: '/admin',
      tag: 'Pages',
      summary: 'Administration dashboard',
      render: once(() => renderAdmin({ scopes: SCOPES })),
    }),
  ],
});
